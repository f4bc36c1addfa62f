// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { StoreContext } from './StoreContext';
import { AppLayout, SCROLL_TO_TOP_DELAY_MS } from './AppLayout';
import { session } from '../auth/session';
import { testStore, user } from '../auth/testing';

const drawn = vi.hoisted(() => ({ footer: 0, notifications: 0 }));
// The regions stand in for themselves: what is counted is how often the layout draws them.
vi.mock('./regions/Announcement', () => ({ Announcement: () => null }));
vi.mock('./regions/Header', () => ({ Header: () => <header /> }));
vi.mock('./regions/Footer', () => ({
  Footer: () => {
    drawn.footer += 1;
    return <footer />;
  },
}));
vi.mock('./notifications/NotificationCenter', () => ({
  NotificationCenter: () => {
    drawn.notifications += 1;
    return <aside aria-label="Notifications" />;
  },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AppLayout', () => {
  it('learning who the visitor is redraws the notification centre, not the layout and its regions', async () => {
    // Nothing to fetch in this test: the page view event and the notification centre's requests go nowhere.
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const store = testStore();
    const router = createMemoryRouter([{ path: '/', element: <AppLayout />, handle: { layout: 'standard' }, children: [{ index: true, element: <p>Page</p> }] }], { initialEntries: ['/'] });
    await act(async () => {
      render(
        <StoreContext.Provider value={store}>
          <RouterProvider router={router} />
        </StoreContext.Provider>,
      );
    });
    const footers = drawn.footer;
    expect(footers).toBeGreaterThan(0);
    expect(drawn.notifications).toBe(0);

    await act(async () => session.set(user()));
    await vi.waitFor(() => expect(drawn.notifications).toBeGreaterThan(0));
    expect(drawn.footer).toBe(footers);

    await act(async () => session.set(null));
    expect(drawn.footer).toBe(footers);
  });

  it('the first page keeps its place (the visitor may have scrolled the drawn page); a route change scrolls to the top after 300 ms (§2.3) unless the visitor is already using the page', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    vi.useFakeTimers();
    try {
      const children = [{ index: true, element: <p>Home</p> }, { path: 'about', element: <p>About</p> }];
      const router = createMemoryRouter([{ path: '/', element: <AppLayout />, handle: { layout: 'standard' }, children }], { initialEntries: ['/'] });
      await act(async () => {
        render(
          <StoreContext.Provider value={testStore()}>
            <RouterProvider router={router} />
          </StoreContext.Provider>,
        );
      });
      await act(async () => vi.advanceTimersByTime(SCROLL_TO_TOP_DELAY_MS * 2));
      expect(scrollTo).not.toHaveBeenCalled();

      await act(async () => router.navigate('/about'));
      await act(async () => vi.advanceTimersByTime(SCROLL_TO_TOP_DELAY_MS - 1));
      expect(scrollTo).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTime(1));
      expect(scrollTo).toHaveBeenCalledWith(0, 0);

      // Back on the first address: a route change like any other.
      await act(async () => router.navigate('/'));
      await act(async () => vi.advanceTimersByTime(SCROLL_TO_TOP_DELAY_MS));
      expect(scrollTo).toHaveBeenCalledTimes(2);

      // A visitor who starts using the new page before then (here a tap) keeps it where it is.
      await act(async () => router.navigate('/about'));
      window.dispatchEvent(new Event('pointerdown'));
      await act(async () => vi.advanceTimersByTime(SCROLL_TO_TOP_DELAY_MS * 2));
      expect(scrollTo).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
