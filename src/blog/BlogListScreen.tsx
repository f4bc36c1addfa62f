import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useStore } from '../app/StoreContext';
import { documentTitle } from '../core/routes';
import { BLOG_URL, blogPostUrl, blogTagUrl } from '../core/blog';
import { hasPermissions } from '../core/access';
import { useSession } from '../auth/session';
import type { BlogPostSummary, Paginated } from '../core/catalogue';
import { useApiData } from '../../blocks/commerce/useApiData';
import { EmptyState, ErrorState, LOAD_ERROR, SkeletonGrid } from '../../blocks/commerce/states';
import { BlockImage } from '../renderer/BlockImage';
import { Breadcrumbs } from '../app/Breadcrumbs';
import './blog.css';
import { formatDay } from '../core/dates';

/** Posts per page of the journal. */
export const BLOG_PAGE_SIZE = 9;
export const BLOG_EMPTY = 'No posts yet. Check back soon.';

const BlogManager = lazy(() => import('./BlogManager'));

/** /blog/ and /blog/tagged/{tag}/ (§2.2): the store's posts, newest first, a page at a time; the team's tools on top. */
export function BlogListScreen() {
  const { tag } = useParams();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { state } = useStore();
  const divisionId = state.subdomain.division.id;
  const { user } = useSession();
  const canManage = !tag && hasPermissions(user, ['pages'], divisionId);
  const title = tag ? `Posts tagged “${tag}”` : 'Journal';
  const query = new URLSearchParams({ paginate: String(BLOG_PAGE_SIZE), divisions: String(divisionId), lite: '1', page: String(page) });
  if (tag) query.set('tag', tag);
  const posts = useApiData<Paginated<BlogPostSummary>>(`/omnis/v3/blog/paginate/?${query}`);

  useEffect(() => {
    document.title = documentTitle(title, state.company.name);
  }, [title, state.company.name]);

  const here = tag ? blogTagUrl(tag) : BLOG_URL;
  let body;
  if (posts.status === 'loading') body = <SkeletonGrid className="commerce-grid blog-list__grid" count={3} ratio={0.75} label="Loading posts" />;
  else if (posts.status === 'error') body = <ErrorState message={LOAD_ERROR} onRetry={posts.retry} />;
  else if (posts.data.data.length === 0) body = <EmptyState>{BLOG_EMPTY}</EmptyState>;
  else
    body = (
      <>
        <ul className="blog-list__grid">
          {posts.data.data.map((post) => (
            <li key={post.id}>
              <article className="blog-card">
                {post.metaImage && (
                  <Link to={blogPostUrl(post.url)} className="blog-card__media" tabIndex={-1} aria-hidden="true">
                    <BlockImage className="blog-card__image" image={{ src: post.metaImage.banner, alt: '' }} sizes="(min-width: 768px) 33vw, 100vw" />
                  </Link>
                )}
                <time className="blog-card__date" dateTime={post.publishedAt}>
                  {formatDay(new Date(post.publishedAt))}
                </time>
                <h2 className="blog-card__title">
                  <Link to={blogPostUrl(post.url)}>{post.title}</Link>
                </h2>
                {post.excerpt && <p className="blog-card__excerpt">{post.excerpt}</p>}
                {post.tags.length > 0 && (
                  <ul className="blog-card__tags" aria-label="Tags">
                    {post.tags.map((t) => (
                      <li key={t}>
                        <Link to={blogTagUrl(t)}>{t}</Link>
                      </li>
                    ))}
                  </ul>
                )}
              </article>
            </li>
          ))}
        </ul>
        {posts.data.lastPage > 1 && (
          <nav className="blog-list__pages" aria-label="Pages">
            {page > 1 && <Link to={`${here}?page=${page - 1}`}>← Newer posts</Link>}
            <span>
              Page {page} of {posts.data.lastPage}
            </span>
            {page < posts.data.lastPage && <Link to={`${here}?page=${page + 1}`}>Older posts →</Link>}
          </nav>
        )}
      </>
    );

  return (
    <div className="blog-list">
      <Breadcrumbs items={[{ type: 'page', text: 'Home', href: '/' }, { type: 'page', text: 'Journal', href: BLOG_URL }, ...(tag ? [{ type: 'blog-tag' as const, text: tag, href: here }] : [])]} />
      <h1 className="blog-list__title">{title}</h1>
      {canManage && (
        <Suspense fallback={null}>
          <BlogManager divisionId={divisionId} />
        </Suspense>
      )}
      {body}
    </div>
  );
}
