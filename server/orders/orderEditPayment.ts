import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import type { ChargeResult, PaymentInput, PaymentProcessor } from '../payments/types';
import { paymentMessages } from '../payments/types';
import type { PayPalClient } from '../payments/paypal';
import { recordAttempt, returnUrls, type PlaceOutcome } from './placeOrder';
import { checkoutMessages } from './checkoutBasket';
import { formatMoney } from '../../src/core/currency';

/**
 * /pay/{order}/ for the difference an edit left to pay (orders.balance_due, orderEdits.ts), through the processor
 * that takes the payment method — the same adapters as checkout — in steps, so no row lock is held while the
 * processor is called:
 *   1. read the balance and its version (a replayed Idempotency-Key answers the recorded attempt);
 *   2. charge exactly that balance, with a processor idempotency key of the order, the balance version and the key;
 *   3. lock the order: a payment taken at once (test processor) is recorded and the balance cleared; one the shopper
 *      finishes on the processor's side (Stripe's Payment Element, PayPal's approval) is remembered in
 *      balance_payments with the version it was made for, and settled by the Stripe webhook or the PayPal capture.
 * Settling checks the version again: when an edit changed the balance meanwhile, the money is given back and the
 * shopper asked to pay the new amount.
 */

export const BALANCE_PAID_NOTE = (amount: string) => `Paid the difference of ${amount} after a change`;
export const balanceMessages = {
  changedWhilePaying: 'This order changed while you were paying, so nothing was taken. Please check the amount and pay again.',
} as const;

/** The balance an order of this hash has left to pay after an edit (0 when none, or the order is unpaid). */
export async function balanceDueOf(db: Queryable, hash: string): Promise<number> {
  const { rows } = await db.query<{ balance_due: number; status: string }>('select balance_due, status from orders where hash = $1', [hash]);
  const order = rows[0];
  return order && order.status !== 'to_be_paid' ? order.balance_due : 0;
}

type Settled = 'paid' | 'failed' | 'changed';

/** The balance this payment was made for. */
interface Expected {
  orderId: number;
  amount: number;
  version: number;
}

/**
 * Step 3 of a balance payment, in the caller's transaction: locks the order, records the attempt (§3 Payment
 * attempt) and clears the balance — unless it is no longer the balance the money was taken for ('changed': the
 * attempt is recorded as given back, and the caller refunds it once the transaction is over).
 */
async function settleBalance(
  tx: Queryable,
  expected: Expected,
  processor: Pick<PaymentProcessor, 'name' | 'methodName'>,
  payment: PaymentInput | null,
  result: { outcome: 'succeeded' | 'failed'; reference: string | null; message: string },
  idempotencyKey: string | null,
  userId: number | null,
  methodName?: string,
): Promise<Settled> {
  const { rows } = await tx.query<{ balance_due: number; balance_version: number; status: string; currency: string }>(
    'select balance_due, balance_version, status, currency from orders where id = $1 for update',
    [expected.orderId],
  );
  const current = rows[0]!;
  const unchanged = current.balance_version === expected.version && current.balance_due === expected.amount;
  if (result.outcome === 'succeeded' && !unchanged) {
    // Recorded as given back (not as money kept), so the order's paid amount stays right.
    await recordAttempt(tx, expected.orderId, processor, payment, { ...result, outcome: 'failed', message: balanceMessages.changedWhilePaying }, expected.amount, idempotencyKey, methodName);
    return 'changed';
  }
  await recordAttempt(tx, expected.orderId, processor, payment, result, expected.amount, idempotencyKey, methodName);
  if (result.outcome === 'failed') return 'failed';
  await tx.query('update orders set balance_due = 0, updated_at = now() where id = $1', [expected.orderId]);
  await tx.query('insert into order_status_logs (order_id, status, previous_status, user_id, note) values ($1, $2, $2, $3, $4)', [
    expected.orderId,
    current.status,
    userId,
    BALANCE_PAID_NOTE(formatMoney(expected.amount, current.currency)),
  ]);
  return 'paid';
}

