import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { requireStoreAccess } from '../../auth/guards';
import { audit } from '../../auth/audit';
import { isPro } from '../../auth/roles';
import { findStore } from '../../stores';
import { createBlogPost, updatePostSettings, type NewBlogPost, type PostSettings } from '../../catalogue/blogPosts';
import { PAGES_PERMISSION } from '../divisions/permissions';
import { BLOG_SLUG, slugify } from '../../../src/core/blog';
import type { DashboardPost } from '../../../src/core/api/blog';
import { DIVISION_PARAMS, ID, paramsSchema } from '../../http/routeSchemas';

export const blogMessages = {
  invalid: 'Post failed validation',
  required: 'This field is required',
  slug: 'must contain only alphanumeric characters or dashes',
  tag: 'must contain only alphanumeric characters or dashes',
  tooLong: (n: number) => `Must contain no more than ${n} characters`,
  date: 'Please enter a valid date',
  image: 'No src found in image property value',
  notFound: 'Store not found',
  postNotFound: 'Post not found',
} as const;


const TAG = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** A post's fields as the dashboard sends them, checked one by one (§5.1 wording); every failure is collected. */
function readPostFields(body: unknown, errors: Record<string, string[]>, now: Date, dateRequired: boolean) {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (key: string, max: number, required = false) => {
    const value = typeof b[key] === 'string' ? (b[key] as string).trim() : '';
    if (required && value === '') errors[`/${key}`] = [blogMessages.required];
    else if (value.length > max) errors[`/${key}`] = [blogMessages.tooLong(max)];
    return value;
  };
  const title = text('title', 200, true);
  const author = text('author', 100, true);
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
  } else if (dateRequired) errors['/publishedAt'] = [blogMessages.required];
  return { b, text, title, author, tags, metaImage, publishedAt };
}

/** The dashboard's new-post form, checked field by field (§5.1 wording); every failure is reported at once. */
export function parseNewPost(body: unknown, now = new Date()): NewBlogPost {
  const errors: Record<string, string[]> = {};
  const { text, title, author, tags, metaImage, publishedAt } = readPostFields(body, errors, now, false);
  const excerpt = text('excerpt', 500);
  const slug = text('slug', 100) || slugify(title);
  if (!errors['/title'] && !BLOG_SLUG.test(slug)) errors['/slug'] = [blogMessages.slug];
  if (Object.keys(errors).length > 0) throw new ApiError(422, blogMessages.invalid, errors);
  return { slug, title, author, excerpt, tags, body: excerpt ? `<p>${excerpt.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>` : '', metaImage, publishedAt };
}

/** The post settings form (title, tags, author, date, meta image): the same checks, and the date is required. */
export function parsePostSettings(body: unknown): PostSettings {
  const errors: Record<string, string[]> = {};
  const { title, author, tags, metaImage, publishedAt } = readPostFields(body, errors, new Date(), true);
  if (Object.keys(errors).length > 0) throw new ApiError(422, blogMessages.invalid, errors);
  return { title, author, tags, metaImage, publishedAt };
}

/** The post list and the new-post form of one store; the post's fields are checked by parseNewPost (§8 messages). */
const postRoute = { schema: { params: paramsSchema({ divisionId: ID, postId: ID }), body: { type: 'object' } }, config: { notFound: blogMessages.postNotFound } };
const postsRoute = { schema: { params: DIVISION_PARAMS }, config: { notFound: blogMessages.notFound } };

/** The dashboard's blog: list a store's posts and create one (a builder page plus its post data). */
export function blogPostRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { divisionId: number } }>('/omnis/v3/divisions/:divisionId/blog/posts/', postsRoute, async (request) => {
    const { divisionId } = request.params;
    requireStoreAccess(request, divisionId);
    const { rows } = await ctx.db.query<Record<string, unknown>>(
      'select id, url, title, author, tags, published_at, page_id, meta_image from blog_posts where division_id = $1 order by published_at desc, id desc',
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
      metaImage: (r.meta_image as DashboardPost['metaImage']) ?? null,
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
  // The post's settings; its blocks stay the builder's, apart from the banner, byline and tags it started with.
  app.put<{ Params: { divisionId: number; postId: number } }>('/omnis/v3/divisions/:divisionId/blog/posts/:postId/', postRoute, async (request) => {
    const { divisionId, postId } = request.params;
    const user = requireStoreAccess(request, divisionId, PAGES_PERMISSION);
    const settings = parsePostSettings(request.body);
    const store = await findStore(ctx.db, { division: String(divisionId) });
    if (!store) throw new ApiError(404, blogMessages.notFound);
    const pro = isPro({ store: { divisionId, companyId: null, subdomain: { isPro: store.subdomain.isPro } } });
    const post = await ctx.db.transaction(async (tx) => {
      const saved = await updatePostSettings(tx, ctx.registry, divisionId, postId, pro, settings);
      if (!saved) throw new ApiError(404, blogMessages.postNotFound);
      await audit(tx, { actorUserId: user.id, action: 'page_updated', subjectType: 'page', subjectId: saved.pageId ?? postId, data: { url: saved.url, blogPost: postId }, ip: request.ip });
      return saved;
    });
    return { data: post };
  });
}
