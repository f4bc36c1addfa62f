/**
 * §2.2: the addresses the storefront app answers besides the store's own pages, as router patterns
 * (`:name` a segment, `:name?` an optional one, `*` the rest). The server reads this list to answer an
 * unknown address with HTTP 404 while the app shows the not-found screen; a test keeps it equal to the
 * router's table.
 */
export const APP_ROUTE_PATTERNS: readonly string[] = [
  // account
  '/login/',
  '/login/link/',
  '/sign-up/',
  '/sign-up/verify/',
  '/sign-up/eula/',
  '/forgot-password/',
  '/reset-password/',
  '/account/security/',
  '/dashboard/',
  '/countdown/',
  '/subscription-verified',
  '/403/',
  // commerce
  '/collection/:collection/',
  '/product/:product/:colour?/',
  '/search/',
  '/basket/',
  '/favourites/',
  '/checkout/',
  '/pay/:order/',
  '/receipt/:orderHash',
  '/invoice/:orderHash',
  '/order-history/:customerHash?',
  '/returns/:orderHash?',
  '/edit-order/:orderHash?',
  '/update-address/:orderHash?',
  '/get-a-quote/',
  '/advanced-quote/:order?/',
  // studio (src/studio/paths.ts)
  '/studio/:customiseItUrl?/',
  '/design-your-own-t-shirt/',
  '/custom-printed-t-shirts/',
  '/custom-printed-hoodies/',
  '/custom-printed-sweaters/',
  '/custom-printed-tote-bags/',
  '/custom-printed-stickers/',
  '/custom-printed-art-prints/',
  '/custom/',
  // builder
  '/dashboard/pages/',
  '/dashboard/pages/:pageId/edit',
  // dashboard
  '/dashboard/orders/',
  '/dashboard/shipping/',
  '/dashboard/settings/',
  '/dashboard/products/',
  '/dashboard/products/new/',
  '/dashboard/stores/',
  '/dashboard/customers/',
  '/dashboard/projects/',
  '/dashboard/manufacturers/',
  '/dashboard/collections/',
  '/marketing-tools/notifications/builder',
  // atlas
  '/atlas/',
  '/atlas/orders/',
  '/atlas/orders/:orderId/',
  '/atlas/quotes/',
  '/atlas/quotes/:quoteId/',
  '/atlas/production/',
  '/atlas/picking/',
  '/atlas/permissions/',
  '/atlas/outbox/',
  '/atlas/users/',
  '/atlas/chat/',
  // journal (posts are store pages)
  '/blog/',
  '/blog/tagged/:tag?/',
  '/learn/*',
  // help centre (its content is the store's /help/ page)
  '/help/',
  '/help/:questionName/',
  '/help/reason/:reasonName?/',
  '/help/question/:questionName?/',
  '/help/group/:groupCode?/',
  // information
  '/sitemap/',
  '/store-under-review/',
  '/creator/:urlName/',
  '/plugins/:code',
];

const segments = (path: string) => path.split('/').filter((s) => s !== '');

/** Whether `path` matches a router pattern, as react-router matches it (trailing slash and case ignored). */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = segments(pattern);
  const got = segments(path.split(/[?#]/)[0] ?? '/');
  let i = 0;
  for (const part of want) {
    if (part === '*') return true;
    const value = got[i];
    if (part.startsWith(':')) {
      if (value === undefined) {
        if (part.endsWith('?')) continue;
        return false;
      }
      i += 1;
      continue;
    }
    if (value === undefined || value.toLowerCase() !== part.toLowerCase()) return false;
    i += 1;
  }
  return i === got.length;
}

export const isAppRoute = (path: string, patterns: readonly string[] = APP_ROUTE_PATTERNS): boolean =>
  patterns.some((pattern) => matchesPattern(pattern, path));

/**
 * The HTTP status of a storefront address: 200 for a store page or an app screen, 404 for anything else
 * and for the not-found page itself, so crawlers drop dead addresses while visitors see the not-found screen.
 */
export function statusOfAddress(path: string, isStorePage: boolean): 200 | 404 {
  const bare = path.split(/[?#]/)[0] ?? '/';
  if (segments(bare).join('/') === '404') return 404;
  return isStorePage || isAppRoute(bare) ? 200 : 404;
}