/** Money taken for a balance that changed meanwhile goes back (outside any transaction); the shopper is told. */
async function giveBack(processor: PaymentProcessor, reference: string, amount: number, currency: string): Promise<never> {
  await processor.refund?.({ reference, amount, currency, idempotencyKey: `balance-back-${reference}`, reason: balanceMessages.changedWhilePaying }).catch(() => undefined);
  throw new ApiError(409, balanceMessages.changedWhilePaying);
}

export async function payBalance(
  db: Database,
  processor: PaymentProcessor,
  input: { hash: string; idempotencyKey: string; payment: PaymentInput; userId: number | null; origin?: string | null },
): Promise<PlaceOutcome> {
  const { rows } = await db.query<{ id: number; status: string; balance_due: number; balance_version: number; currency: string; email: string }>(
    'select id, status, balance_due, balance_version, currency, email from orders where hash = $1',
    [input.hash],
  );
  const order = rows[0]!;
  const base = { orderId: order.id, hash: input.hash, status: order.status };
  const { rows: previous } = await db.query<{ is_successful: boolean; message: string }>('select is_successful, message from payment_attempts where order_id = $1 and idempotency_key = $2', [
    order.id,
    input.idempotencyKey,
  ]);
  if (previous[0]) return previous[0].is_successful ? { kind: 'paid', ...base, replay: true } : { kind: 'failed', ...base, replay: true, message: previous[0].message };
  const { rows: waiting } = await db.query<{ processor: string; reference: string }>(
    `select processor, reference from balance_payments where order_id = $1 and idempotency_key = $2 and status = 'pending'`,
    [order.id, input.idempotencyKey],
  );
  if (waiting[0]) return { kind: 'pending', ...base, replay: true, reference: waiting[0].reference, processor: waiting[0].processor };
  if (order.balance_due <= 0) return { kind: 'paid', ...base, replay: true };

  const expected: Expected = { orderId: order.id, amount: order.balance_due, version: order.balance_version };
  let result: ChargeResult;
  try {
    result = await processor.charge({
      amount: expected.amount,
      currency: order.currency,
      idempotencyKey: `balance-${order.id}-${order.balance_version}-${input.idempotencyKey}`,
      orderHash: input.hash,
      orderId: order.id,
      email: order.email,
      description: `Order #${order.id}: the difference after a change`,
      payment: input.payment,
      ...returnUrls(input.origin ?? null, input.hash),
    });
  } catch {
    result = { outcome: 'failed', reference: null, message: paymentMessages.processorUnavailable };
  }

  if (result.outcome === 'pending') {
    const pending = result;
    const kept = await db.transaction(async (tx) => {
      const { rows: now } = await tx.query<{ balance_due: number; balance_version: number }>('select balance_due, balance_version from orders where id = $1 for update', [order.id]);
      if (now[0]!.balance_version !== expected.version || now[0]!.balance_due !== expected.amount) return false;
      await tx.query('insert into balance_payments (order_id, processor, reference, amount, balance_version, idempotency_key) values ($1, $2, $3, $4, $5, $6)', [
        order.id,
        processor.name,
        pending.reference,
        expected.amount,
        expected.version,
        input.idempotencyKey,
      ]);
      return true;
    });
    if (!kept) {
      await processor.cancel?.(pending.reference).catch(() => undefined);
      throw new ApiError(409, balanceMessages.changedWhilePaying);
    }
    return { kind: 'pending', ...base, replay: false, reference: pending.reference, processor: processor.name, clientSecret: pending.clientSecret, approveUrl: pending.approveUrl };
  }

  const settled = await db.transaction((tx) => settleBalance(tx, expected, processor, input.payment, result as Exclude<ChargeResult, { outcome: 'pending' }>, input.idempotencyKey, input.userId));
  if (settled === 'changed') return giveBack(processor, result.reference!, expected.amount, order.currency);
  if (settled === 'failed') return { kind: 'failed', ...base, replay: false, message: result.message };
  return { kind: 'paid', ...base, replay: false };
}

interface BalancePaymentRow {
  id: number;
  order_id: number;
  amount: number;
  balance_version: number;
  status: string;
  currency: string;
}

