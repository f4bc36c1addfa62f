// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { StoreContext } from '../app/StoreContext';
import { storeRoutes } from '../app/createStoreRouter';
import { createRedirectCounter } from '../app/guards/redirectCounter';
import { createSessionStore, session as appSession, type SessionUser } from '../auth/session';
import { json, mockFetch, testStore, user } from '../auth/testing';
import { atlasRoutes } from './routes';
import { ATLAS_PATHS } from './paths';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The test store plus what the tool layout's announcement and header read. */
function toolStore() {
  const store = testStore();
  Object.assign(store.state.subdomain, { sitewideBanner: { enabled: false, text: '' } });
  return store;
}

const staff = user({ id: 2, email: 'staff@pod.example', firstName: 'Sam', internal: true, stores: [] });

async function visit(path: string, who: SessionUser | null) {
  mockFetch((call) =>
    call.url.includes('/atlas/permissions/requests/')
      ? json({ data: [] })
      : call.url.includes('/atlas/orders/')
        ? json({ data: [], total: 0, page: 1, perPage: 50, lastPage: 1 })
        : json({ message: 'Not found' }, 404),
  );
  const session = createSessionStore({ fetchUser: async () => who, storage: null });
  appSession.set(who);
  const store = toolStore();
  const router = createMemoryRouter(storeRoutes(store, { session, counter: createRedirectCounter() }), { initialEntries: [path] });
  let container!: HTMLElement;
  await act(async () => {
    container = render(
      <StoreContext.Provider value={store}>
        <RouterProvider router={router} />
      </StoreContext.Provider>,
    ).container;
  });
  await waitFor(() => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true), { timeout: 5000 });
  const { pathname, search } = router.state.location;
  return { at: pathname + search, container };
}

describe('atlas routes', () => {
  it('anonymous visitors go to /login/ with redirect_uri', async () => {
    expect((await visit('/atlas/', null)).at).toBe('/login/?redirect_uri=%2Fatlas%2F');
    expect((await visit('/atlas/users/?search=ada', null)).at).toBe('/login/?redirect_uri=%2Fatlas%2Fusers%2F%3Fsearch%3Dada');
  });

  it('signed-in users who are not staff land on the 403 page', async () => {
    expect((await visit('/atlas/', user())).at).toBe('/403/');
    expect(await screen.findByRole('heading', { name: "You don't have access to this page" })).toBeTruthy();
    cleanup();
    expect((await visit('/atlas/outbox/', user({ stores: [] }))).at).toBe('/403/');
  });

  it('staff: /atlas/ redirects to the order queue, in the atlas layout (no storefront header) with the atlas navigation', async () => {
    const { at, container } = await visit('/atlas/', staff);
    expect(at).toBe('/atlas/orders/');
    expect(await screen.findByRole('heading', { name: 'Orders', level: 1 })).toBeTruthy();
    expect(container.querySelector('.app--atlas')).not.toBeNull();
    expect(container.querySelector('header.header, .app-header')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Atlas' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Orders');
    expect(await screen.findByText('No orders match these filters.')).toBeTruthy();
    cleanup();
    await visit('/atlas/permissions/', staff);
    expect(await screen.findByText('No permission requests yet.')).toBeTruthy();
  });

  it('every atlas route is lazy and guarded (no screen code in the route table)', () => {
    const guard = vi.fn(() => async () => null);
    const [layout] = atlasRoutes(guard as never);
    expect(layout!.handle).toEqual({ layout: 'atlas' });
    expect(typeof layout!.lazy).toBe('function');
    expect(layout!.Component).toBeUndefined();
    const paths = layout!.children!.map((r) => r.path);
    expect(paths).toEqual([
      ATLAS_PATHS.home,
      ATLAS_PATHS.orders,
      '/atlas/orders/:orderId/',
      ATLAS_PATHS.quotes,
      '/atlas/quotes/:quoteId/',
      ATLAS_PATHS.production,
      ATLAS_PATHS.picking,
      ATLAS_PATHS.permissions,
      ATLAS_PATHS.outbox,
      ATLAS_PATHS.users,
      ATLAS_PATHS.chat,
    ]);
    for (const child of layout!.children!) expect(child.loader).toBeTypeOf('function');
    expect(guard).toHaveBeenCalledTimes(11);
    for (const call of guard.mock.calls as unknown as [unknown][]) expect(call[0]).toEqual({ loginState: 'logged-in' });
  });
});
