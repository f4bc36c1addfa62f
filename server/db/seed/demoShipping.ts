import type { Database } from '../database';
import { DEMO_STORE } from './demoPages';
import { saveZones } from '../../orders/shippingZones';

/**
 * The demo store's shipping zones, so its banner's promise holds: "Free UK delivery on orders over £50" — UK
 * standard is free from £50 of goods; express and international are always charged. Made once, when the store
 * has no zones (also in a demo store created before zones existed).
 */
export const DEMO_FREE_UK_DELIVERY_OVER = 5000;

export async function seedDemoShipping(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const division = (await tx.query<{ id: number }>('select id from divisions where code = $1', [DEMO_STORE.code])).rows[0];
    if (!division) return false;
    const { rows } = await tx.query('select 1 from shipping_zones where division_id = $1 limit 1', [division.id]);
    if (rows.length > 0) return false;
    await saveZones(tx, division.id, [
      {
        name: 'United Kingdom',
        countries: ['GB'],
        freeOver: DEMO_FREE_UK_DELIVERY_OVER,
        rates: [
          { method: 'uk-standard', price: 395 },
          { method: 'uk-express', price: 695 },
        ],
      },
      { name: 'Rest of the world', countries: [], freeOver: null, rates: [{ method: 'international', price: 1295 }] },
    ]);
    return true;
  });
}