/**
 * A processor's answer about a balance payment the shopper finished on its side (the Stripe webhook), in the
 * caller's transaction. Null when the reference is no balance payment (then it is a checkout payment). A decline
 * is recorded and leaves the payment waiting, since the shopper may try again on the same PaymentIntent.
 * 'changed': the caller refunds the money once the transaction is over.
 */
export async function settleBalancePayment(
  tx: Queryable,
  processor: Pick<PaymentProcessor, 'name' | 'methodName'>,
  reference: string,
  result: { outcome: 'succeeded' | 'failed'; message: string },
  methodName?: string,
): Promise<{ result: Settled | 'ignored'; amount: number; currency: string } | null> {
  const { rows } = await tx.query<BalancePaymentRow>(
    `select b.id, b.order_id, b.amount, b.balance_version, b.status, o.currency from balance_payments b join orders o on o.id = b.order_id
     where b.processor = $1 and b.reference = $2 for update of b`,
    [processor.name, reference],
  );
  const row = rows[0];
  if (!row) return null;
  const answer = (r: Settled | 'ignored') => ({ result: r, amount: row.amount, currency: row.currency });
  if (row.status !== 'pending') return answer('ignored');
  const settled = await settleBalance(tx, { orderId: row.order_id, amount: row.amount, version: row.balance_version }, processor, null, { ...result, reference }, null, null, methodName);
  if (settled !== 'failed') await tx.query('update balance_payments set status = $2, settled_at = now() where id = $1', [row.id, settled]);
  return answer(settled);
}

/**
 * The PayPal capture of a balance payment after the shopper approved it and came back to
 * /pay/{order}/?paypal=return. Null when the PayPal order is no balance payment of this order. No lock is held
 * during the capture: a balance that changed before it is never captured; one that changed during it is refunded.
 */
export async function captureBalancePayPal(
  db: Database,
  paypal: Pick<PayPalClient, 'captureOrder'>,
  processor: PaymentProcessor,
  input: { hash: string; paypalOrderId: string },
): Promise<PlaceOutcome | null> {
  const { rows } = await db.query<BalancePaymentRow & { hash: string; order_status: string; balance_due: number; current_version: number }>(
    `select b.id, b.order_id, b.amount, b.balance_version, b.status, o.currency, o.status as order_status, o.balance_due, o.balance_version as current_version
     from balance_payments b join orders o on o.id = b.order_id where o.hash = $1 and b.processor = $2 and b.reference = $3`,
    [input.hash, processor.name, input.paypalOrderId],
  );
  const row = rows[0];
  if (!row) return null;
  const base = { orderId: row.order_id, hash: input.hash, status: row.order_status };
  if (row.status === 'paid') return { kind: 'paid', ...base, replay: true };
  if (row.status === 'changed') throw new ApiError(409, balanceMessages.changedWhilePaying);
  if (row.status !== 'pending') throw new ApiError(409, checkoutMessages.notPayable);
  if (row.current_version !== row.balance_version || row.balance_due !== row.amount) {
    // PayPal moves no money before the capture: nothing to give back, the shopper pays the new amount.
    await db.query(`update balance_payments set status = 'changed', settled_at = now() where id = $1 and status = 'pending'`, [row.id]);
    throw new ApiError(409, balanceMessages.changedWhilePaying);
  }
  let capture: { ok: boolean; message: string };
  try {
    capture = await paypal.captureOrder(input.paypalOrderId, `capture-balance-${row.id}-${input.paypalOrderId}`);
  } catch {
    capture = { ok: false, message: paymentMessages.processorUnavailable };
  }
  const result = { outcome: capture.ok ? ('succeeded' as const) : ('failed' as const), message: capture.message };
  const settled = await db.transaction((tx) => settleBalancePayment(tx, processor, input.paypalOrderId, result, 'PayPal'));
  if (settled?.result === 'changed') return giveBack(processor, input.paypalOrderId, row.amount, row.currency);
  if (settled?.result === 'ignored') return { kind: 'paid', ...base, replay: true };
  if (!capture.ok) return { kind: 'failed', ...base, replay: false, message: capture.message };
  return { kind: 'paid', ...base, replay: false };
}
