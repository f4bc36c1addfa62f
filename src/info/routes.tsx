import type { RouteObject } from 'react-router';
import type { Guard } from '../app/guards/guardLoader';

/** §2.2 /sitemap/ (an HTML sitemap, search layout) and /store-under-review/ (blank layout). */
export function infoRoutes(guard: Guard): RouteObject[] {
  return [
    { id: 'info:sitemap', path: '/sitemap/', loader: guard({ storefront: true }), lazy: async () => ({ Component: (await import('./SitemapScreen')).SitemapScreen }), handle: { layout: 'search' } },
    { id: 'info:under-review', path: '/store-under-review/', loader: guard({}), lazy: async () => ({ Component: (await import('./UnderReviewScreen')).UnderReviewScreen }), handle: { layout: 'blank' } },
  ];
}
