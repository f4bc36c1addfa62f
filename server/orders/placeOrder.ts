import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import type { ChargeRequest, ChargeResult, PaymentInput, PaymentProcessor } from '../payments/types';
import { paymentMessages } from '../payments/types';
import { buildQuote, checkoutMessages, loadCheckoutLines, normaliseCountry, type CheckoutLine } from './checkoutBasket';
import { logStatus, transitionOrder } from './stateMachine';
import { queueOrderConfirmation } from './orders';
import type { Address } from '../../src/commerce/orders/types';

/**
 * Placing an order (issue #6 item 6), as Medusa-style steps with compensation, all inside ONE database
 * transaction so a crash at any point leaves nothing half-written (the transaction simply never commits):
 *
 *   1. lock the basket row          — two submits of one basket run one after the other
 *   2. idempotency check            — the same Idempotency-Key answers the order it already made (no new charge)
 *   3. re-price the basket from the DB, resolve shipping method and coupon, compute totals
 *   4. create the order (to_be_paid) + status log   (the unique (division, key) index makes a concurrent duplicate wait, then fail)
 *   5. reserve stock atomically per line            compensation: give the units back
 *   6. create the order items
 *   7. charge through the processor (its own idempotency key derived from ours) and record the attempt
 *        succeeded → status paid (+ log), basket cleared, confirmation mail queued
 *        failed    → compensate step 5 (stock restored), status payment_failed (+ log); the basket is untouched
 *        pending   → (Stripe Payment Element / PayPal approval) the order stays to_be_paid holding its stock;
 *                    the signed webhook or the capture call finishes it, or — when the payment window passes
 *                    first — the expiry sweep (expiry.ts) moves it to expired and gives the stock back
 *
 * A processor that throws counts as a failed attempt. The only state outside our database is the processor's,
 * and it is keyed by our idempotency key, so a retry after a crash reaches the same charge.
 */

export interface PlaceInput {
  basketId: string;
  idempotencyKey: string;
  userId: number | null;
  email: string;
  shippingAddress: Address;
  billingAddress: Address;
  shippingMethod: string;
  coupon: string | null;
  payment: PaymentInput;
  /** For links in the confirmation mail. */
  origin: string | null;
}

export type PlaceOutcome =
  | { kind: 'paid'; orderId: number; hash: string; status: string; replay: boolean }
  | { kind: 'pending'; orderId: number; hash: string; status: string; replay: boolean; reference: string | null; processor: string; clientSecret?: string; approveUrl?: string }
  | { kind: 'failed'; orderId: number; hash: string; status: string; replay: boolean; message: string };

/** The lines that cannot be bought: answered with 409 and the §8 message. */
export class UnavailableError extends ApiError {
  constructor(readonly lines: Pick<CheckoutLine, 'key' | 'name' | 'colour' | 'size' | 'quantity' | 'stock'>[]) {
    super(
      409,
      checkoutMessages.noLongerAvailable,
      Object.fromEntries(lines.map((l) => [`basket.${l.key}`, [`${l.name}${l.colour || l.size ? ` (${[l.colour, l.size].filter(Boolean).join(', ')})` : ''}: ${l.stock} left`]])),
    );
  }
}

export const newOrderHash = () => randomBytes(18).toString('base64url');

/**
 * Where a redirecting processor (PayPal) sends the shopper back: the order's pay page, which captures on
 * `?paypal=return` and lands on the receipt, or shows the order still payable on `?paypal=cancel`.
 */
