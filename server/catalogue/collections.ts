import type { Queryable } from '../db/database';
import type { CollectionSummary } from '../../src/core/catalogue';

/** §7 collections: name, banner thumbnails and urlName, with how many enabled products each holds. */
export async function listCollections(db: Queryable, divisionId: number): Promise<CollectionSummary[]> {
  const { rows } = await db.query<{
    id: number;
    name: string;
    url_name: string;
    description: string;
    banner: { src?: string; alt?: string } | null;
    product_count: number;
    fallback_src: string | null;
    fallback_alt: string | null;
  }>(
    `select c.id, c.name, c.url_name, c.description, c.banner,
            (select count(*)::int from product_collections pc join products p on p.id = pc.product_id
              where pc.collection_id = c.id and p.enabled) as product_count,
            top.src as fallback_src, top.alt_text as fallback_alt
     from collections c
     -- A collection without a banner shows its best seller in its default colour.
     left join lateral (
       select i.src, i.alt_text from product_collections pc
       join products p on p.id = pc.product_id and p.enabled
       join product_images i on i.product_id = p.id
       left join product_options o on o.id = i.option_id
       where pc.collection_id = c.id
       order by p.bestseller_rank, p.id, (o.colour_name = p.default_colour) desc nulls last, i.position, i.id
       limit 1
     ) top on true
     where c.division_id = $1
     order by c.position, c.id`,
    [divisionId],
  );
  return rows.map((r) => {
    const src = r.banner?.src || r.fallback_src;
    return {
      id: r.id,
      name: r.name,
      urlName: r.url_name,
      description: r.description,
      banner: src ? { src, alt: r.banner?.src ? (r.banner.alt ?? r.name) : (r.fallback_alt ?? r.name), thumbnails: thumbnails(src) } : null,
      productCount: r.product_count,
    };
  });
}

/** §3 Image sizes keyed by pixel width; vectors scale, so every size is the original. */
function thumbnails(src: string): Record<string, string> {
  const vector = /\.svg(\?|$)/i.test(src);
  const sized = (w: number) => (vector ? src : `${src}${src.includes('?') ? '&' : '?'}width=${w}`);
  return { original: src, '480': sized(480), '960': sized(960) };
}

export async function collectionIdByUrlName(db: Queryable, divisionId: number, urlName: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('select id from collections where division_id = $1 and url_name = $2', [divisionId, urlName]);
  return rows[0]?.id ?? null;
}
