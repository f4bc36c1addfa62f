import type { Database, Queryable } from '../db/database';
import { ApiError, apiMessages } from '../http/errors';
import type { PaymentInput, PaymentProcessor } from '../payments/types';
import { paymentMessages } from '../payments/types';
import type { PayPalClient } from '../payments/paypal';
import { checkoutMessages } from './checkoutBasket';
import { markPaid, recordAttempt, returnUrls, type PlaceOutcome } from './placeOrder';
import type { MailLinks } from './orders';
import type { ThemeService } from '../themes';
import { isPayableStatus, progressGroupIndex } from '../../src/core/orderLifecycle';
import { markQuotePaid } from './quotes';
import { transitionOrder } from './stateMachine';
import { LATE_PAYMENT_REFUND_NOTE, LATE_PAYMENT_RESERVED_NOTE, releaseOrderStock, reserveOrderStock } from './expiry';
import { balanceDueOf, captureBalancePayPal, payBalance } from './orderEditPayment';

/**
 * /pay/{order}/: pays an order that is still to_be_paid (it holds its stock reservation). A failed attempt is
 * recorded and the order stays payable; a retry with the same Idempotency-Key answers the recorded attempt.
 * An expired order (its stock already released, expiry.ts) answers 409 checkoutMessages.orderExpired and is
 * never charged.
 */
export async function payOrder(
  db: Database,
  processorFor: (payment: PaymentInput) => PaymentProcessor,
  input: { hash: string; idempotencyKey: string; payment: PaymentInput; userId: number | null; origin: string | null; themes?: ThemeService | null },
): Promise<PlaceOutcome> {
  const processor = processorFor(input.payment);
  // A paid order an edit made dearer: the difference is paid here (orderEditPayment.ts).
  if ((await balanceDueOf(db, input.hash)) > 0) return payBalance(db, processor, input);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; status: string; total: number; currency: string; email: string }>(
      'select id, status, total, currency, email from orders where hash = $1 for update',
      [input.hash],
    );
    const order = rows[0];
    if (!order) throw new ApiError(404, '404 Not found');
    const base = { orderId: order.id, hash: input.hash, replay: true };
    const previous = (
      await tx.query<{ is_successful: boolean; message: string }>('select is_successful, message from payment_attempts where order_id = $1 and idempotency_key = $2', [
        order.id,
        input.idempotencyKey,
      ])
    ).rows[0];
    if (previous) return previous.is_successful ? { kind: 'paid', ...base, status: order.status } : { kind: 'failed', ...base, status: order.status, message: previous.message };
    if (!isPayableStatus(order.status)) {
      // Expired: its stock went back when the payment window passed, so nothing is charged (expiry.ts).
      if (order.status === 'expired') throw new ApiError(409, checkoutMessages.orderExpired);
      if (isPaidOrLater(order.status)) return { kind: 'paid', ...base, status: order.status };
      throw new ApiError(409, checkoutMessages.notPayable);
    }
    let result;
    try {
      result = await processor.charge({
        amount: order.total,
        currency: order.currency,
        idempotencyKey: `pay-${order.id}-${input.idempotencyKey}`,
        orderHash: input.hash,
        orderId: order.id,
        email: order.email,
        description: `Order #${order.id}`,
        payment: input.payment,
        ...returnUrls(input.origin, input.hash),
      });
    } catch {
      result = { outcome: 'failed' as const, reference: null, message: paymentMessages.processorUnavailable };
    }
    if (result.outcome === 'pending') {
      await tx.query('update orders set payment_processor = $2, payment_reference = $3, payment_method = $4 where id = $1', [
        order.id, processor.name, result.reference, processor.methodName(input.payment),
      ]);
      return { kind: 'pending', ...base, replay: false, status: order.status, reference: result.reference, processor: processor.name, clientSecret: result.clientSecret, approveUrl: result.approveUrl };
    }
    await recordAttempt(tx, order.id, processor, input.payment, result, order.total, input.idempotencyKey);
    if (result.outcome === 'failed') return { kind: 'failed', ...base, replay: false, status: order.status, message: result.message };
    await tx.query('update orders set payment_processor = $2, payment_reference = $3, payment_method = $4 where id = $1', [
      order.id, processor.name, result.reference, processor.methodName(input.payment),
    ]);
    // An approved quote becomes bespoke_paid (§4 bespoke groups); a checkout order paid.
    if (order.status === 'bespoke_approved') {
      await markQuotePaid(tx, order.id, input.hash, input.userId, { origin: input.origin, themes: input.themes });
      return { kind: 'paid', ...base, replay: false, status: 'bespoke_paid' };
    }
    await markPaid(tx, order.id, input.hash, input.userId, { origin: input.origin, themes: input.themes });
    return { kind: 'paid', ...base, replay: false, status: 'paid' };
  });
}

/** paid and every status after it (§4 groups from "paid" on, bespoke from bespoke_paid on): nothing left to pay. */
const isPaidOrLater = (status: string) => progressGroupIndex(status) >= 1 || progressGroupIndex(status, 'bespoke') >= 3;

export type SettleResult = 'paid' | 'failed' | 'ignored' | 'refund_due';

