// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';
import { renderWithStore, testStore } from './content/testing';
import { STORE_LOGIN_HREF, timeLeft } from './storeHidden';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('storeHidden', () => {
  it('shows shoppers the coming-soon content while the store is coming soon', async () => {
    await renderWithStore('storeHidden', {}, testStore({ comingSoon: true }));
    expect(screen.getByRole('heading', { name: 'Coming soon' })).toBeTruthy();
    expect(screen.getByText('We are getting ready. Check back soon.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(STORE_LOGIN_HREF);
  });

  it('shows while the store is password protected', async () => {
    await renderWithStore('storeHidden', { title: 'Members only', showLogin: false }, testStore({ passwordProtected: true }));
    expect(screen.getByRole('heading', { name: 'Members only' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('is hidden from shoppers of an open store, but shown in the builder with a note', async () => {
    await renderWithStore('storeHidden', {}, testStore());
    expect(screen.queryByRole('heading')).toBeNull();
    cleanup();
    await renderWithStore('storeHidden', {}, testStore(), 'preview');
    expect(screen.getByRole('heading', { name: 'Coming soon' })).toBeTruthy();
    expect(screen.getByText('Shown only while the store is password protected or coming soon.')).toBeTruthy();
  });

  it('counts down to the launch every second and stops at zero', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    await renderBlock('storeHidden', { launchAt: '2030-01-02T01:01:03Z' });
    const values = () => [...document.querySelectorAll('.store-hidden__value')].map((n) => n.textContent);
    expect(values()).toEqual(['01', '01', '01', '03']);
    act(() => vi.advanceTimersByTime(1000));
    expect(values()).toEqual(['01', '01', '01', '02']);
    expect(screen.getByRole('timer')).toBeTruthy();
    vi.setSystemTime(new Date('2030-01-02T01:01:03Z'));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('timeLeft splits the remaining time', () => {
    expect(timeLeft(90_061_000, 0)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(timeLeft(0, 1)).toBeNull();
  });
});
