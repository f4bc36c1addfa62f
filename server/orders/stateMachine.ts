import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { allowedTransitions, canTransition, type OrderStatus } from '../../src/core/orderLifecycle';

export { canTransition, orderProgress, ORDER_TRANSITIONS, NORMAL_PROGRESS_GROUPS } from '../../src/core/orderLifecycle';

/** The 409 message of a refused transition: what the order is, and where it may go instead. */
export function transitionRefused(from: string, to: string): string {
  const allowed = allowedTransitions(from);
  return `This order cannot move from ${from} to ${to}. ${allowed.length ? `Allowed: ${allowed.join(', ')}.` : 'It cannot move any further.'}`;
}

/** Writes the §3 status log row of a status an order just entered (call inside the transaction that set it). */
export async function logStatus(tx: Queryable, orderId: number, status: OrderStatus, previous: string | null, userId: number | null, note: string | null = null) {
  await tx.query('insert into order_status_logs (order_id, status, previous_status, user_id, note) values ($1, $2, $3, $4, $5)', [
    orderId,
    status,
    previous,
    userId,
    note,
  ]);
}

/**
 * Moves an order to `to` if the lifecycle allows it from its current status, and logs the change (who, when) —
 * both in `tx`. The row is locked first, so two concurrent transitions serialise and the second sees the first's
 * result. Returns the previous status; throws 409 naming the allowed statuses when the move is not allowed.
 */
export async function transitionOrder(
  tx: Queryable,
  orderId: number,
  to: OrderStatus,
  options: { userId?: number | null; note?: string | null } = {},
): Promise<string> {
  const { rows } = await tx.query<{ status: string }>('select status from orders where id = $1 for update', [orderId]);
  const from = rows[0]?.status;
  if (from === undefined) throw new ApiError(404, '404 Not found');
  if (!canTransition(from, to)) throw new ApiError(409, transitionRefused(from, to), { status: [...allowedTransitions(from)] });
  await tx.query('update orders set status = $2, updated_at = now() where id = $1', [orderId, to]);
  await logStatus(tx, orderId, to, from, options.userId ?? null, options.note ?? null);
  return from;
}