/**
 * A processor's confirmation (Stripe webhook payment_intent.succeeded / payment_failed) for the order with that
 * reference, in the webhook's transaction. Idempotent: an order already paid is left alone. A to_be_paid order
 * becomes paid (or records the failed attempt and stays payable).
 *
 * A payment that succeeds for an EXPIRED order (Stripe: the shopper confirmed after the window, the money is
 * already taken) never silently resurrects it: the attempt is recorded, then the order's units are reserved
 * again — all of them or none. All there: expired → paid with a status-log note, and the order proceeds like any
 * paid order. Not all there: expired → refund_due with a note; nothing ships and staff refund the payment.
 * A failed attempt on an expired order is recorded and changes nothing.
 */
export async function settleInTransaction(
  tx: Queryable,
  processor: Pick<PaymentProcessor, 'name' | 'methodName'>,
  reference: string,
  result: { outcome: 'succeeded' | 'failed'; message: string; methodName?: string },
  mail: MailLinks,
): Promise<SettleResult> {
  const { rows } = await tx.query<{ id: number; hash: string; status: string; total: number }>(
    'select id, hash, status, total from orders where payment_processor = $1 and payment_reference = $2 for update',
    [processor.name, reference],
  );
  const order = rows[0];
  if (!order || (!isPayableStatus(order.status) && order.status !== 'expired')) return 'ignored';
  await recordAttempt(tx, order.id, processor, null, { ...result, reference }, order.total, null, result.methodName);
  if (result.outcome === 'failed') return 'failed';
  if (order.status === 'expired') {
    if (!(await reserveOrderStock(tx, order.id))) {
      await transitionOrder(tx, order.id, 'refund_due', { note: LATE_PAYMENT_REFUND_NOTE });
      return 'refund_due';
    }
    await markPaid(tx, order.id, order.hash, null, mail, LATE_PAYMENT_RESERVED_NOTE);
    return 'paid';
  }
  if (order.status === 'bespoke_approved') await markQuotePaid(tx, order.id, order.hash, null, mail);
  else await markPaid(tx, order.id, order.hash, null, mail);
  return 'paid';
}

/**
 * The PayPal capture after the shopper approved on PayPal and came back to /pay/{order}/?paypal=return.
 * The order row stays locked from the check to the recorded result, so the expiry sweep (which skips locked
 * rows) can never expire an order while its money is being captured.
 *
 * - to_be_paid: capture; success → paid, failure → the attempt is recorded and the order stays payable.
 * - expired: PayPal has not moved any money yet, so the stock is reserved again FIRST. All units there →
 *   capture (success → expired → paid with a note; failure → the units go back, the order stays expired).
 *   Not all there → 409 "this order has expired" and PayPal is never asked to capture: the shopper pays nothing.
 * - already paid (or later): answered as paid without capturing again.
 * - anything else (payment failed, cancelled, refund due): 409, no capture.
 * A PayPal order made for the difference an edit left to pay is captured by captureBalancePayPal instead.
 */
export async function capturePayPalPayment(
  db: Database,
  paypal: Pick<PayPalClient, 'captureOrder'>,
  processor: PaymentProcessor,
  input: { hash: string; paypalOrderId: string; origin: string | null; themes?: ThemeService | null },
): Promise<PlaceOutcome> {
  const balance = await captureBalancePayPal(db, paypal, processor, input);
  if (balance) return balance;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; status: string; total: number; payment_processor: string; payment_reference: string | null }>(
      'select id, status, total, payment_processor, payment_reference from orders where hash = $1 for update',
      [input.hash],
    );
    const order = rows[0];
    if (!order || order.payment_processor !== processor.name || order.payment_reference !== input.paypalOrderId) throw new ApiError(404, apiMessages.notFound);
    const base = { orderId: order.id, hash: input.hash };
    if (isPaidOrLater(order.status)) return { kind: 'paid', ...base, status: order.status, replay: true };
    if (order.status !== 'to_be_paid' && order.status !== 'expired') throw new ApiError(409, checkoutMessages.notPayable);
    const late = order.status === 'expired';
    // Throwing rolls back: nothing was reserved, nothing captured.
    if (late && !(await reserveOrderStock(tx, order.id))) throw new ApiError(409, checkoutMessages.orderExpired);
    let capture: { ok: boolean; message: string };
    try {
      // One PayPal-Request-Id per PayPal order: a retried capture of the same approval is the same capture.
      capture = await paypal.captureOrder(input.paypalOrderId, `capture-${input.hash}-${input.paypalOrderId}`);
    } catch {
      capture = { ok: false, message: paymentMessages.processorUnavailable };
    }
    const result = { outcome: capture.ok ? ('succeeded' as const) : ('failed' as const), reference: input.paypalOrderId, message: capture.message };
    await recordAttempt(tx, order.id, processor, null, result, order.total, null, 'PayPal');
    if (!capture.ok) {
      if (late) await releaseOrderStock(tx, [order.id]);
      return { kind: 'failed', ...base, status: order.status, replay: false, message: capture.message };
    }
    await markPaid(tx, order.id, input.hash, null, { origin: input.origin, themes: input.themes }, late ? LATE_PAYMENT_RESERVED_NOTE : null);
    return { kind: 'paid', ...base, status: 'paid', replay: false };
  });
}
