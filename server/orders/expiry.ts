import { StartupError, type Database, type Queryable } from '../db/database';
import { transitionOrder } from './stateMachine';
import { startPeriodic } from '../services/periodic';
import type { PaymentProcessor } from '../payments/types';
import { returnStock, takeStock, type StockUnits } from './stock';

/**
 * Expiry of abandoned unpaid orders. An order placed with Stripe or PayPal stays
 * `to_be_paid`, holding its stock reservation, until the webhook or the capture arrives. A shopper who walks
 * away must not hold that stock forever: once the payment window has passed, the sweep moves the order to
 * `expired` (state machine + status log) and gives its reserved units back — all in one transaction.
 *
 * Concurrency: the candidates are locked with `FOR UPDATE SKIP LOCKED`, so two sweeping processes (or a sweep and
 * a /pay/ or PayPal capture holding the order's lock) never touch the same order; an order is expired and its
 * stock released exactly once. Stock rows are updated in ascending variant id, the order checkout reserves in,
 * so a sweep and a checkout cannot deadlock.
 *
 * A payment that still arrives for an expired order is handled in payOrder.ts (settleInTransaction and
 * capturePayPalPayment): the stock is reserved again if every unit is still there (expired → paid, logged),
 * otherwise a money-taken webhook moves it to `refund_due` and a PayPal capture is refused before any money moves.
 */

/** The one place the default payment window lives (env ORDER_PAYMENT_WINDOW_MINUTES overrides it). */
export const DEFAULT_ORDER_PAYMENT_WINDOW_MINUTES = 60;
/** How often a serving process sweeps (and once when it starts listening). */
export const ORDER_EXPIRY_SWEEP_INTERVAL_MS = 60_000;
/** Orders expired per transaction; the sweep loops until a batch comes back short. */
export const ORDER_EXPIRY_BATCH = 100;

/** ORDER_PAYMENT_WINDOW_MINUTES as a whole number of minutes (≥ 1); a bad value stops the server with one line. */
export function paymentWindowMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.ORDER_PAYMENT_WINDOW_MINUTES?.trim();
  if (!raw) return DEFAULT_ORDER_PAYMENT_WINDOW_MINUTES;
  const minutes = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(minutes) || minutes < 1) {
    throw new StartupError(`ORDER_PAYMENT_WINDOW_MINUTES must be a whole number of minutes (1 or more), got "${env.ORDER_PAYMENT_WINDOW_MINUTES}".`);
  }
  return minutes;
}

export const expiryNote = (windowMinutes: number) => `Not paid within ${windowMinutes} minutes: stock released`;
export const LATE_PAYMENT_RESERVED_NOTE = 'Paid after the payment window: stock reserved again';
export const LATE_PAYMENT_REFUND_NOTE = 'Paid after the payment window and the stock is gone: refund the payment';

/**
 * The units an order holds, one row per variant, in ascending variant id (the lock order of checkout). A bundle's
 * parent item holds nothing itself: its child items (one per component, parent_item_id) hold the units, so they
 * are counted once, through the children.
 */
async function orderUnits(tx: Queryable, orderIds: number[]): Promise<{ variantId: number | null; quantity: number }[]> {
  const { rows } = await tx.query<{ variant_id: number | null; quantity: number }>(
    `select variant_id, sum(quantity)::int as quantity from order_items oi
     where order_id = any($1::int[]) and not exists (select 1 from order_items c where c.parent_item_id = oi.id)
     group by variant_id order by variant_id nulls last`,
    [orderIds],
  );
  return rows.map((r) => ({ variantId: r.variant_id, quantity: r.quantity }));
}

/** Gives the units of these orders back to stock (a variant deleted since has nothing to return to). */
export async function releaseOrderStock(tx: Queryable, orderIds: number[]): Promise<void> {
  await returnStock(tx, (await orderUnits(tx, orderIds)).filter((u): u is StockUnits => u.variantId !== null));
}

