import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import type { PaymentProcessor } from '../payments/types';
import { canTransition } from '../../src/core/orderLifecycle';
import { transitionOrder } from './stateMachine';

export const refundMessages = {
  orderNotFound: 'This order does not exist.',
  notPaid: 'This order was never paid, so there is nothing to refund.',
  nothingLeft: 'Everything paid for this order has already been refunded.',
  itemNotInOrder: 'This item is not part of the order.',
  itemRefunded: 'This item has already been refunded.',
  tooManyUnits: (left: number) => `Only ${left} ${left === 1 ? 'unit' : 'units'} of this item can still be refunded.`,
  noProcessor: 'This payment cannot be refunded from atlas: refund it on the payment processor, then mark the order refunded.',
  pending: 'A refund of this order is still being processed. Try again in a moment.',
} as const;

type Row = Record<string, unknown>;

/** §9: the shipping refund is a line of its own, the product with this sku. */
export const SHIPPING_REFUND_SKU = 'EMB-39';

export interface RefundInput {
  orderId: number;
  /** Whole items (every unit not refunded yet). */
  itemIds?: number[];
  /** Some units of items: the refund is the line total's share of those units. */
  items?: { id: number; quantity: number }[];
  /** Also give back what the shopper paid for shipping (once per order), as a line of product EMB-39. */
  shipping?: boolean;
  reason: string;
  /** Cancel the refunded units' unpicked labels (default). A return's units were made and shipped: it keeps them. */
  cancelLabels?: boolean;
  /** Staff who refunded; null when the shopper's own return asked for it. */
  userId: number | null;
}

interface RefundLine {
  itemId: number | null;
  quantity: number | null;
  amount: number;
  sku: string | null;
}

export interface PendingRefund {
  ids: number[];
  lines: RefundLine[];
  amount: number;
  processor: PaymentProcessor;
  reference: string;
  currency: string;
  fullyRefunded: boolean;
}

export interface RefundOutcome {
  refundId: number;
  amount: number;
  ok: boolean;
  message: string;
  status: string;
}

/**
 * Refunds an order in full or some of its items through the processor that took the payment. Three steps so no
 * row lock is held while the processor is called: (1) in a transaction, lock the order, work out the amount and
 * write a pending refund row; (2) call the processor with the row's id as idempotency key; (3) in a transaction,
 * settle the row, cancel the refunded items' unpicked labels and — when everything paid is refunded — move the
 * order to refunded (or bespoke_refunded), with the status log. Returns (server/orders/returns.ts) run the steps
 * themselves so step 1 shares the transaction that writes the return logs.
 */
export async function refundOrder(db: Database, processorOf: (name: string) => PaymentProcessor | null, input: RefundInput): Promise<RefundOutcome> {
  const pending = await db.transaction((tx) => prepareRefund(tx, processorOf, input));
  const result = await callProcessor(pending, input.reason);
  return db.transaction((tx) => settleRefund(tx, pending, input, result));
}

/** Step 1, inside the caller's transaction: lock the order, check what may be refunded, write pending rows. */
export async function prepareRefund(tx: Queryable, processorOf: (name: string) => PaymentProcessor | null, input: RefundInput): Promise<PendingRefund> {
  const { rows } = await tx.query<Row>('select id, status, total, shipping, shipping_tax, currency, payment_processor, payment_reference from orders where id = $1 for update', [input.orderId]);
  const order = rows[0];
  if (!order) throw new ApiError(404, refundMessages.orderNotFound);
  // What was actually paid: the order's charge plus any difference paid after an edit (orderEditPayment.ts).
  const { rows: paid } = await tx.query<{ n: number; amount: number }>(
    'select count(*)::int as n, coalesce(sum(amount), 0)::int as amount from payment_attempts where order_id = $1 and is_successful',
    [input.orderId],
  );
  if (paid[0]!.n === 0 || !order.payment_reference) throw new ApiError(409, refundMessages.notPaid);
  const processor = processorOf(order.payment_processor as string);
  if (!processor?.refund) throw new ApiError(409, refundMessages.noProcessor);
  const { rows: before } = await tx.query<{ order_item_id: number | null; quantity: number | null; amount: number; status: string; sku: string | null }>(
    `select order_item_id, quantity, amount, status, sku from refunds where order_id = $1 and status <> 'failed'`,
    [input.orderId],
  );
  if (before.some((r) => r.status === 'pending')) throw new ApiError(409, refundMessages.pending);
  const refunded = before.reduce((sum, r) => sum + r.amount, 0);
  const paidAmount = paid[0]!.amount;
  const left = paidAmount - refunded;
  if (left <= 0) throw new ApiError(409, refundMessages.nothingLeft);
  const wanted = new Map<number, number | null>();
  for (const id of input.itemIds ?? []) wanted.set(id, null);
  for (const i of input.items ?? []) wanted.set(i.id, (wanted.get(i.id) ?? 0) + i.quantity);
  const lines: RefundLine[] = [];
  if (wanted.size) {
    const { rows: items } = await tx.query<{ id: number; price: number; quantity: number; discount: number }>(
      'select id, price, quantity, discount from order_items where order_id = $1 and id = any($2::int[]) and parent_item_id is null',
      [input.orderId, [...wanted.keys()]],
    );
    for (const [id, units] of wanted) {
      const item = items.find((i) => i.id === id);
      if (!item) throw new ApiError(404, refundMessages.itemNotInOrder);
      // A row without a quantity refunded the whole item.
      const done = before.filter((r) => r.order_item_id === id).reduce((n, r) => n + (r.quantity ?? item.quantity), 0);
      const open = item.quantity - done;
      if (open <= 0) throw new ApiError(409, refundMessages.itemRefunded);
      if (units !== null && units > open) throw new ApiError(409, refundMessages.tooManyUnits(open));
      const quantity = units ?? open;
      const lineTotal = item.price * item.quantity - item.discount;
      lines.push({ itemId: id, quantity: quantity === item.quantity ? null : quantity, amount: Math.round((lineTotal * quantity) / item.quantity), sku: null });
    }
  } else if (!input.shipping) lines.push({ itemId: null, quantity: null, amount: left, sku: null });
  const shippingPaid = (order.shipping as number) + (order.shipping_tax as number);
  if (input.shipping && shippingPaid > 0 && !before.some((r) => r.sku === SHIPPING_REFUND_SKU)) {
    lines.push({ itemId: null, quantity: null, amount: shippingPaid, sku: SHIPPING_REFUND_SKU });
  }
  const amount = Math.min(left, lines.reduce((sum, l) => sum + l.amount, 0));
  if (amount <= 0) throw new ApiError(409, refundMessages.nothingLeft);
  // One processor call per request; per-item rows record which items it covered (the first row carries the call).
  const ids: number[] = [];
  for (const line of lines) {
    const { rows: inserted } = await tx.query<{ id: number }>(
      `insert into refunds (order_id, order_item_id, quantity, amount, reason, status, processor, user_id, sku) values ($1, $2, $3, $4, $5, 'pending', $6, $7, $8) returning id`,
      [input.orderId, line.itemId, line.quantity, Math.min(line.amount, left), input.reason, processor.name, input.userId, line.sku],
    );
    ids.push(inserted[0]!.id);
  }
  return { ids, lines, amount, processor, reference: order.payment_reference as string, currency: order.currency as string, fullyRefunded: refunded + amount >= paidAmount };
}

