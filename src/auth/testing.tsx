// Test-only helpers for the account screens and guards (imported by *.test.tsx only, never shipped).
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { StoreContext } from '../app/StoreContext';
import type { StoreCoreData } from '../core/storeData';
import type { SessionUser } from './session';

export const DIVISION_ID = 7;

export function testStore(over: { passwordProtected?: boolean; comingSoon?: boolean; active?: boolean; pages?: StoreCoreData['pages'] } = {}): StoreCoreData {
  return {
    pages: over.pages ?? [],
    state: {
      splitTest: {},
      subdomain: {
        isPro: false,
        passwordProtected: over.passwordProtected ?? false,
        comingSoonPageData: { enabled: over.comingSoon ?? false },
        division: { id: DIVISION_ID, name: 'Fern & Thread', code: 'fern' },
        customDomainName: null,
        theme: { name: 'naked', properties: {}, variables: {}, fonts: [] },
        cart: { items: [] },
        favourites: { items: [] },
      },
      company: { name: 'Fern & Thread', logo: null },
      store: { active: over.active ?? true, pro: false },
      mainMenu: [],
    },
  } as unknown as StoreCoreData;
}

export function user(over: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    internal: false,
    verified: true,
    signedEula: true,
    twoFactorEnabled: false,
    mutedAt: null,
    status: 0,
    stores: [{ divisionId: DIVISION_ID, role: 'owner', permissions: [] }],
    confirmedAt: null,
    permissions: [],
    projectRequires2fa: false,
    force2fa: false,
    ...over,
  };
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface FetchCall {
  url: string;
  method: string;
  body: unknown;
}

/** Replaces fetch with a handler of (url, method, parsed body); returns the list of calls made. */
export function mockFetch(handler: (call: FetchCall) => Response | Promise<Response>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { url: String(input), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

/** Renders routes at a path inside the store context; returns the router to inspect the location. */
export async function renderRoutes(routes: RouteObject[], path: string, store: StoreCoreData = testStore()) {
  const router = createMemoryRouter(
    [
      {
        id: 'test-root',
        element: (
          <StoreContext.Provider value={store}>
            <Outlet />
          </StoreContext.Provider>
        ),
        children: routes,
      },
    ],
    { initialEntries: [path] },
  );
  let result!: RenderResult;
  await act(async () => {
    result = render(<RouterProvider router={router} />);
  });
  return { ...result, router };
}

/** Renders one screen at a path (with a catch-all that names where navigation went). */
export function renderScreen(element: ReactElement, path = '/', store: StoreCoreData = testStore()) {
  const router = createMemoryRouter(
    [
      {
        id: 'test-root',
        element: (
          <StoreContext.Provider value={store}>
            <Outlet />
          </StoreContext.Provider>
        ),
        children: [
          { path: path.split('?')[0], element },
          { path: '*', element: <p data-testid="went">went</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return { ...render(<RouterProvider router={router} />), router };
}

