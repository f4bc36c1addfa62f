import type { Database } from '../database';
import { DEMO_STORE } from './demoPages';

/** The demo store's artists: each signs a few of the demo products (§2.2 /creator/{urlName}/). */
export const DEMO_CREATORS = [
  {
    urlName: 'ines-fern',
    name: 'Ines Fern',
    bio: 'Ines draws the plants she finds on walks near the studio, in ink first, then by hand on the screen.',
    products: ['fern-organic-tee', 'evergreen-hoodie', 'wildflower-long-sleeve', 'meadow-sweatshirt', 'fern-tote'],
  },
  {
    urlName: 'tom-harbour',
    name: 'Tom Harbour',
    bio: 'Tom grew up on the coast and still swims in the sea all year. His waves, ridges and stars come from there.',
    products: ['tidal-tee', 'coastline-hoodie', 'summit-tee', 'ridge-sweatshirt', 'night-sky-tee', 'starry-tote'],
  },
] as const;

/** Creates the demo creators once (also in a demo store made before creators existed) and signs their products. */
export async function seedDemoCreators(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const division = (await tx.query<{ id: number }>('select id from divisions where code = $1', [DEMO_STORE.code])).rows[0];
    if (!division) return false;
    const { rows: present } = await tx.query('select 1 from creators where division_id = $1 limit 1', [division.id]);
    if (present.length > 0) return false;
    for (const [position, creator] of DEMO_CREATORS.entries()) {
      const { rows } = await tx.query<{ id: number }>(
        'insert into creators (division_id, url_name, name, bio, position) values ($1, $2, $3, $4, $5) returning id',
        [division.id, creator.urlName, creator.name, creator.bio, position],
      );
      await tx.query('update products set creator_id = $1 where division_id = $2 and url_name = any($3::text[])', [rows[0]!.id, division.id, [...creator.products]]);
    }
    return true;
  });
}
