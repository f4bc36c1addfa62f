// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';
import { ANONYMOUS_VISITOR, GATE_LOGIN_HREF, GATE_REQUIREMENTS, meetsRequirement } from './gate';

afterEach(cleanup);

describe('gate', () => {
  it('knows the §6 gates', () => {
    expect(Object.keys(GATE_REQUIREMENTS)).toEqual(['isLoggedIn', 'isVerified', 'hasSignEula', 'isPro', 'hasStore', 'isInternalUser']);
  });

  it('shows an anonymous visitor the locked state, the requirement and its call to action', async () => {
    expect(meetsRequirement('isPro', ANONYMOUS_VISITOR)).toBe(false);
    await renderBlock('gate', { copy: '<p>Analytics are a Pro feature.</p>', action: { text: 'Upgrade', href: '/plugins/pro' } });
    expect(screen.getByRole('heading', { name: 'Upgrade to unlock' })).toBeTruthy();
    expect(screen.getByText('Requires: Pro plan')).toBeTruthy();
    expect(screen.getByText('Analytics are a Pro feature.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/plugins/pro');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(GATE_LOGIN_HREF);
  });

  it('§5.2 hides the default action, which has text but no link', async () => {
    await renderBlock('gate', {});
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });

  it('a login gate offers logging in when no action is configured', async () => {
    await renderBlock('gate', { requirement: 'isLoggedIn', action: { text: '' } });
    expect(screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Log in', GATE_LOGIN_HREF]]);
  });

  it('blurs the backdrop unless told not to', async () => {
    await renderBlock('gate', {});
    expect(document.querySelector('.gate--blur')).not.toBeNull();
    cleanup();
    await renderBlock('gate', { blur: false });
    expect(document.querySelector('.gate--blur')).toBeNull();
  });
});
