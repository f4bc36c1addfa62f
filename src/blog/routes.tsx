import { redirect, type RouteObject } from 'react-router';
import type { Guard } from '../app/guards/guardLoader';
import { learnToBlog } from '../core/blog';

export const BLOG_PATHS = { list: '/blog/', tagged: '/blog/tagged/:tag?/', learn: '/learn/*' } as const;

/**
 * The journal as lazy routes: the list of posts (with the store team's tools to create and edit them) and the
 * list by tag. Posts themselves are store pages at /blog/{post}/; /learn/* is the journal's old address.
 */
export function blogRoutes(guard: Guard): RouteObject[] {
  const list = async () => ({ Component: (await import('./BlogListScreen')).BlogListScreen });
  return [
    { id: 'blog:list', path: BLOG_PATHS.list, loader: guard({ storefront: true }), lazy: list, handle: { layout: 'standard' } },
    { id: 'blog:tagged', path: BLOG_PATHS.tagged, loader: guard({ storefront: true }), lazy: list, handle: { layout: 'standard' } },
    {
      id: 'blog:learn',
      path: BLOG_PATHS.learn,
      loader: ({ request }) => {
        const url = new URL(request.url);
        return redirect(`${learnToBlog(url.pathname)}${url.search}`);
      },
    },
  ];
}