export function returnUrls(origin: string | null, hash: string): Pick<ChargeRequest, 'returnUrl' | 'cancelUrl'> {
  if (!origin) return {};
  const page = `${origin.replace(/\/+$/, '')}/pay/${encodeURIComponent(hash)}/`;
  return { returnUrl: `${page}?paypal=return`, cancelUrl: `${page}?paypal=cancel` };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

interface Step<T> {
  run: () => Promise<T>;
  compensate: () => Promise<void>;
}

export async function placeOrder(db: Database, processorFor: (payment: PaymentInput) => PaymentProcessor, input: PlaceInput): Promise<PlaceOutcome> {
  const processor = processorFor(input.payment);
  try {
    return await db.transaction(async (tx) => {
      // 1. The basket (and its store), locked for the rest of the transaction.
      const basket = (await tx.query<{ division_id: number }>('select division_id from baskets where id = $1 for update', [input.basketId])).rows[0];
      if (!basket) throw new ApiError(422, checkoutMessages.basketEmpty);
      const divisionId = basket.division_id;

      // 2. Seen this key before? Then this is a retry or a double submit: answer the same order.
      const existing = await outcomeByKey(tx, divisionId, input.idempotencyKey);
      if (existing) return existing;

      // 3. Re-price from the database.
      const lines = await loadCheckoutLines(tx, input.basketId);
      if (lines.length === 0) throw new ApiError(422, checkoutMessages.basketEmpty);
      const unavailable = lines.filter((l) => !l.available);
      if (unavailable.length) throw new UnavailableError(unavailable);
      const quote = await buildQuote(tx, divisionId, lines, { country: input.shippingAddress.country, shippingMethod: input.shippingMethod, coupon: input.coupon }, true);
      const totals = quote.totals;

      // 4. The order, to_be_paid, with its first status log row.
      const hash = newOrderHash();
      const { rows } = await tx.query<{ id: number }>(
        `insert into orders (hash, division_id, user_id, email, status, currency, subtotal, shipping, shipping_tax, goods_tax, discount, total,
                             coupon_code, billing_address, shipping_address, shipping_method, payment_method, payment_processor, basket_id, idempotency_key)
         values ($1, $2, $3, $4, 'to_be_paid', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) returning id`,
        [
          hash, divisionId, input.userId, input.email, totals.currency, totals.subtotal, totals.shipping, totals.shippingTax, totals.goodsTax,
          totals.discount, totals.total, quote.coupon?.applied ? quote.coupon.code : null, JSON.stringify(input.billingAddress),
          JSON.stringify(input.shippingAddress), quote.shippingMethod!.code, processor.methodName(input.payment), processor.name, input.basketId,
          input.idempotencyKey,
        ],
      );
      const orderId = rows[0]!.id;
      await logStatus(tx, orderId, 'to_be_paid', null, input.userId);

      // 5. Reserve stock (variant order, so two multi-line checkouts never deadlock).
      const reserve = reserveStockStep(tx, lines);
      await reserve.run();

      // 6. Items, priced as charged. A bundle is one parent item (its price, tax and discount) and a child item per
      //    component (price 0, the variant and units it holds — what expiry and cancellation give back).
      for (const [position, line] of lines.entries()) {
        const { rows: item } = await tx.query<{ id: number }>(
          `insert into order_items (order_id, product_id, variant_id, name, sku, options, quantity, price, vat_rate, tax, discount, position, basket_key)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
          [orderId, line.productId, line.variantId, line.name, line.sku, JSON.stringify({ colour: line.colour, size: line.size }), line.quantity,
            line.unitPrice, line.vatRate, totals.lines[position]!.tax, totals.lines[position]!.discount, position, line.key],
        );
        for (const c of line.components ?? []) {
          await tx.query(
            `insert into order_items (order_id, product_id, variant_id, name, sku, options, quantity, price, vat_rate, tax, discount, position, parent_item_id, bundle_item_id)
             values ($1, $2, $3, $4, $5, $6, $7, 0, $8, 0, 0, $9, $10, $11)`,
            [orderId, c.productId, c.variantId, c.name, c.sku, JSON.stringify({ colour: c.colour, size: c.size }), line.quantity * c.quantity, line.vatRate, position, item[0]!.id, c.bundleItemId],
          );
        }
      }

      // 7. Charge.
      const result = await charge(processor, {
        amount: totals.total,
        currency: totals.currency,
        idempotencyKey: input.idempotencyKey,
        orderHash: hash,
        orderId,
        email: input.email,
        description: `Order #${orderId}`,
        payment: input.payment,
        ...returnUrls(input.origin, hash),
      });
      if (result.outcome !== 'pending') await recordAttempt(tx, orderId, processor, input.payment, result, totals.total, null);
      if (result.reference) await tx.query('update orders set payment_reference = $2 where id = $1', [orderId, result.reference]);

      if (result.outcome === 'succeeded') {
        await markPaid(tx, orderId, hash, input.userId, input.origin);
        return { kind: 'paid', orderId, hash, status: 'paid', replay: false } as const;
      }
      if (result.outcome === 'failed') {
        await reserve.compensate();
        await transitionOrder(tx, orderId, 'payment_failed', { userId: input.userId, note: result.message });
        return { kind: 'failed', orderId, hash, status: 'payment_failed', replay: false, message: result.message } as const;
      }
      return {
        kind: 'pending', orderId, hash, status: 'to_be_paid', replay: false, reference: result.reference, processor: processor.name,
        clientSecret: result.clientSecret, approveUrl: result.approveUrl,
      } as const;
    });
  } catch (error) {
    // A concurrent submit with the same key committed first: answer its order.
    if (isUniqueViolation(error)) {
      const { rows } = await db.query<{ division_id: number }>('select division_id from baskets where id = $1', [input.basketId]);
      const existing = rows[0] ? await outcomeByKey(db, rows[0].division_id, input.idempotencyKey) : null;
      if (existing) return existing;
    }
    throw error;
  }
}

/** Who needs the units of one variant: a line, or a component of a bundle line. */
type UnitClaim = Pick<CheckoutLine, 'key' | 'name' | 'colour' | 'size' | 'quantity'>;

/**
 * The units the lines take, one entry per variant in ascending variant id: an ordinary line takes its quantity of
 * its variant, a bundle line takes quantity × the item's quantity of every component's variant. A variant wanted
 * by several lines (a tee on its own and inside a bundle) is one entry with the sum.
 */
export function unitsOfLines(lines: CheckoutLine[]): { variantId: number; quantity: number; claims: UnitClaim[] }[] {
  const byVariant = new Map<number, { variantId: number; quantity: number; claims: UnitClaim[] }>();
  const claim = (variantId: number, quantity: number, who: UnitClaim) => {
    const entry = byVariant.get(variantId) ?? { variantId, quantity: 0, claims: [] };
    entry.quantity += quantity;
    entry.claims.push(who);
    byVariant.set(variantId, entry);
  };
  for (const line of lines) {
    if (line.components) {
      for (const c of line.components) claim(c.variantId, line.quantity * c.quantity, { key: line.key, name: `${line.name}: ${c.name}`, colour: c.colour, size: c.size, quantity: line.quantity * c.quantity });
    } else {
      claim(line.variantId!, line.quantity, line);
    }
  }
  return [...byVariant.values()].sort((a, b) => a.variantId - b.variantId);
}

/**
 * Step 5: every unit of every line — bundle components included — taken from stock in ascending variant id (the
 * order the expiry sweep and every other reservation use, so two checkouts never deadlock), all or nothing.
 */
function reserveStockStep(tx: Queryable, lines: CheckoutLine[]): Step<void> {
  const units = unitsOfLines(lines);
  const reserved: typeof units = [];
  return {
    async run() {
      for (const unit of units) {
        const { rows } = await tx.query('update product_variants set stock = stock - $2 where id = $1 and stock >= $2 returning id', [unit.variantId, unit.quantity]);
        if (rows.length === 0) {
          const { rows: left } = await tx.query<{ stock: number }>('select stock from product_variants where id = $1', [unit.variantId]);
          // Throwing rolls the whole transaction back: the order row and earlier reservations vanish with it.
          throw new UnavailableError(unit.claims.map((c) => ({ ...c, stock: left[0]?.stock ?? 0 })));
        }
        reserved.push(unit);
      }
    },
    async compensate() {
      for (const unit of reserved) await tx.query('update product_variants set stock = stock + $2 where id = $1', [unit.variantId, unit.quantity]);
      reserved.length = 0;
    },
  };
}

async function charge(processor: PaymentProcessor, request: Parameters<PaymentProcessor['charge']>[0]): Promise<ChargeResult> {
  try {
    return await processor.charge(request);
  } catch {
    return { outcome: 'failed', reference: null, message: paymentMessages.processorUnavailable };
  }
}

export async function recordAttempt(
  tx: Queryable,
  orderId: number,
  processor: Pick<PaymentProcessor, 'name' | 'methodName'>,
  payment: PaymentInput | null,
  result: { outcome: string; reference: string | null; message: string },
  amount: number,
  idempotencyKey: string | null,
  methodName?: string,
) {
  await tx.query(
    `insert into payment_attempts (order_id, is_successful, message, payment_method_name, processor, processor_reference, amount, idempotency_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [orderId, result.outcome === 'succeeded', result.message, methodName ?? (payment ? processor.methodName(payment) : processor.name), processor.name, result.reference, amount, idempotencyKey],
  );
}

/**
 * to_be_paid → paid (or expired → paid once its stock is reserved again, with a note): status log, the ordered
 * lines leave the basket, the confirmation mail is queued.
 */
export async function markPaid(tx: Queryable, orderId: number, hash: string, userId: number | null, origin: string | null, note: string | null = null) {
  await transitionOrder(tx, orderId, 'paid', { userId, note });
  // Only the lines this order bought leave the basket (anything added since stays): its own lines by variant, and
  // bundle lines by the basket key they were bought from (a tee inside a bundle does not remove that tee's own line).
  await tx.query(
    `delete from basket_items bi using orders o
     where o.id = $1 and bi.basket_id = o.basket_id and bi.list = 'main'
       and (bi.variant_id in (select variant_id from order_items where order_id = $1 and parent_item_id is null and variant_id is not null)
            or bi.key in (select basket_key from order_items where order_id = $1 and parent_item_id is null and variant_id is null and basket_key is not null))`,
    [orderId],
  );
  await queueOrderConfirmation(tx, hash, origin);
}

async function outcomeByKey(db: Queryable, divisionId: number, key: string): Promise<PlaceOutcome | null> {
  const { rows } = await db.query<{ id: number; hash: string; status: string; payment_reference: string | null; payment_processor: string }>(
    'select id, hash, status, payment_reference, payment_processor from orders where division_id = $1 and idempotency_key = $2',
    [divisionId, key],
  );
  const o = rows[0];
  if (!o) return null;
  const base = { orderId: o.id, hash: o.hash, status: o.status, replay: true };
  if (o.status === 'to_be_paid') return { kind: 'pending', ...base, reference: o.payment_reference, processor: o.payment_processor };
  if (o.status === 'expired') return { kind: 'failed', ...base, message: checkoutMessages.orderExpired };
  if (o.status === 'refund_due') return { kind: 'failed', ...base, message: checkoutMessages.refundDue };
  if (o.status === 'payment_failed' || o.status === 'cancelled') {
    const { rows: attempts } = await db.query<{ message: string }>('select message from payment_attempts where order_id = $1 order by id desc limit 1', [o.id]);
    return { kind: 'failed', ...base, message: attempts[0]?.message ?? paymentMessages.declined };
  }
  return { kind: 'paid', ...base };
}

/** Lower-cased, trimmed and upper-cased where it matters. */
export function cleanAddress(address: Address): Address {
  const trim = (v: string | undefined) => (v ?? '').trim();
  return {
    firstName: trim(address.firstName),
    lastName: trim(address.lastName),
    ...(trim(address.company) ? { company: trim(address.company) } : {}),
    street: trim(address.street),
    city: trim(address.city),
    ...(trim(address.state) ? { state: trim(address.state) } : {}),
    zip: trim(address.zip).toUpperCase(),
    country: normaliseCountry(address.country ?? ''),
    ...(trim(address.email) ? { email: trim(address.email).toLowerCase() } : {}),
    ...(trim(address.eori) ? { eori: trim(address.eori).toUpperCase().replace(/\s+/g, '') } : {}),
  };
}
