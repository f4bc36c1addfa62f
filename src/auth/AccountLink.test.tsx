// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { AccountLink } from './AccountLink';
import { session } from './session';
import { json, mockFetch, renderScreen, user } from './testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('header account link', () => {
  it('offers "Sign in" → /login/ to visitors, without asking the server when this browser never signed in', () => {
    session.set(null);
    const calls = mockFetch(() => json({}, 401));
    renderScreen(<AccountLink />);
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/login/');
    expect(calls).toHaveLength(0);
  });

  it('shows the first name and links to /dashboard/ once signed in', () => {
    session.set(user());
    renderScreen(<AccountLink />);
    const link = screen.getByRole('link', { name: 'Your account, Ada' });
    expect(link.getAttribute('href')).toBe('/dashboard/');
    expect(link.textContent).toBe('Ada');
  });

  it('a shopper without a store goes to their account page', () => {
    session.set(user({ stores: [] }));
    renderScreen(<AccountLink />);
    expect(screen.getByRole('link', { name: 'Your account, Ada' }).getAttribute('href')).toBe('/account/security/');
  });
});
