import { queuePrintFiles } from '../studio/printFiles';
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import type { ChargeRequest, ChargeResult, PaymentInput, PaymentProcessor } from '../payments/types';
import { paymentMessages } from '../payments/types';
import { buildQuote, checkoutMessages, loadCheckoutLines, normaliseCountry, type CheckoutLine } from './checkoutBasket';
import { logStatus, transitionOrder } from './stateMachine';
import { queueOrderConfirmation, type MailLinks } from './orders';
import type { ThemeService } from '../themes';
import { releaseOrderStock } from './expiry';
import { takeStock } from './stock';
import type { Address } from '../../src/core/api/orders';

/**
 * Placing an order, as steps with compensation (the shape of Medusa's workflows). No row lock is ever held while
 * the payment processor is called, so a slow or hanging processor delays only its own shopper.
 *
 *   1. reserve  — ONE short transaction: lock the basket row (two submits of one basket run one after the other),
 *                 answer an Idempotency-Key this basket already used with the order it made, re-price the basket
 *                 from the database, create the order (to_be_paid) with its items and status log, take the stock.
 *                 Anything wrong here (stock ran out, a bad coupon) rolls the whole step back: nothing is written.
 *   2. charge   — the processor, outside any transaction, with an idempotency key of its own per order, so a
 *                 retry reaches the same charge.
 *   3. confirm  — a second short transaction that locks the order row and records the attempt:
 *                   succeeded → paid (+ log), the bought lines leave the basket, the confirmation mail is queued
 *                   failed    → the stock goes back, payment_failed (+ log); the basket is untouched
 *                   pending   → (Stripe Payment Element / PayPal approval) the order stays to_be_paid holding its
 *                               stock; the signed webhook or the capture finishes it, or the expiry sweep
 *                               (expiry.ts) releases it when the payment window passes first
 *      compensation: when confirming fails after the processor took the money (or the order expired while the
 *      processor hung), the charge is refunded — a pending payment is withdrawn — and the order is released.
 *
 * A process that dies between steps leaves a to_be_paid order holding stock and no recorded charge: the expiry
 * sweep releases it, and the processor's own idempotency keeps a retried charge from being a second one.
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
  /** The store's look in the confirmation mail (its theme's colours); plain colours without it. */
  themes?: ThemeService | null;
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

/** An order written by step 1, waiting for its charge. */
interface ReservedOrder {
  orderId: number;
  hash: string;
  total: number;
  currency: string;
}

export async function placeOrder(db: Database, processorFor: (payment: PaymentInput) => PaymentProcessor, input: PlaceInput): Promise<PlaceOutcome> {
  const processor = processorFor(input.payment);
  const reserved = await reserveOrder(db, processor, input);
  if ('existing' in reserved) return reserved.existing.kind === 'pending' ? settledReplay(db, input, reserved.existing) : reserved.existing;
  const order = reserved.order;
  const result = await charge(processor, {
    amount: order.total,
    currency: order.currency,
    // Per order, not the shopper's key: two baskets may send the same key, the processor must not mix them up.
    idempotencyKey: `place-${order.hash}`,
    orderHash: order.hash,
    orderId: order.orderId,
    email: input.email,
    description: `Order #${order.orderId}`,
    payment: input.payment,
    ...returnUrls(input.origin, order.hash),
  });
  try {
    return await confirmOrder(db, processor, input, order, result);
  } catch (error) {
    await compensateCharge(db, processor, order, result);
    throw error;
  }
}

/** Step 1: one short transaction from the basket to a to_be_paid order holding its stock. */
async function reserveOrder(db: Database, processor: PaymentProcessor, input: PlaceInput): Promise<{ order: ReservedOrder } | { existing: PlaceOutcome }> {
  try {
    return await db.transaction(async (tx) => {
      const basket = (await tx.query<{ division_id: number }>('select division_id from baskets where id = $1 for update', [input.basketId])).rows[0];
      if (!basket) throw new ApiError(422, checkoutMessages.basketEmpty);
      const divisionId = basket.division_id;

      // Seen this key on this basket before? Then this is a retry or a double submit: answer the same order.
      const existing = await outcomeByKey(tx, input.basketId, input.idempotencyKey);
      if (existing) return { existing };

      // Re-priced from the database, never from what the browser showed.
      const lines = await loadCheckoutLines(tx, input.basketId);
      if (lines.length === 0) throw new ApiError(422, checkoutMessages.basketEmpty);
      const unavailable = lines.filter((l) => !l.available);
      if (unavailable.length) throw new UnavailableError(unavailable);
      const quote = await buildQuote(tx, divisionId, lines, { country: input.shippingAddress.country, shippingMethod: input.shippingMethod, coupon: input.coupon }, true);
      const totals = quote.totals;

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

      // Every unit of every line — bundle components included — in ascending variant id, all or nothing. Throwing
      // rolls the transaction back: the order row vanishes with it.
      const units = unitsOfLines(lines);
      const short = await takeStock(tx, units);
      if (short) {
        const { rows: left } = await tx.query<{ stock: number }>('select stock from product_variants where id = $1', [short.variantId]);
        throw new UnavailableError(units.find((u) => u.variantId === short.variantId)!.claims.map((c) => ({ ...c, stock: left[0]?.stock ?? 0 })));
      }

      // Items, priced as charged. A bundle is one parent item (its price, tax and discount) and a child item per
      // component (price 0, the variant and units it holds — what expiry and cancellation give back).
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
      return { order: { orderId, hash, total: totals.total, currency: totals.currency } };
    });
  } catch (error) {
    // A concurrent submit with the same key on this basket committed first: answer its order.
    if (isUniqueViolation(error)) {
      const existing = await outcomeByKey(db, input.basketId, input.idempotencyKey);
      if (existing) return { existing };
    }
    throw error;
  }
}

