// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { StoreContext } from '../StoreContext';
import { storeRoutes } from '../createStoreRouter';
import { createSessionStore, session as appSession, type SessionUser } from '../../auth/session';
import { testStore, user } from '../../auth/testing';
import { createRedirectCounter } from './redirectCounter';
import type { PageRoute } from '../../core/storeData';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const aboutPage = { id: 2, url: '/about/', name: 'about', layout: 'standard', title: 'About', description: '', loginState: 'everyone', storefront: true, isSearchable: true, searchIcon: null, sitemap: true, published: true, homepage: false } as PageRoute;

/** Visits a path in the real route table; returns where the guards left the visitor. */
async function visit(path: string, who: SessionUser | null, store = testStore({ pages: [aboutPage] })) {
  const session = createSessionStore({ fetchUser: async () => who, storage: null });
  if (who) appSession.set(who);
  else appSession.set(null);
  const router = createMemoryRouter(storeRoutes(store, { session, counter: createRedirectCounter() }), { initialEntries: [path] });
  await act(async () => {
    render(
      <StoreContext.Provider value={store}>
        <RouterProvider router={router} />
      </StoreContext.Provider>,
    );
  });
  await waitFor(() => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true), { timeout: 5000 });
  const { pathname, search } = router.state.location;
  return pathname + search;
}

describe('§2.3 redirects in the route table', () => {
  it('anonymous /dashboard/ → /login/?redirect_uri=%2Fdashboard%2F, and the lazy sign-in screen renders', async () => {
    expect(await visit('/dashboard/', null)).toBe('/login/?redirect_uri=%2Fdashboard%2F');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });
  it('logged-in /login/ → /dashboard/', async () => {
    expect(await visit('/login/', user())).toBe('/dashboard/');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    // The owner's store, with a way to view it and its pages.
    expect(screen.getByRole('heading', { name: 'Fern & Thread' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View store' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about/');
  });
  it('unverified → /sign-up/verify/; EULA unsigned → /sign-up/eula/', async () => {
    expect(await visit('/dashboard/', user({ verified: false, signedEula: false }))).toBe('/sign-up/verify/');
    cleanup();
    expect(await visit('/dashboard/', user({ signedEula: false }))).toBe('/sign-up/eula/');
    cleanup();
    expect(await visit('/sign-up/eula/', user({ verified: false, signedEula: false }))).toBe('/sign-up/verify/');
  });
  it('a signed-in shopper without a store gets the 403 page', async () => {
    expect(await visit('/dashboard/', user({ stores: [] }))).toBe('/403/');
    expect(await screen.findByRole('heading', { name: "You don't have access to this page" })).toBeTruthy();
  });
  it('password-protected store pages → /login/, coming soon → /countdown/', async () => {
    expect(await visit('/about/', null, testStore({ pages: [aboutPage], passwordProtected: true }))).toBe('/login/');
    cleanup();
    expect(await visit('/about/', null, testStore({ pages: [aboutPage], comingSoon: true }))).toBe('/countdown/');
    expect(await screen.findByRole('heading', { name: 'Coming soon' })).toBeTruthy();
  });
  it('a verification link works without signing in', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    expect(await visit('/sign-up/verify/?token=abc', null)).toBe('/sign-up/verify/?token=abc');
    expect(await visit('/sign-up/verify/', null)).toBe('/login/?redirect_uri=%2Fsign-up%2Fverify%2F');
  });
});
