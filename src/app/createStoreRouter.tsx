import { createBrowserRouter, type RouteObject } from 'react-router';
import type { StoreCoreData } from '../core/storeData';
import { normalisePath } from '../core/routes';
import { AppLayout } from './AppLayout';
import { StorePage } from './StorePage';
import { NOT_FOUND_URL, notFoundLoader, storePageLoader } from './pageLoader';

/** §2.2: every store page becomes a route from its url; unknown paths show the /404/ page. */
export function storeRoutes(data: StoreCoreData): RouteObject[] {
  const divisionId = data.state.subdomain.division.id;
  const notFoundPage = data.pages.find((p) => normalisePath(p.url) === NOT_FOUND_URL);
  const pageRoutes: RouteObject[] = data.pages
    .filter((p) => p.url !== NOT_FOUND_URL)
    .map((page) => ({
      id: `page:${page.name}`,
      path: page.url,
      loader: storePageLoader(divisionId, page),
      Component: StorePage,
      handle: { layout: page.layout },
    }));
  return [
    {
      id: 'root',
      Component: AppLayout,
      HydrateFallback: () => null,
      children: [
        ...pageRoutes,
        { id: 'not-found', path: '*', loader: notFoundLoader(divisionId, notFoundPage), Component: StorePage, handle: { layout: notFoundPage?.layout ?? 'standard' } },
      ],
    },
  ];
}

export const createStoreRouter = (data: StoreCoreData) => createBrowserRouter(storeRoutes(data));
