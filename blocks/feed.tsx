import type { BlockProps } from '../src/renderer/types';
import type { FeedProperties } from '../src/core/generated/blockProperties';
import { RATIOS } from '../src/renderer/style';
import { BlockImage } from '../src/renderer/BlockImage';
import { SafeLink } from '../src/renderer/SafeLink';
import { blogHref, catalogueApi, type BlogPostSummary, type Paginated } from './commerce/catalogueApi';
import { useApiData } from './commerce/useApiData';
import { useDivisionId } from './commerce/store';
import { gridColumns } from './commerce/ProductCard';
import { SectionHeading } from './commerce/SectionHeading';
import { EmptyState, ErrorState, LOAD_ERROR, SkeletonGrid } from './commerce/states';
import './feed.css';
import { formatDay } from '../src/core/dates';

export const FEED_EMPTY = 'No posts yet. Check back soon.';


/** The store's latest blog posts (§7 blog paginate, lite), each a card leading to /blog/{post}/. */
export default function Feed({ properties: p }: BlockProps<FeedProperties>) {
  const divisionId = useDivisionId();
  const limit = p.limit ?? 3;
  const ratio = RATIOS[p.ratio ?? '4:3'];
  const posts = useApiData<Paginated<BlogPostSummary>>(catalogueApi.blog(divisionId, { limit, tag: p.tag || undefined }));
  const columns = { xs: 1, md: Math.min(limit, 3), lg: Math.min(limit, 3), ...p.columns };
  let body;
  if (posts.status === 'loading') body = <SkeletonGrid className="commerce-grid feed__grid" count={limit} ratio={ratio} label="Loading posts" />;
  else if (posts.status === 'error') body = <ErrorState message={LOAD_ERROR} onRetry={posts.retry} />;
  else if (posts.data.data.length === 0) body = <EmptyState>{FEED_EMPTY}</EmptyState>;
  else
    body = (
      <ul className="commerce-grid feed__grid" style={gridColumns(columns)}>
        {posts.data.data.map((post) => (
          <li key={post.id} className="feed__post">
            <article className="feed__card">
              {post.metaImage && (
                <span className="feed__media" style={{ aspectRatio: `1 / ${ratio}` }}>
                  <BlockImage className="feed__image" image={{ src: post.metaImage.banner, alt: post.metaImage.alt }} sizes="(min-width: 768px) 33vw, 100vw" />
                </span>
              )}
              <div className="feed__text">
                <time className="feed__date" dateTime={post.publishedAt}>
                  {formatDay(new Date(post.publishedAt))}
                </time>
                <h3 className="feed__title">
                  <SafeLink className="feed__link" href={blogHref(post.url)}>
                    {post.title}
                  </SafeLink>
                </h3>
                {p.showExcerpt !== false && post.excerpt && <p className="feed__excerpt">{post.excerpt}</p>}
                {p.buttonText && (
                  <span className="feed__more" aria-hidden="true">
                    {p.buttonText} →
                  </span>
                )}
              </div>
            </article>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="feed" aria-busy={posts.status === 'loading'}>
      <SectionHeading title={p.title ?? ''} />
      {body}
    </section>
  );
}
