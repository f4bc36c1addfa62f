import { expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { storeRoutes } from './createStoreRouter';
import { APP_ROUTE_PATTERNS } from '../core/appRoutes';
import { testStore } from '../auth/testing';

const paths = (routes: RouteObject[]): string[] => routes.flatMap((r) => [...(r.path ? [r.path] : []), ...paths(r.children ?? [])]);

it('the server’s list of app addresses is exactly the router’s table (besides store pages and the catch-all)', () => {
  const store = testStore({ pages: [] });
  const routed = paths(storeRoutes(store)).filter((p) => p !== '*');
  expect([...new Set(routed)].sort()).toEqual([...APP_ROUTE_PATTERNS].sort());
});
