import type { Queryable } from '../db/database';
import type { SocialPost } from '../../src/core/catalogue';

/**
 * The store's photo feed (§7 instagram posts, §9 default 20). Without a connected account the store's own
 * product photos stand in, best sellers first, each leading to its product in that colour.
 */
export async function socialPosts(db: Queryable, divisionId: number, limit: number): Promise<SocialPost[]> {
  const { rows } = await db.query<{ id: number; src: string; alt_text: string; name: string; url_name: string; colour_name: string | null }>(
    `select i.id, i.src, i.alt_text, p.name, p.url_name, o.colour_name
     from product_images i
     join products p on p.id = i.product_id and p.enabled
     left join product_options o on o.id = i.option_id
     where p.division_id = $1
     order by i.position, p.bestseller_rank, p.id, i.id
     limit $2::int`,
    [divisionId, limit],
  );
  return rows.map((r) => ({
    id: String(r.id),
    mediaType: 'IMAGE',
    mediaUrl: r.src,
    alt: r.alt_text || r.name,
    caption: r.colour_name ? `${r.name} in ${r.colour_name}` : r.name,
    permalink: `/product/${r.url_name}/${r.colour_name ? `${encodeURIComponent(r.colour_name)}/` : ''}`,
  }));
}
