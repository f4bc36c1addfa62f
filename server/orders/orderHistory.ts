import type { Queryable } from '../db/database';
import { randomBytes } from 'node:crypto';
import { ORDER_STATUS_LABELS, isOrderStatus, isPayableStatus, orderProgress, progressKind } from '../../src/core/orderLifecycle';
import type { OrderHistoryView } from '../../src/core/api/orderHistory';
import { addressRefusal, editRefusal } from './orderEditWindows';
import { returnRefusal } from '../../src/core/returns';

type Row = Record<string, unknown>;

/**
 * The order-history hash of a store's shopper by email (migration 101), made the first time it is needed: the
 * receipt, an order mail or the signed-in shopper's "My orders". Safe when two requests make it at once.
 */
export async function customerHashFor(db: Queryable, divisionId: number, email: string): Promise<string> {
  const address = email.trim().toLowerCase();
  await db.query('insert into order_customers (hash, division_id, email) values ($1, $2, $3) on conflict (division_id, email) do nothing', [randomBytes(18).toString('base64url'), divisionId, address]);
  const { rows } = await db.query<{ hash: string }>('select hash from order_customers where division_id = $1 and email = $2', [divisionId, address]);
  return rows[0]!.hash;
}

/** The customer hash of an order (by the order's own hash), or null for an unknown order. */
export async function customerHashOfOrder(db: Queryable, orderHash: string): Promise<string | null> {
  const { rows } = await db.query<{ division_id: number; email: string }>('select division_id, email from orders where hash = $1', [orderHash]);
  return rows[0] ? customerHashFor(db, rows[0].division_id, rows[0].email) : null;
}

/**
 * Every order the customer placed in the store (newest first) with its status, §4 progress and total, and the
 * items as they stand (active quantity, §3) for a reorder. Null when the hash is not a customer of this store.
 */
export async function loadOrderHistory(db: Queryable, divisionId: number, customerHash: string): Promise<OrderHistoryView | null> {
  const { rows: customers } = await db.query<{ email: string }>('select email from order_customers where hash = $1 and division_id = $2', [customerHash, divisionId]);
  const customer = customers[0];
  if (!customer) return null;
  const { rows: orders } = await db.query<Row>(
    `select o.id, o.hash, o.status, o.total, o.currency, o.created_at, o.fulfilment_factory, o.balance_due,
            exists (select 1 from factory_labels f where f.order_id = o.id) as on_floor,
            (select array_agg(l.status order by l.id) from order_status_logs l where l.order_id = o.id) as history,
            (select min(l.created_at) from order_status_logs l where l.order_id = o.id and l.status in ('complete', 'bespoke_shipped')) as dispatched_at,
            (select d.return_window_days from divisions d where d.id = o.division_id) as return_window_days
     from orders o where o.division_id = $1 and o.email = $2 order by o.id desc limit 200`,
    [divisionId, customer.email],
  );
  const ids = orders.map((o) => o.id as number);
  const { rows: items } = ids.length
    ? await db.query<Row>(
        `select i.id, i.order_id, i.product_id, i.name, i.options, i.quantity, i.price, i.parent_item_id,
                coalesce((select sum(r.quantity) from order_item_returns r where r.order_item_id = i.id), 0)::int as returned,
                (select count(*) from factory_labels f where f.order_item_id = i.id and f.cancelled_at is not null)::int as cancelled_labels
         from order_items i where i.order_id = any($1::int[]) and i.parent_item_id is null order by i.position, i.id`,
        [ids],
      )
    : { rows: [] as Row[] };
  const now = new Date();
  const view: OrderHistoryView = {
    email: customer.email,
    orders: orders.map((o) => {
      const status = o.status as string;
      const kind = progressKind({ status, history: (o.history as string[] | null) ?? [], fulfilmentFactory: o.fulfilment_factory as string });
      return {
        hash: o.hash as string,
        number: o.id as number,
        status,
        statusLabel: isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status,
        progress: orderProgress(status, kind),
        progressKind: kind,
        total: o.total as number,
        currency: o.currency as string,
        createdAt: new Date(o.created_at as string).toISOString(),
        payable: isPayableStatus(status),
        balanceDue: o.balance_due as number,
        canEdit: editRefusal(status, o.on_floor as boolean) === null,
        canUpdateAddress: addressRefusal(status, (o.history as string[] | null) ?? []) === null,
        returnable: false,
        items: items
          .filter((i) => i.order_id === o.id)
          .map((i) => {
            const options = (i.options as { colour?: string | null; size?: string | null }) ?? {};
            return {
              productId: (i.product_id as number | null) ?? null,
              name: i.name as string,
              colour: options.colour ?? null,
              size: options.size ?? null,
              quantity: i.quantity as number,
              // §3 Active quantity = quantity − returned quantities − cancelled labels.
              activeQuantity: Math.max(0, (i.quantity as number) - (i.returned as number) - (i.cancelled_labels as number)),
              unitPrice: i.price as number,
            };
          }),
      };
    }),
  };
  // "Return items" where the return rules allow it and something is still active (src/core/returns.ts).
  for (const [n, order] of view.orders.entries()) {
    const o = orders[n]!;
    const facts = { status: order.status, history: (o.history as string[] | null) ?? [], dispatchedAt: o.dispatched_at ? new Date(o.dispatched_at as string) : null, windowDays: o.return_window_days as number };
    order.returnable = returnRefusal(facts, now) === null && order.items.some((i) => i.activeQuantity > 0);
  }
  return view;
}
