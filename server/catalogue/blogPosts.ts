import type { Queryable } from '../db/database';
import type { SchemaRegistry } from '../../src/core/schemas/registry';
import { blogPostUrl, blogTagUrl } from '../../src/core/blog';
import { ApiError } from '../http/errors';
import { createPage, updatePage } from '../pages/writes';
import { getPage, type PageDoc } from '../pages/repository';
import type { DashboardPost } from '../../src/core/api/blog';

/** A new post as the dashboard's blog list sends it. */
export interface NewBlogPost {
  slug: string;
  title: string;
  author: string;
  excerpt: string;
  tags: string[];
  body: string;
  metaImage: { src: string; alt: string } | null;
  publishedAt: Date;
}

export const blogPostMessages = {
  slugTaken: 'A post with this address already exists.',
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const dateLabel = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The blocks a post starts with: its meta image and title as a banner, the byline, the body, its tags and a way
 * back to the journal. From then on the post is edited in the builder like any page.
 */
export function blogPostBlocks(post: NewBlogPost) {
  const tags = post.tags.map((tag) => `<a href="${blogTagUrl(tag)}">${escapeHtml(tag)}</a>`).join(', ');
  return [
    {
      uid: `post-${post.slug}-banner`,
      type: 'banner',
      fullWidth: true,
      padding: false,
      properties: { type: 'compact', title: post.title, copy: post.excerpt, overlayOpacity: 0.35, ...(post.metaImage ? { image: post.metaImage } : {}) },
    },
    {
      uid: `post-${post.slug}-byline`,
      type: 'textBlock',
      properties: { text: `<p><strong>${escapeHtml(post.author)}</strong> · <time datetime="${post.publishedAt.toISOString()}">${dateLabel(post.publishedAt)}</time></p>` },
    },
    { uid: `post-${post.slug}-body`, type: 'textBlock', properties: { text: post.body || '<p></p>' } },
    ...(tags ? [{ uid: `post-${post.slug}-tags`, type: 'textBlock', properties: { text: `<p>Tagged: ${tags}</p>` } }] : []),
    { uid: `post-${post.slug}-back`, type: 'button', schemaVersion: 2, properties: { text: 'Back to the journal', href: '/blog/', buttonStyle: 'secondary' } },
  ];
}

/** Creates the post's page (validated like every page write) and its row, in the caller's transaction. */
export async function createBlogPost(tx: Queryable, registry: SchemaRegistry, divisionId: number, storeIsPro: boolean, post: NewBlogPost): Promise<{ id: number; page: PageDoc }> {
  const taken = await tx.query('select 1 from blog_posts where division_id = $1 and url = $2', [divisionId, post.slug]);
  if (taken.rows.length > 0) throw new ApiError(422, blogPostMessages.slugTaken, { '/slug': [blogPostMessages.slugTaken] });
  const page = await createPage(tx, registry, divisionId, storeIsPro, {
    url: blogPostUrl(post.slug),
    properties: { title: post.title, description: post.excerpt, ...(post.metaImage ? { ogImage: post.metaImage } : {}) },
    blocks: blogPostBlocks(post),
  });
  const { rows } = await tx.query<{ id: number }>(
    `insert into blog_posts (division_id, url, title, excerpt, body, meta_image, tags, published_at, page_id, author)
     values ($1, $2, $3, $4, '', $5, $6, $7, $8, $9) returning id`,
    [divisionId, post.slug, post.title, post.excerpt, post.metaImage ? JSON.stringify(post.metaImage) : null, JSON.stringify(post.tags), post.publishedAt.toISOString(), page.id, post.author],
  );
  return { id: rows[0]!.id, page };
}

/** The fields of a post's settings form in the dashboard. */
export type PostSettings = Pick<NewBlogPost, 'title' | 'author' | 'tags' | 'metaImage' | 'publishedAt'>;

type Block = { uid?: string; type: string; properties?: Record<string, unknown>; [key: string]: unknown };

/**
 * Saves a post's settings and carries them into its page: the page's title and share image, and the banner,
 * byline and tag blocks the post started with (where the builder kept them). Null when the store has no such post.
 */
export async function updatePostSettings(tx: Queryable, registry: SchemaRegistry, divisionId: number, postId: number, storeIsPro: boolean, settings: PostSettings): Promise<DashboardPost | null> {
  const { rows } = await tx.query<{ url: string; excerpt: string; page_id: number | null }>('select url, excerpt, page_id from blog_posts where id = $1 and division_id = $2 for update', [postId, divisionId]);
  const row = rows[0];
  if (!row) return null;
  await tx.query('update blog_posts set title = $2, author = $3, tags = $4, meta_image = $5, published_at = $6 where id = $1', [
    postId,
    settings.title,
    settings.author,
    JSON.stringify(settings.tags),
    settings.metaImage ? JSON.stringify(settings.metaImage) : null,
    settings.publishedAt.toISOString(),
  ]);
  const page = row.page_id === null ? null : await getPage(tx, row.page_id);
  if (page) {
    const fresh = new Map(blogPostBlocks({ ...settings, slug: row.url, excerpt: row.excerpt, body: '' }).map((b) => [b.uid, b as Block]));
    const tagsUid = `post-${row.url}-tags`;
    const blocks = (page.blocks as Block[])
      .filter((b) => b.uid !== tagsUid || fresh.has(tagsUid))
      .map((b) => {
        if (b.uid === `post-${row.url}-banner`) {
          const { image: _old, ...rest } = b.properties ?? {};
          return { ...b, properties: { ...rest, title: settings.title, ...(settings.metaImage ? { image: settings.metaImage } : {}) } };
        }
        if (b.uid === `post-${row.url}-byline` || b.uid === tagsUid) return { ...b, properties: { ...b.properties, text: fresh.get(b.uid)!.properties!.text } };
        return b;
      });
    const { ogImage: _oldImage, ...properties } = page.properties as Record<string, unknown>;
    await updatePage(tx, registry, page, storeIsPro, {
      version: page.version,
      blocks,
      properties: { ...properties, title: settings.title, ...(settings.metaImage ? { ogImage: settings.metaImage } : {}) },
    });
  }
  return {
    id: postId,
    url: row.url,
    title: settings.title,
    author: settings.author,
    tags: settings.tags,
    publishedAt: settings.publishedAt.toISOString(),
    pageId: row.page_id,
    metaImage: settings.metaImage,
  };
}