/** Step 2, outside any transaction: the processor call, keyed by the first pending row. */
export function callProcessor(pending: PendingRefund, reason: string) {
  return pending.processor.refund!({
    reference: pending.reference,
    amount: pending.amount,
    currency: pending.currency,
    idempotencyKey: `refund-${pending.ids[0]}`,
    reason,
  });
}

/** Step 3, inside the caller's transaction: settle the rows; on success cancel labels and move or log the order. */
export async function settleRefund(tx: Queryable, pending: PendingRefund, input: RefundInput, result: { ok: boolean; reference: string | null; message: string }): Promise<RefundOutcome> {
  await tx.query(`update refunds set status = $2, processor_reference = $3, message = $4, settled_at = now() where id = any($1::int[])`, [
    pending.ids,
    result.ok ? 'succeeded' : 'failed',
    result.reference,
    result.message,
  ]);
  const { rows } = await tx.query<{ status: string }>('select status from orders where id = $1 for update', [input.orderId]);
  let status = rows[0]!.status;
  if (result.ok) {
    const itemLines = pending.lines.filter((l) => l.itemId !== null);
    const cancel = (itemId: number | null, units: number | null) =>
      // The refunded units' unpicked labels (a bundle's component labels in proportion), newest first.
      tx.query(
        `update factory_labels set cancelled_at = now(), cancelled_user_id = $4, cancel_reason = $5
         where id in (
           select l.id from (
             select l.id, row_number() over (partition by l.order_item_id order by l.counter desc) as k, i.quantity as owned, coalesce(p.quantity, i.quantity) as whole
             from factory_labels l join order_items i on i.id = l.order_item_id left join order_items p on p.id = i.parent_item_id
             where l.order_id = $1 and l.cancelled_at is null and l.picked_at is null and ($2::int is null or i.id = $2 or i.parent_item_id = $2)
           ) l where $3::int is null or l.k <= ceil($3::numeric * l.owned / l.whole))`,
        [input.orderId, itemId, units, input.userId, `Refunded: ${input.reason}`],
      );
    if (input.cancelLabels === false) {
      // Nothing to cancel: the refunded units already left the factory.
    } else if (pending.fullyRefunded || pending.lines.every((l) => l.itemId === null && l.sku === null)) await cancel(null, null);
    else for (const l of itemLines) await cancel(l.itemId, l.quantity);
    const described = itemLines.map((l) => (l.quantity === null ? `${l.itemId}` : `${l.itemId} ×${l.quantity}`));
    const parts = [...(described.length ? [`items ${described.join(', ')}`] : []), ...(pending.lines.some((l) => l.sku === SHIPPING_REFUND_SKU) ? [`shipping ${SHIPPING_REFUND_SKU}`] : [])];
    const note = `Refunded ${pending.amount} ${pending.currency}${parts.length ? ` (${parts.join(', ')})` : ''}: ${input.reason}`;
    const target = status.startsWith('bespoke_') || status === 'po_confirmed' ? 'bespoke_refunded' : 'refunded';
    if (pending.fullyRefunded && canTransition(status, target)) {
      await transitionOrder(tx, input.orderId, target, { userId: input.userId, note });
      status = target;
    } else {
      await tx.query('insert into order_status_logs (order_id, status, previous_status, user_id, note) values ($1, $2, $2, $3, $4)', [input.orderId, status, input.userId, note]);
    }
  }
  return { refundId: pending.ids[0]!, amount: pending.amount, ok: result.ok, message: result.message, status };
}
