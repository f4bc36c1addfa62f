import type { RouteObject } from 'react-router';
import type { Guard } from '../app/guards/guardLoader';

/** §2.2 /sitemap/ (an HTML sitemap, search layout), /creator/{urlName}/, /plugins/{code} and /store-under-review/ (blank layout). */
export function infoRoutes(guard: Guard): RouteObject[] {
  return [
    { id: 'info:sitemap', path: '/sitemap/', loader: guard({ storefront: true }), lazy: async () => ({ Component: (await import('./SitemapScreen')).SitemapScreen }), handle: { layout: 'search' } },
    { id: 'info:creator', path: '/creator/:urlName/', loader: guard({ storefront: true }), lazy: async () => ({ Component: (await import('./CreatorScreen')).CreatorScreen }), handle: { layout: 'standard' } },
    { id: 'info:plugin', path: '/plugins/:code', loader: guard({ storefront: true }), lazy: async () => ({ Component: (await import('./PluginScreen')).PluginScreen }), handle: { layout: 'standard' } },
    { id: 'info:under-review', path: '/store-under-review/', loader: guard({}), lazy: async () => ({ Component: (await import('./UnderReviewScreen')).UnderReviewScreen }), handle: { layout: 'blank' } },
  ];
}
