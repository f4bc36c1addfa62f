import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/database';

/** Remill (§1, §9 "rewarded with a coupon"): what an accepted return-a-garment request earns. */
export const REMILL_COUPON_PERCENT = 10;
const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Statuses of orders that never used their coupon (the money never moved). */
const UNUSED_STATUSES = ['payment_failed', 'cancelled', 'expired'];

/**
 * The shopper's remill coupon for this store: single use, a fixed percentage off. A shopper who asks again before
 * using it gets the same code (one open reward per email), so the form cannot be used to collect codes.
 */
export async function awardRemillCoupon(tx: Queryable, divisionId: number | null, email: string): Promise<{ id: number; code: string; percentOff: number }> {
  const { rows: open } = await tx.query<{ id: number; code: string; percent_off: number }>(
    `select c.id, c.code, c.percent_off from remill_requests r join coupons c on c.id = r.coupon_id
     where r.division_id is not distinct from $1 and r.email = $2 and c.active
       and not exists (select 1 from orders o where lower(o.coupon_code) = lower(c.code) and o.status <> all($3::text[]))
     order by r.id desc limit 1`,
    [divisionId, email, UNUSED_STATUSES],
  );
  if (open[0]) return { id: open[0].id, code: open[0].code, percentOff: open[0].percent_off };
  const code = `REMILL-${Array.from({ length: 8 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('')}`;
  const { rows } = await tx.query<{ id: number }>(
    'insert into coupons (division_id, code, percent_off, single_use) values ($1, $2, $3, true) returning id',
    [divisionId, code, REMILL_COUPON_PERCENT],
  );
  return { id: rows[0]!.id, code, percentOff: REMILL_COUPON_PERCENT };
}

/** A single-use coupon is spent once an order that was not closed unpaid carries it (checkout's coupon look-up). */
export const SINGLE_USE_SPENT_SQL = `(single_use and exists (select 1 from orders o where lower(o.coupon_code) = lower(coupons.code) and o.status not in ('payment_failed', 'cancelled', 'expired')))`;
