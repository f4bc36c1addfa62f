import type { Queryable } from '../db/database';
import type { CreatorProfile } from '../../src/core/catalogue';
import { productsByIds } from './products';

/** A creator of a store by url name, with the store's enabled products that carry their work (best sellers first). */
export async function creatorProfile(db: Queryable, divisionId: number, urlName: string): Promise<CreatorProfile | null> {
  const { rows } = await db.query<{ id: number; url_name: string; name: string; bio: string; avatar: string | null }>(
    'select id, url_name, name, bio, avatar from creators where division_id = $1 and url_name = $2',
    [divisionId, urlName],
  );
  const creator = rows[0];
  if (!creator) return null;
  const { rows: ids } = await db.query<{ id: number }>(
    'select id from products where creator_id = $1 and enabled order by bestseller_rank, id limit 100',
    [creator.id],
  );
  return {
    urlName: creator.url_name,
    name: creator.name,
    bio: creator.bio,
    avatar: creator.avatar,
    products: await productsByIds(db, ids.map((r) => r.id), divisionId),
  };
}
