/** §2.1 breadcrumb types. */
export type BreadcrumbType = 'page' | 'url-param' | 'collection' | 'product' | 'blog-post' | 'blog-tag' | 'plugin';

export interface Breadcrumb {
  type: BreadcrumbType;
  text: string;
  href: string;
}

export const HOME_CRUMB: Breadcrumb = { type: 'page', text: 'Home', href: '/' };

/** The trail of a store page: home, then for a post under /blog/ the journal, then the page itself. */
export function pageTrail(page: { url: string; title: string; homepage: boolean }): Breadcrumb[] {
  if (page.homepage || page.url === '/') return [];
  const isPost = /^\/blog\/[^/]+\/$/.test(page.url) && !page.url.startsWith('/blog/tagged/');
  return [HOME_CRUMB, ...(isPost ? [{ type: 'page' as const, text: 'Journal', href: '/blog/' }] : []), { type: isPost ? 'blog-post' : 'page', text: page.title, href: page.url }];
}
