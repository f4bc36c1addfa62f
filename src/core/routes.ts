/** §2.2 dynamic page routes. */

export const HOME_ROUTE = 'home';

/** Route name of a page url: root is home; otherwise the url without leading and trailing slashes, first inner slash → dot. */
export function routeNameOf(url: string): string {
  const trimmed = url.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? HOME_ROUTE : trimmed.replace('/', '.');
}

/** The canonical form of a path for matching pages: leading and trailing slash, lower case, no query. */
export function normalisePath(path: string): string {
  const bare = (path.split(/[?#]/)[0] ?? '/').toLowerCase();
  const trimmed = bare.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/** §2.2 document title: "{page title} | {company name}", prefixed "({n}) " with unread notifications. */
export function documentTitle(pageTitle: string, companyName: string, unread = 0): string {
  const base = pageTitle ? `${pageTitle} | ${companyName}` : companyName;
  return unread > 0 ? `(${unread}) ${base}` : base;
}
