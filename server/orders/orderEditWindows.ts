import type { Queryable } from '../db/database';

/** The edit and address windows (the rules and their messages live in src/core/orderEdits.ts, shared with the pages). */
export { addressMessages, addressRefusal, editMessages, editRefusal, ORDER_LOOKUP_NOT_FOUND } from '../../src/core/orderEdits';

/** Whether the order has reached the factory floor (any label, printed or not). */
export async function onTheFloor(db: Queryable, orderId: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from factory_labels where order_id = $1 limit 1', [orderId]);
  return rows.length > 0;
}
