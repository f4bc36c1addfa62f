import { createBrowserRouter, type RouteObject } from 'react-router';
import type { StoreCoreData } from '../core/storeData';
import { normalisePath } from '../core/routes';
import { authRoutes } from '../auth/routes';
import { commerceRoutes } from '../commerce/routes';
import { editorRoutes } from '../editor/routes';
import { dashboardRoutes } from '../dashboard/routes';
import { atlasRoutes } from '../atlas/routes';
import { studioRoutes } from '../studio/routes';
import { blogRoutes } from '../blog/routes';
import { helpRoutes } from '../help/routes';
import { infoRoutes } from '../info/routes';
import { HELP_URL } from '../core/help';
import { AppLayout } from './AppLayout';
import { StorePage } from './StorePage';
import { NOT_FOUND_URL, notFoundLoader, storePageLoader } from './pageLoader';
import { createGuard, type GuardEnv } from './guards/guardLoader';
import { accessForPage } from './guards/pageAccess';
import { redirectCounter } from './guards/redirectCounter';

/**
 * §2.2: every store page becomes a route from its url; unknown paths show the /404/ page. The account screens
 * are lazy routes beside them. §2.3: every route's loader runs its guards first.
 */
export function storeRoutes(data: StoreCoreData, env: Omit<GuardEnv, 'store'> = {}): RouteObject[] {
  const divisionId = data.state.subdomain.division.id;
  const guard = createGuard({ ...env, store: data });
  const notFoundPage = data.pages.find((p) => normalisePath(p.url) === NOT_FOUND_URL);
  const helpPage = data.pages.find((p) => normalisePath(p.url) === HELP_URL);
  const pageRoutes: RouteObject[] = data.pages
    // The help centre's page is drawn by the help screens (groups, questions, search), not as a plain page.
    .filter((p) => p.url !== NOT_FOUND_URL && p.url !== HELP_URL)
    .map((page) => ({
      id: `page:${page.name}`,
      path: page.url,
      loader: guard(accessForPage(page), storePageLoader(divisionId, page)),
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
        ...authRoutes(guard),
        ...commerceRoutes(guard),
        ...studioRoutes(guard),
        ...editorRoutes(guard),
        ...dashboardRoutes(guard),
        ...atlasRoutes(guard, env.session),
        ...blogRoutes(guard),
        ...helpRoutes(guard, storePageLoader(divisionId, helpPage)),
        ...infoRoutes(guard),
        {
          id: 'not-found',
          path: '*',
          loader: guard(notFoundPage ? accessForPage(notFoundPage) : { storefront: true }, notFoundLoader(divisionId, notFoundPage)),
          Component: StorePage,
          handle: { layout: notFoundPage?.layout ?? 'standard' },
        },
      ],
    },
  ];
}

export function createStoreRouter(data: StoreCoreData) {
  const router = createBrowserRouter(storeRoutes(data));
  // §2.3 access loop: the run of guard redirects ends when a navigation settles on a route that renders.
  router.subscribe((state) => {
    if (state.navigation.state === 'idle' && state.initialized) redirectCounter.reset();
  });
  return router;
}
