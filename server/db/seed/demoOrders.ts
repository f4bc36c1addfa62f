import { randomBytes, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../database';
import { DEMO_STORE } from './demoPages';
import { ensureLabels } from '../../orders/labels';

/**
 * Demo orders in every stage of the floor, so atlas shows real work on first start: paid (one urgent), labels
 * printed, printed, part-picked into a pigeonhole, packed, dispatched with a tracking code, refunded. Written once
 * for a demo store without orders (a few multi-row inserts per order: fast). Not part of the test seed, where
 * order counts and first-sale checks start from zero.
 */

type Stage = 'paid' | 'label_printed' | 'printed' | 'consolidated' | 'packing' | 'complete' | 'refunded';

const PATHS: Record<Stage, string[]> = {
  paid: ['to_be_paid', 'paid'],
  label_printed: ['to_be_paid', 'paid', 'label_printed'],
  printed: ['to_be_paid', 'paid', 'label_printed', 'printed'],
  consolidated: ['to_be_paid', 'paid', 'label_printed', 'printed', 'consolidated'],
  packing: ['to_be_paid', 'paid', 'label_printed', 'printed', 'consolidated', 'packing'],
  complete: ['to_be_paid', 'paid', 'label_printed', 'printed', 'consolidated', 'packing', 'complete'],
  refunded: ['to_be_paid', 'paid', 'refunded'],
};

const DEMO_ORDERS: { stage: Stage; first: string; last: string; units: number[]; priority?: number; hoursAgo: number }[] = [
  { stage: 'paid', first: 'Maya', last: 'Okafor', units: [1, 2], hoursAgo: 1 },
  { stage: 'paid', first: 'Tom', last: 'Beringer', units: [3], priority: 2, hoursAgo: 3 },
  { stage: 'label_printed', first: 'Ines', last: 'Duarte', units: [1, 1], hoursAgo: 6 },
  { stage: 'printed', first: 'Oskar', last: 'Lind', units: [2], hoursAgo: 20 },
  { stage: 'consolidated', first: 'Priya', last: 'Raman', units: [1, 1, 1], priority: 1, hoursAgo: 26 },
  { stage: 'packing', first: 'Leo', last: 'Marsh', units: [2], hoursAgo: 30 },
  { stage: 'complete', first: 'Aiko', last: 'Tanaka', units: [1], hoursAgo: 72 },
  { stage: 'refunded', first: 'Sam', last: 'Reid', units: [1], hoursAgo: 96 },
];

export async function seedDemoOrders(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const division = (await tx.query<{ id: number }>('select id from divisions where code = $1', [DEMO_STORE.code])).rows[0];
    if (!division) return false;
    if ((await tx.query('select 1 from orders where division_id = $1 limit 1', [division.id])).rows.length > 0) return false;
    const { rows: variants } = await tx.query<{ id: number; product_id: number; name: string; sku: string; price: number; colour: string; size: string }>(
      `select v.id, p.id as product_id, p.name, v.sku, coalesce(p.sale_price, p.price) as price, o.colour_name as colour, v.size
       from product_variants v join products p on p.id = v.product_id join product_options o on o.id = v.option_id
       where p.division_id = $1 and p.enabled and not p.is_bundle order by p.bestseller_rank, p.id, o.position, v.id`,
      [division.id],
    );
    if (variants.length === 0) return false;
    const staff = (await tx.query<{ id: number }>('select id from users where internal order by id limit 1')).rows[0]?.id ?? null;
    let pick = 0;
    for (const demo of DEMO_ORDERS) {
      const lines = demo.units.map((quantity) => ({ variant: variants[(pick += 7) % variants.length]!, quantity }));
      const gross = lines.reduce((sum, l) => sum + l.variant.price * l.quantity, 0);
      const shipping = 395;
      const goodsTax = Math.round(gross / 6);
      const shippingTax = Math.round(shipping / 6);
      const total = gross + shipping;
      const address = { firstName: demo.first, lastName: demo.last, street: '12 Mill Lane', city: 'Leeds', zip: 'LS1 4AB', country: 'GB', email: `${demo.first.toLowerCase()}@example.com` };
      const at = (step: number) => `now() - interval '${demo.hoursAgo} hours' + interval '${step * 20} minutes'`;
      const { rows } = await tx.query<{ id: number }>(
        `insert into orders (hash, division_id, email, status, subtotal, shipping, shipping_tax, goods_tax, total, billing_address, shipping_address,
                             shipping_method, payment_method, payment_processor, payment_reference, idempotency_key, priority, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, 'uk-standard', 'card', 'test', $11, $12, $13, ${at(0)}) returning id`,
        [
          randomBytes(18).toString('base64url'),
          division.id,
          address.email,
          demo.stage,
          gross - goodsTax,
          shipping - shippingTax,
          shippingTax,
          goodsTax,
          total,
          JSON.stringify(address),
          `test_demo_${randomUUID().slice(0, 12)}`,
          `demo-${randomUUID()}`,
          demo.priority ?? 0,
        ],
      );
      const orderId = rows[0]!.id;
      for (const [position, l] of lines.entries()) {
        await tx.query(
          `insert into order_items (order_id, product_id, variant_id, name, sku, options, quantity, price, vat_rate, tax, position) values ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9, $10)`,
          [orderId, l.variant.product_id, l.variant.id, l.variant.name, l.variant.sku, JSON.stringify({ colour: l.variant.colour, size: l.variant.size }), l.quantity, l.variant.price, Math.round((l.variant.price * l.quantity) / 6), position],
        );
      }
      await tx.query(`insert into payment_attempts (order_id, is_successful, message, payment_method_name, processor, processor_reference, amount, created_at) values ($1, true, 'Payment successful', 'Visa •••• 4242', 'test', null, $2, ${at(1)})`, [orderId, total]);
      const path = PATHS[demo.stage];
      for (const [step, status] of path.entries()) {
        await tx.query(`insert into order_status_logs (order_id, status, previous_status, user_id, created_at) values ($1, $2, $3, $4, ${at(step)})`, [orderId, status, path[step - 1] ?? null, step > 1 ? staff : null]);
      }
      if (path.includes('label_printed')) await floorHistory(tx, orderId, demo.stage, staff);
      if (demo.stage === 'refunded') {
        await tx.query(`insert into refunds (order_id, amount, reason, status, processor, processor_reference, message, user_id, settled_at) values ($1, $2, 'Shopper changed their mind', 'succeeded', 'test', 'test_re_demo', 'Refund successful', $3, now())`, [orderId, total, staff]);
      }
    }
    return true;
  });
}

