import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { canTransition, type OrderStatus } from '../../src/commerce/orders/orderStatus';

export { canTransition, orderProgress, ORDER_TRANSITIONS, NORMAL_PROGRESS_GROUPS } from '../../src/commerce/orders/orderStatus';

export const INVALID_TRANSITION = 'This order cannot move to that status.';

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
 * Moves an order to `to` if the state machine allows it from its current status, and logs the change — both in
 * `tx`. The row is locked first, so two concurrent transitions serialise and the second sees the first's result.
 * Returns the previous status; throws 409 when the move is not allowed.
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
  if (!canTransition(from, to)) throw new ApiError(409, INVALID_TRANSITION);
  await tx.query('update orders set status = $2, updated_at = now() where id = $1', [orderId, to]);
  await logStatus(tx, orderId, to, from, options.userId ?? null, options.note ?? null);
  return from;
}
