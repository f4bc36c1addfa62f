import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { requireStoreAccess } from '../../auth/guards';
import { audit } from '../../auth/audit';
import { isPro } from '../../auth/roles';
import { findStore } from '../../stores';
import { createBlogPost, type NewBlogPost } from '../../catalogue/blogPosts';
import { PAGES_PERMISSION } from '../divisions/permissions';
import { BLOG_SLUG, slugify } from '../../../src/core/blog';
import type { DashboardPost } from '../../../src/core/api/blog';
import { DIVISION_PARAMS } from '../../http/routeSchemas';

export const blogMessages = {
  invalid: 'Post failed validation',
  required: 'This field is required',
  slug: 'must contain only alphanumeric characters or dashes',
  tag: 'must contain only alphanumeric characters or dashes',
  tooLong: (n: number) => `Must contain no more than ${n} characters`,
  date: 'Please enter a valid date',
  image: 'No src found in image property value',
  notFound: 'Store not found',
} as const;


const TAG = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The dashboard's new-post form, checked field by field (§5.1 wording); every failure is reported at once. */
export function parseNewPost(body: unknown, now = new Date()): NewBlogPost {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const text = (key: string, max: number, required = false) => {
    const value = typeof b[key] === 'string' ? (b[key] as string).trim() : '';
    if (required && value === '') errors[`/${key}`] = [blogMessages.required];
    else if (value.length > max) errors[`/${key}`] = [blogMessages.tooLong(max)];
    return value;
  };
  const title = text('title', 200, true);
  const author = text('author', 100, true);
  const excerpt = text('excerpt', 500);
  const slug = text('slug', 100) || slugify(title);
  if (!errors['/title'] && !BLOG_SLUG.test(slug)) errors['/slug'] = [blogMessages.slug];
  const rawTags = Array.isArray(b.tags) ? b.tags : typeof b.tags === 'string' ? b.tags.split(',') : [];
  const tags = [...new Set(rawTags.map((t) => (typeof t === 'string' ? t.trim().toLowerCase() : '')).filter((t) => t !== ''))];
  if (tags.length > 10 || tags.some((t) => !TAG.test(t))) errors['/tags'] = [blogMessages.tag];
  let metaImage: NewBlogPost['metaImage'] = null;
  if (b.metaImage !== undefined && b.metaImage !== null && b.metaImage !== '') {
    const image = b.metaImage as { src?: unknown; alt?: unknown };
    const src = typeof image === 'object' && typeof image.src === 'string' ? image.src.trim() : '';
    if (src === '' || src.length > 2048 || !/^(\/|https:\/\/)/.test(src)) errors['/metaImage'] = [blogMessages.image];
    else metaImage = { src, alt: typeof image.alt === 'string' ? image.alt.slice(0, 300) : '' };
  }
  let publishedAt = now;
  if (typeof b.publishedAt === 'string' && b.publishedAt !== '') {
    publishedAt = new Date(b.publishedAt);
    if (Number.isNaN(publishedAt.getTime())) errors['/publishedAt'] = [blogMessages.date];
  }
  if (Object.keys(errors).length > 0) throw new ApiError(422, blogMessages.invalid, errors);
  return { slug, title, author, excerpt, tags, body: excerpt ? `<p>${excerpt.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>` : '', metaImage, publishedAt };
}

/** The post list and the new-post form of one store; the post's fields are checked by parseNewPost (§8 messages). */
const postsRoute = { schema: { params: DIVISION_PARAMS }, config: { notFound: blogMessages.notFound } };

/** The dashboard's blog: list a store's posts and create one (a builder page plus its post data). */
export function blogPostRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { divisionId: number } }>('/omnis/v3/divisions/:divisionId/blog/posts/', postsRoute, async (request) => {
    const { divisionId } = request.params;
    requireStoreAccess(request, divisionId);
    const { rows } = await ctx.db.query<Record<string, unknown>>(
      'select id, url, title, author, tags, published_at, page_id from blog_posts where division_id = $1 order by published_at desc, id desc',
      [divisionId],
    );
    const data: DashboardPost[] = rows.map((r) => ({
      id: r.id as number,
      url: r.url as string,
      title: r.title as string,
      author: r.author as string,
      tags: (r.tags as string[]) ?? [],
      publishedAt: new Date(r.published_at as string).toISOString(),
      pageId: (r.page_id as number | null) ?? null,
    }));
    return { data };
  });

  app.post<{ Params: { divisionId: number } }>('/omnis/v3/divisions/:divisionId/blog/posts/', { ...postsRoute, schema: { ...postsRoute.schema, body: { type: 'object' } } }, async (request, reply) => {
    const { divisionId } = request.params;
    const user = requireStoreAccess(request, divisionId, PAGES_PERMISSION);
    const post = parseNewPost(request.body);
    const store = await findStore(ctx.db, { division: String(divisionId) });
    if (!store) throw new ApiError(404, blogMessages.notFound);
    const pro = isPro({ store: { divisionId, companyId: null, subdomain: { isPro: store.subdomain.isPro } } });
    const created = await ctx.db.transaction(async (tx) => {
      const result = await createBlogPost(tx, ctx.registry, divisionId, pro, post);
      await audit(tx, { actorUserId: user.id, action: 'page_created', subjectType: 'page', subjectId: result.page.id, data: { url: result.page.url, blogPost: result.id }, ip: request.ip });
      return result;
    });
    return reply.status(201).send({ id: created.id, url: post.slug, pageId: created.page.id, pageUrl: created.page.url });
  });
}
