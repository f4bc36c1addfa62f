import type { Queryable } from '../db/database';
import type { BlogPostSummary, Paginated } from '../../src/core/catalogue';

export interface BlogQuery {
  divisionIds: number[];
  page: number;
  perPage: number;
  tag: string | null;
  lite: boolean;
}

/** Published posts of the given stores, newest first (§7 blog paginate). */
export async function paginateBlog(db: Queryable, q: BlogQuery): Promise<Paginated<BlogPostSummary>> {
  const where = `where division_id = any($1::int[]) and published_at <= now() and ($2::text is null or tags ? $2::text)`;
  const [{ rows }, count] = await Promise.all([
    db.query<Record<string, unknown>>(
      `select id, url, title, excerpt, ${q.lite ? '' : 'body, '}tags, published_at, meta_image from blog_posts ${where}
       order by published_at desc, id desc limit $3::int offset $4::int`,
      [q.divisionIds, q.tag, q.perPage, (q.page - 1) * q.perPage],
    ),
    db.query<{ total: number }>(`select count(*)::int as total from blog_posts ${where}`, [q.divisionIds, q.tag]),
  ]);
  const total = count.rows[0]?.total ?? 0;
  return {
    data: rows.map((r) => {
      const image = r.meta_image as { src?: string; alt?: string } | null;
      const post: BlogPostSummary = {
        id: r.id as number,
        url: r.url as string,
        title: r.title as string,
        excerpt: r.excerpt as string,
        tags: (r.tags as string[]) ?? [],
        publishedAt: new Date(r.published_at as string).toISOString(),
        metaImage: image?.src ? { src: image.src, alt: image.alt ?? '', banner: image.src, thumbnail: image.src } : null,
      };
      if (!q.lite) post.body = r.body as string;
      return post;
    }),
    page: q.page,
    perPage: q.perPage,
    total,
    lastPage: Math.max(1, Math.ceil(total / q.perPage)),
  };
}
