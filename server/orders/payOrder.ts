import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import type { PaymentInput, PaymentProcessor } from '../payments/types';
import { paymentMessages } from '../payments/types';
import { checkoutMessages } from './checkoutBasket';
import { markPaid, recordAttempt, type PlaceOutcome } from './placeOrder';

/**
 * /pay/{order}/: pays an order that is still to_be_paid (it holds its stock reservation). A failed attempt is
 * recorded and the order stays payable; a retry with the same Idempotency-Key answers the recorded attempt.
 */
export async function payOrder(
  db: Database,
  processorFor: (payment: PaymentInput) => PaymentProcessor,
  input: { hash: string; idempotencyKey: string; payment: PaymentInput; userId: number | null; origin: string | null },
): Promise<PlaceOutcome> {
  const processor = processorFor(input.payment);
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
    if (order.status !== 'to_be_paid') {
      if (order.status === 'payment_failed' || order.status === 'cancelled') throw new ApiError(409, checkoutMessages.notPayable);
      return { kind: 'paid', ...base, status: order.status };
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
      });
    } catch {
      result = { outcome: 'failed' as const, reference: null, message: paymentMessages.processorUnavailable };
    }
    if (result.outcome === 'pending') {
      await tx.query('update orders set payment_processor = $2, payment_reference = $3, payment_method = $4 where id = $1', [
        order.id, processor.name, result.reference, processor.methodName(input.payment),
      ]);
      return { kind: 'pending', ...base, replay: false, status: 'to_be_paid', reference: result.reference, processor: processor.name, clientSecret: result.clientSecret, approveUrl: result.approveUrl };
    }
    await recordAttempt(tx, order.id, processor, input.payment, result, order.total, input.idempotencyKey);
    if (result.outcome === 'failed') return { kind: 'failed', ...base, replay: false, status: 'to_be_paid', message: result.message };
    await tx.query('update orders set payment_processor = $2, payment_reference = $3, payment_method = $4 where id = $1', [
      order.id, processor.name, result.reference, processor.methodName(input.payment),
    ]);
    await markPaid(tx, order.id, input.hash, input.userId, input.origin);
    return { kind: 'paid', ...base, replay: false, status: 'paid' };
  });
}

/**
 * A processor's confirmation (Stripe webhook payment_intent.succeeded / payment_failed, PayPal capture) for
 * the order with that reference. Idempotent: an order already paid is left alone.
 */
export async function settleByReference(
  db: Database,
  processor: Pick<PaymentProcessor, 'name' | 'methodName'>,
  reference: string,
  result: { outcome: 'succeeded' | 'failed'; message: string; methodName?: string },
  origin: string | null,
): Promise<'paid' | 'failed' | 'ignored'> {
  return db.transaction((tx) => settleInTransaction(tx, processor, reference, result, origin));
}

export async function settleInTransaction(
  tx: Queryable,
  processor: Pick<PaymentProcessor, 'name' | 'methodName'>,
  reference: string,
  result: { outcome: 'succeeded' | 'failed'; message: string; methodName?: string },
  origin: string | null,
): Promise<'paid' | 'failed' | 'ignored'> {
  const { rows } = await tx.query<{ id: number; hash: string; status: string; total: number }>(
    'select id, hash, status, total from orders where payment_processor = $1 and payment_reference = $2 for update',
    [processor.name, reference],
  );
  const order = rows[0];
  if (!order || order.status !== 'to_be_paid') return 'ignored';
  await recordAttempt(tx, order.id, processor, null, { ...result, reference }, order.total, null, result.methodName);
  if (result.outcome === 'failed') return 'failed';
  await markPaid(tx, order.id, order.hash, null, origin);
  return 'paid';
}