/**
 * Takes an expired order's units from stock again, all or nothing: true when every line could be reserved
 * (a line whose variant was deleted cannot), false with nothing changed otherwise.
 */
export async function reserveOrderStock(tx: Queryable, orderId: number): Promise<boolean> {
  const units = await orderUnits(tx, [orderId]);
  if (units.some((u) => u.variantId === null)) return false;
  return (await takeStock(tx, units as StockUnits[])) === null;
}

export interface ExpiredOrder {
  id: number;
  hash: string;
  /** The processor and its reference of the payment the order was waiting for (Stripe: the PaymentIntent id). */
  processor: string | null;
  reference: string | null;
}

/**
 * One sweep: every `to_be_paid` order placed more than `windowMinutes` before `now` becomes `expired`, with its
 * status log row and its stock given back, in transactions of `batchSize` orders. Safe to run at the same time
 * from several processes (see above). Returns the orders this call expired.
 */
export async function expireUnpaidOrders(
  db: Database,
  options: { windowMinutes?: number; now?: Date; batchSize?: number } = {},
): Promise<ExpiredOrder[]> {
  const windowMinutes = options.windowMinutes ?? DEFAULT_ORDER_PAYMENT_WINDOW_MINUTES;
  const batchSize = options.batchSize ?? ORDER_EXPIRY_BATCH;
  const cutoff = new Date((options.now ?? new Date()).getTime() - windowMinutes * 60_000);
  const expired: ExpiredOrder[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const { rows } = await tx.query<ExpiredOrder>(
        `select id, hash, payment_processor as processor, payment_reference as reference from orders where status = 'to_be_paid' and created_at < $1
         order by id limit $2 for update skip locked`,
        [cutoff, batchSize],
      );
      if (rows.length === 0) return rows;
      // The rows are locked and still to_be_paid: each transition is valid, logged, and happens once.
      for (const order of rows) await transitionOrder(tx, order.id, 'expired', { note: expiryNote(windowMinutes) });
      await releaseOrderStock(
        tx,
        rows.map((o) => o.id),
      );
      return rows;
    });
    expired.push(...batch);
    if (batch.length < batchSize) return expired;
  }
}

interface SweepLogger {
  info(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

/**
 * Runs `expireUnpaidOrders` now and every `intervalMs` (server/services/periodic.ts). Returns `stop`.
 */
export function startOrderExpirySweep(
  db: Database,
  options: { windowMinutes: number; intervalMs?: number; logger?: SweepLogger; processors?: readonly PaymentProcessor[] },
): () => Promise<void> {
  return startPeriodic(
    async () => {
      const orders = await expireUnpaidOrders(db, { windowMinutes: options.windowMinutes });
      if (orders.length === 0) return;
      options.logger?.info({ orders: orders.map((o) => o.id) }, `expired ${orders.length} unpaid order(s)`);
      await cancelPendingPayments(orders, options.processors ?? [], options.logger);
    },
    options.intervalMs ?? ORDER_EXPIRY_SWEEP_INTERVAL_MS,
    (error) => options.logger?.error({ err: error }, 'order expiry sweep failed'),
  );
}

/**
 * After the orders are expired (committed): withdraws the payments they were waiting for at their processors,
 * one by one, best effort — a failure is logged and the late-payment path still guards the order.
 */
export async function cancelPendingPayments(orders: readonly ExpiredOrder[], processors: readonly PaymentProcessor[], logger?: SweepLogger): Promise<number> {
  let cancelled = 0;
  for (const order of orders) {
    const processor = processors.find((p) => p.name === order.processor);
    if (!processor?.cancel || !order.reference) continue;
    try {
      await processor.cancel(order.reference);
      cancelled++;
    } catch (error) {
      logger?.error({ err: error, order: order.id }, 'could not cancel the pending payment of an expired order');
    }
  }
  return cancelled;
}
