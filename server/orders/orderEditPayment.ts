import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import type { ChargeResult, PaymentInput, PaymentProcessor } from '../payments/types';
import { paymentMessages } from '../payments/types';
import { recordAttempt, type PlaceOutcome } from './placeOrder';
import { editMessages } from './orderEditWindows';
import { formatMoney } from '../../src/core/currency';

/**
 * /pay/{order}/ for the difference an edit left to pay (orders.balance_due, orderEdits.ts), in three steps so no
 * row lock is held while the processor is called:
 *   1. read the balance and its version (a replayed Idempotency-Key answers the recorded attempt);
 *   2. charge exactly that balance, with a processor idempotency key of the order, the balance version and the key;
 *   3. lock the order: the attempt is recorded; on success the balance is cleared — unless an edit changed it in
 *      the meantime, in which case the charge is given back and the shopper asked to pay the new amount.
 * A processor that finishes later (Stripe's Payment Element, PayPal's approval) cannot pay a balance yet: its
 * pending payment is withdrawn and the shopper told so.
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

export async function payBalance(
  db: Database,
  processor: PaymentProcessor,
  input: { hash: string; idempotencyKey: string; payment: PaymentInput; userId: number | null },
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
  if (order.balance_due <= 0) return { kind: 'paid', ...base, replay: true };

  const amount = order.balance_due;
  let result: ChargeResult;
  try {
    result = await processor.charge({
      amount,
      currency: order.currency,
      idempotencyKey: `balance-${order.id}-${order.balance_version}-${input.idempotencyKey}`,
      orderHash: input.hash,
      orderId: order.id,
      email: order.email,
      description: `Order #${order.id}: the difference after a change`,
      payment: input.payment,
    });
  } catch {
    result = { outcome: 'failed', reference: null, message: paymentMessages.processorUnavailable };
  }
  if (result.outcome === 'pending') {
    await processor.cancel?.(result.reference).catch(() => undefined);
    throw new ApiError(409, editMessages.balanceNotPayable);
  }

  const settled = await db.transaction(async (tx) => {
    const { rows: now } = await tx.query<{ balance_due: number; balance_version: number; status: string }>('select balance_due, balance_version, status from orders where id = $1 for update', [order.id]);
    const current = now[0]!;
    const unchanged = current.balance_version === order.balance_version && current.balance_due === amount;
    if (result.outcome === 'succeeded' && !unchanged) {
      // Recorded as given back (not as money kept), so the order's paid amount stays right.
      await recordAttempt(tx, order.id, processor, input.payment, { ...result, outcome: 'failed', message: balanceMessages.changedWhilePaying }, amount, input.idempotencyKey);
      return 'changed' as const;
    }
    await recordAttempt(tx, order.id, processor, input.payment, result, amount, input.idempotencyKey);
    if (result.outcome === 'failed') return 'failed' as const;
    await tx.query('update orders set balance_due = 0, updated_at = now() where id = $1', [order.id]);
    await tx.query('insert into order_status_logs (order_id, status, previous_status, user_id, note) values ($1, $2, $2, $3, $4)', [
      order.id,
      current.status,
      input.userId,
      BALANCE_PAID_NOTE(formatMoney(amount, order.currency)),
    ]);
    return 'paid' as const;
  });
  if (settled === 'changed') {
    await processor.refund?.({ reference: result.reference!, amount, currency: order.currency, idempotencyKey: `balance-back-${result.reference}`, reason: balanceMessages.changedWhilePaying }).catch(() => undefined);
    throw new ApiError(409, balanceMessages.changedWhilePaying);
  }
  if (settled === 'failed') return { kind: 'failed', ...base, replay: false, message: result.message };
  return { kind: 'paid', ...base, replay: false };
}