/** Step 3: records what the processor answered, in a short transaction holding only this order's row. */
async function confirmOrder(db: Database, processor: PaymentProcessor, input: PlaceInput, order: ReservedOrder, result: ChargeResult): Promise<PlaceOutcome> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string }>('select status from orders where id = $1 for update', [order.orderId]);
    const status = rows[0]?.status;
    const base = { orderId: order.orderId, hash: order.hash, replay: false };
    // The payment window passed while the processor was answering: the sweep has released the stock already.
    if (status !== 'to_be_paid') throw new ApiError(409, checkoutMessages.orderExpired);
    if (result.outcome !== 'pending') await recordAttempt(tx, order.orderId, processor, input.payment, result, order.total, null);
    if (result.reference) await tx.query('update orders set payment_reference = $2 where id = $1', [order.orderId, result.reference]);
    if (result.outcome === 'succeeded') {
      await markPaid(tx, order.orderId, order.hash, input.userId, { origin: input.origin, themes: input.themes });
      return { kind: 'paid', ...base, status: 'paid' } as const;
    }
    if (result.outcome === 'failed') {
      await releaseOrderStock(tx, [order.orderId]);
      await transitionOrder(tx, order.orderId, 'payment_failed', { userId: input.userId, note: result.message });
      return { kind: 'failed', ...base, status: 'payment_failed', message: result.message } as const;
    }
    return {
      kind: 'pending', ...base, status: 'to_be_paid', reference: result.reference, processor: processor.name,
      clientSecret: result.clientSecret, approveUrl: result.approveUrl,
    } as const;
  });
}

/** Written when confirming failed after the processor had the money: it was given back. */
export const CHARGE_REVERSED_NOTE = 'The payment could not be recorded and was given back';

/**
 * Compensation for step 2 when step 3 failed: the money goes back (a succeeded charge is refunded, a pending one
 * withdrawn), then the order lets go of its stock if it still holds it. Best effort on our side: if the database
 * is what failed, the expiry sweep releases the order later; the refund does not wait for it.
 */
async function compensateCharge(db: Database, processor: PaymentProcessor, order: ReservedOrder, result: ChargeResult) {
  if (result.outcome === 'succeeded') {
    await processor.refund?.({ reference: result.reference, amount: order.total, currency: order.currency, idempotencyKey: `reverse-${result.reference}`, reason: CHARGE_REVERSED_NOTE });
  }
  else if (result.outcome === 'pending') await processor.cancel?.(result.reference);
  await db
    .transaction(async (tx) => {
      const { rows } = await tx.query<{ status: string }>('select status from orders where id = $1 for update', [order.orderId]);
      if (rows[0]?.status !== 'to_be_paid') return;
      await releaseOrderStock(tx, [order.orderId]);
      await transitionOrder(tx, order.orderId, 'payment_failed', { note: result.outcome === 'failed' ? result.message : CHARGE_REVERSED_NOTE });
    })
    .catch(() => undefined);
}

/** How long a repeated submit waits for the first one's charge to be recorded before answering "pending". */
export const REPLAY_WAIT_MS = 15_000;

/**
 * A repeated submit (the same key on the same basket) whose first submit is still charging: wait, holding no
 * lock, until the first one has recorded what the processor said, so both answers agree.
 */
async function settledReplay(db: Database, input: PlaceInput, pending: PlaceOutcome, waitMs = REPLAY_WAIT_MS): Promise<PlaceOutcome> {
  const deadline = Date.now() + waitMs;
  let outcome = pending;
  while (outcome.kind === 'pending' && !outcome.reference && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    outcome = (await outcomeByKey(db, input.basketId, input.idempotencyKey)) ?? outcome;
  }
  return outcome;
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
export async function markPaid(tx: Queryable, orderId: number, hash: string, userId: number | null, mail: MailLinks, note: string | null = null) {
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
  await queueOrderConfirmation(tx, hash, mail);
  // Studio designs get their print files drawn once the order is paid (server/studio/printFiles.ts).
  await queuePrintFiles(tx, orderId);
}

/** The order this basket already placed with this key, answered as it stands now. */
async function outcomeByKey(db: Queryable, basketId: string, key: string): Promise<PlaceOutcome | null> {
  const { rows } = await db.query<{ id: number; hash: string; status: string; payment_reference: string | null; payment_processor: string }>(
    'select id, hash, status, payment_reference, payment_processor from orders where basket_id = $1 and idempotency_key = $2',
    [basketId, key],
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