/** Labels printed, and the picks, pigeonhole and tracking code of the later stages. */
async function floorHistory(tx: Queryable, orderId: number, stage: Stage, staff: number | null) {
  await ensureLabels(tx, orderId);
  await tx.query('update factory_labels set times_printed = 1 where order_id = $1', [orderId]);
  await tx.query(`insert into label_print_logs (label_id, user_id, format) select id, $2, 'pdf' from factory_labels where order_id = $1`, [orderId, staff]);
  if (stage === 'label_printed' || stage === 'printed') return;
  // consolidated: the first unit picked; packing and complete: all of them.
  const picked = await tx.query<{ id: number }>(
    `update factory_labels set to_be_picked = false, picked_at = now(), picked_user_id = $2
     where id in (select id from factory_labels where order_id = $1 order by counter limit $3) returning id`,
    [orderId, staff, stage === 'consolidated' ? 1 : 1000],
  );
  const { rows } = await tx.query<{ number: number }>(
    `update pigeonholes set order_id = $1 where number = (select number from pigeonholes where order_id is null order by number limit 1) returning number`,
    [orderId],
  );
  const hole = rows[0]?.number ?? null;
  await tx.query('update orders set pigeonhole = $2 where id = $1', [orderId, hole]);
  if (hole !== null) {
    await tx.query('insert into pigeonhole_logs (label_id, order_id, pigeonhole, user_id) select unnest($1::int[]), $2, $3, $4', [picked.rows.map((r) => r.id), orderId, hole, staff]);
  }
  if (stage === 'complete') {
    await tx.query(`insert into tracking_codes (order_id, code, carrier, user_id) values ($1, 'RM482913570GB', 'Royal Mail', $2)`, [orderId, staff]);
    await tx.query('update pigeonholes set order_id = null where order_id = $1', [orderId]);
  }
}
