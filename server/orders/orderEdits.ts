import type { Database, Queryable } from '../db/database';
import { ApiError, apiMessages } from '../http/errors';
import type { PaymentProcessor } from '../payments/types';
import { computeTotals, couponDiscount, type CouponRule } from './pricing';
import { shippingFor } from './checkoutBasket';
import { returnStock, takeStock } from './stock';
import { editMessages, editRefusal, onTheFloor } from './orderEditWindows';
import { queueOrderChangedMail } from './orderEditMails';
import type { MailBrand } from './mailBrand';
import { customerHashFor } from './orderHistory';
import { ORDER_STATUS_LABELS, isOrderStatus } from '../../src/core/orderLifecycle';
import { formatMoney } from '../../src/core/currency';
import type { EditChange, EditChoiceView, OrderEditResult, OrderEditView } from '../../src/core/api/orderEdits';

/**
 * Edit order: until production starts a shopper changes the size, colour or quantity of an item or removes it,
 * or the size and colour of an item inside a set (each is an order item under the set's, §3 bundleItems). One transaction on the order row re-reserves the stock (only the difference per variant, in
 * ascending variant id, with the conditional update of stock.ts: never oversold), re-prices the order at the
 * prices it was bought at, logs the change and queues the mail. A higher total is left to pay at /pay/{order}/
 * (orders.balance_due, orderEditPayment.ts); a lower one is refunded through the processor that took the money,
 * outside the transaction, recorded in the refunds table like every refund.
 */

type Options = { colour?: string | null; size?: string | null };

interface ItemRow {
  id: number;
  product_id: number | null;
  variant_id: number | null;
  name: string;
  sku: string;
  options: Options;
  quantity: number;
  price: number;
  vat_rate: string | number;
  position: number;
  parent_item_id: number | null;
}

interface OrderRow {
  id: number;
  hash: string;
  status: string;
  email: string;
  division_id: number;
  currency: string;
  total: number;
  balance_due: number;
  coupon_code: string | null;
  shipping: number;
  shipping_tax: number;
  shipping_method: string;
  shipping_address: { country?: string };
  payment_processor: string;
  payment_reference: string | null;
}

export const EDIT_REFUND_REASON = 'Order changed by the shopper';

/** The order of this store with that hash (null: unknown, or another store's: both show nothing). */
async function orderOf(db: Queryable, divisionId: number, hash: string, lock: boolean): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>(
    `select id, hash, status, email, division_id, currency, total, balance_due, coupon_code, shipping, shipping_tax, shipping_method, shipping_address,
            payment_processor, payment_reference
     from orders where hash = $1 and division_id = $2${lock ? ' for update' : ''}`,
    [hash, divisionId],
  );
  return rows[0] ?? null;
}

const itemsOf = async (db: Queryable, orderId: number) =>
  (await db.query<ItemRow>('select id, product_id, variant_id, name, sku, options, quantity, price, vat_rate, position, parent_item_id from order_items where order_id = $1 order by position, id', [orderId])).rows;

/** The colours and sizes (with stock) each product may change to; products no longer sold have none. */
async function choicesOf(db: Queryable, productIds: number[]): Promise<Map<number, EditChoiceView[]>> {
  const { rows } = await db.query<{ product_id: number; colour_name: string; size: string; stock: number }>(
    `select p.id as product_id, o.colour_name, v.size, v.stock from products p
     join product_options o on o.product_id = p.id join product_variants v on v.option_id = o.id
     where p.id = any($1::int[]) and p.enabled and p.enable_add_to_cart and not p.is_bundle
     order by p.id, o.position, o.id, v.position, v.id`,
    [productIds],
  );
  const out = new Map<number, EditChoiceView[]>();
  for (const r of rows) {
    const list = out.get(r.product_id) ?? [];
    let colour = list.find((c) => c.colour === r.colour_name);
    if (!colour) list.push((colour = { colour: r.colour_name, sizes: [] }));
    colour.sizes.push({ size: r.size, stock: r.stock });
    out.set(r.product_id, list);
  }
  return out;
}

/** What the edit page shows: the items with what they may change to, or why the order cannot change. */
export async function loadEditView(db: Queryable, divisionId: number, hash: string): Promise<OrderEditView | null> {
  const order = await orderOf(db, divisionId, hash, false);
  if (!order) return null;
  const items = await itemsOf(db, order.id);
  const top = items.filter((i) => i.parent_item_id === null);
  const refusal = editRefusal(order.status, order.status === 'paid' ? await onTheFloor(db, order.id) : false);
  const choices = await choicesOf(db, items.filter((i) => i.variant_id !== null && i.product_id !== null).map((i) => i.product_id!));
  return {
    hash: order.hash,
    number: order.id,
    status: order.status,
    statusLabel: isOrderStatus(order.status) ? ORDER_STATUS_LABELS[order.status] : order.status,
    currency: order.currency,
    total: order.total,
    balanceDue: order.balance_due,
    refusal,
    items: top.map((i) => {
      const children = items.filter((c) => c.parent_item_id === i.id);
      return {
        id: i.id,
        name: i.name,
        colour: i.options?.colour ?? null,
        size: i.options?.size ?? null,
        quantity: i.quantity,
        unitPrice: i.price,
        isBundle: children.length > 0,
        components: children.map((c) => ({
          id: c.id,
          name: c.name,
          colour: c.options?.colour ?? null,
          size: c.options?.size ?? null,
          quantity: Math.round(c.quantity / i.quantity),
          choices: c.product_id !== null ? (choices.get(c.product_id) ?? []) : [],
        })),
        choices: children.length === 0 && i.product_id !== null ? (choices.get(i.product_id) ?? []) : [],
      };
    }),
  };
}

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
const described = (name: string, o: Options) => {
  const parts = [o.colour, o.size].filter(Boolean);
  return parts.length ? `${name} (${parts.join(', ')})` : name;
};

/** The variant of a sellable product in that colour and size, or the 422 that says why there is none. */
async function variantFor(tx: Queryable, item: ItemRow, colour: string, size: string): Promise<{ id: number; sku: string; colour: string; size: string }> {
  const { rows } = await tx.query<{ id: number; sku: string; size: string; colour_name: string; sellable: boolean }>(
    `select v.id, v.sku, v.size, o.colour_name, (p.enabled and p.enable_add_to_cart) as sellable
     from product_variants v join product_options o on o.id = v.option_id join products p on p.id = v.product_id
     where v.product_id = $1 and lower(o.colour_name) = lower($2) order by v.position, v.id`,
    [item.product_id, colour.trim()],
  );
  const field = { [`items.${item.id}`]: [] as string[] };
  const refuse = (message: string): never => {
    field[`items.${item.id}`] = [message];
    throw new ApiError(422, message, field);
  };
  if (rows.length === 0) return refuse(editMessages.noColour(item.name, colour.trim()));
  if (!rows[0]!.sellable) return refuse(editMessages.noLongerSold(item.name));
  const match = rows.find((r) => same(r.size, size));
  if (!match) return refuse(editMessages.noSize(item.name, size.trim(), rows[0]!.colour_name));
  return { id: match.id, sku: match.sku, colour: match.colour_name, size: match.size };
}

/** The coupon the order was bought with, as it was (an edit keeps it even if the store has switched it off since). */
async function couponOf(tx: Queryable, divisionId: number, code: string | null): Promise<CouponRule | null> {
  if (!code) return null;
  const { rows } = await tx.query<{ code: string; percent_off: number | null; amount_off: number | null }>(
    `select code, percent_off, amount_off from coupons where lower(code) = lower($2) and (division_id is null or division_id = $1) order by division_id nulls last limit 1`,
    [divisionId, code],
  );
  const r = rows[0];
  return r ? { code: r.code, percentOff: r.percent_off, amountOff: r.amount_off } : null;
}

type ChosenVariant = { id: number; sku: string; colour: string; size: string };

interface Planned {
  item: ItemRow;
  quantity: number;
  variant: ChosenVariant | null;
  /** A set's items that change colour or size, by their order item id. */
  components: Map<number, ChosenVariant>;
}

export interface EditInput {
  divisionId: number;
  hash: string;
  changes: EditChange[];
  brand: MailBrand;
  origin: string | null;
}

/** Applies the shopper's changes (see the file comment). Throws 404 / 409 / 422 with the message to show. */
export async function editOrder(db: Database, processorOf: (name: string) => PaymentProcessor | null, input: EditInput): Promise<OrderEditResult> {
  const done = await db.transaction(async (tx) => {
    const order = await orderOf(tx, input.divisionId, input.hash, true);
    if (!order) throw new ApiError(404, apiMessages.notFound);
    const refusal = editRefusal(order.status, await onTheFloor(tx, order.id));
    if (refusal) throw new ApiError(409, refusal);
    const { rows: pendingRefunds } = await tx.query(`select 1 from refunds where order_id = $1 and status = 'pending' limit 1`, [order.id]);
    if (pendingRefunds.length) throw new ApiError(409, editMessages.refundPending);

    const items = await itemsOf(tx, order.id);
    const top = items.filter((i) => i.parent_item_id === null);
    const childrenOf = (id: number) => items.filter((c) => c.parent_item_id === id);
    const plan = new Map<number, Planned>(top.map((i) => [i.id, { item: i, quantity: i.quantity, variant: null, components: new Map() }]));
    for (const change of input.changes) {
      const planned = plan.get(change.id);
      if (!planned) throw new ApiError(422, editMessages.itemNotInOrder, { [`items.${change.id}`]: [editMessages.itemNotInOrder] });
      planned.quantity = change.quantity;
      const { item } = planned;
      const wantsOptions = change.colour !== undefined || change.size !== undefined;
      const differs = !same(change.colour ?? item.options?.colour, item.options?.colour) || !same(change.size ?? item.options?.size, item.options?.size);
      if (change.quantity > 0 && wantsOptions && differs) {
        if (childrenOf(item.id).length || item.product_id === null) throw new ApiError(422, editMessages.setOptions, { [`items.${item.id}`]: [editMessages.setOptions] });
        planned.variant = await variantFor(tx, item, change.colour ?? item.options?.colour ?? '', change.size ?? item.options?.size ?? '');
        if (planned.variant.id === item.variant_id) planned.variant = null;
      }
      for (const wanted of change.quantity > 0 ? (change.components ?? []) : []) {
        const child = childrenOf(item.id).find((c) => c.id === wanted.id);
        if (!child || child.product_id === null) throw new ApiError(422, editMessages.itemNotInOrder, { [`items.${item.id}.components.${wanted.id}`]: [editMessages.itemNotInOrder] });
        if (same(wanted.colour, child.options?.colour) && same(wanted.size, child.options?.size)) continue;
        const variant = await variantFor(tx, child, wanted.colour, wanted.size);
        if (variant.id !== child.variant_id) planned.components.set(child.id, variant);
      }
    }
    const kept = [...plan.values()].filter((p) => p.quantity > 0);
    if (kept.length === 0) throw new ApiError(422, editMessages.lastItem);

    // What each variant holds before and after, for the leaves (ordinary items and a set's items).
    const held = new Map<number, number>();
    const wanted = new Map<number, number>();
    const who = new Map<number, string>();
    const add = (map: Map<number, number>, variantId: number | null, units: number) => {
      if (variantId !== null) map.set(variantId, (map.get(variantId) ?? 0) + units);
    };
    for (const p of plan.values()) {
      const children = childrenOf(p.item.id);
      if (children.length === 0) {
        add(held, p.item.variant_id, p.item.quantity);
        const variantId = p.variant?.id ?? p.item.variant_id;
        add(wanted, variantId, p.quantity);
        if (variantId !== null) who.set(variantId, described(p.item.name, p.variant ?? p.item.options ?? {}));
      } else {
        for (const c of children) {
          const chosen = p.components.get(c.id);
          const variantId = chosen?.id ?? c.variant_id;
          add(held, c.variant_id, c.quantity);
          add(wanted, variantId, (c.quantity / p.item.quantity) * p.quantity);
          if (variantId !== null) who.set(variantId, `${p.item.name}: ${described(c.name, chosen ?? c.options ?? {})}`);
        }
      }
    }
    const variants = [...new Set([...held.keys(), ...wanted.keys()])].sort((a, b) => a - b);
    for (const variantId of variants) {
      const delta = (wanted.get(variantId) ?? 0) - (held.get(variantId) ?? 0);
      if (delta < 0) await returnStock(tx, [{ variantId, quantity: -delta }]);
      else if (delta > 0 && (await takeStock(tx, [{ variantId, quantity: delta }]))) {
        const { rows } = await tx.query<{ stock: number }>('select stock from product_variants where id = $1', [variantId]);
        throw new ApiError(409, editMessages.short(who.get(variantId) ?? 'this item', rows[0]?.stock ?? 0));
      }
    }

    // The items as they are now, and what changed in words (for the log and the mail).
    const changes: string[] = [];
    for (const p of plan.values()) {
      const { item } = p;
      const name = described(item.name, item.options ?? {});
      if (p.quantity === 0) {
        changes.push(`Removed ${item.quantity} × ${name}`);
        await tx.query('delete from order_items where id = $1', [item.id]);
        continue;
      }
      if (p.variant) {
        changes.push(`${item.name}: ${await switchVariant(tx, item, p.variant)}`);
      }
      for (const child of childrenOf(item.id)) {
        const chosen = p.components.get(child.id);
        if (chosen) changes.push(`${item.name}: ${child.name} ${await switchVariant(tx, child, chosen)}`);
      }
      if (p.quantity !== item.quantity) {
        changes.push(`${p.variant ? item.name : name}: quantity ${item.quantity} → ${p.quantity}`);
        await tx.query('update order_items set quantity = $2 where id = $1', [item.id, p.quantity]);
        for (const c of childrenOf(item.id)) await tx.query('update order_items set quantity = $2 where id = $1', [c.id, (c.quantity / item.quantity) * p.quantity]);
      }
    }
    if (changes.length === 0) throw new ApiError(422, editMessages.nothingChanged);

    // Re-priced at the prices the items were bought at, with the coupon the order had. Delivery follows the store's
    // rates for the goods now in it, as at checkout (free over the zone's amount); a method the store no longer
    // offers keeps the price that was paid.
    const lines = kept.map((p) => ({ id: p.item.id, unitPrice: p.item.price, quantity: p.quantity, vatRate: Number(p.item.vat_rate) }));
    const coupon = await couponOf(tx, order.division_id, order.coupon_code);
    const goods = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
    const charged = order.shipping + order.shipping_tax;
    const { offered } = await shippingFor(tx, order.division_id, order.shipping_address?.country ?? null, goods - couponDiscount(coupon, goods));
    const shippingPrice = offered.find((m) => m.available && m.code === order.shipping_method)?.price ?? charged;
    const totals = computeTotals(lines, shippingPrice, coupon, order.currency);
    if (shippingPrice !== charged) {
      const money = (minor: number) => (minor === 0 ? 'free' : formatMoney(minor, order.currency));
      changes.push(`Delivery: ${money(charged)} → ${money(shippingPrice)}`);
    }
    for (const [n, line] of lines.entries()) {
      await tx.query('update order_items set tax = $2, discount = $3 where id = $1', [line.id, totals.lines[n]!.tax, totals.lines[n]!.discount]);
    }
    const difference = totals.total - order.total;
    let balanceDue = order.balance_due;
    let refund = 0;
    if (difference > 0) balanceDue += difference;
    else {
      const off = Math.min(balanceDue, -difference);
      balanceDue -= off;
      refund = -difference - off;
    }
    await tx.query(
      `update orders set subtotal = $2, goods_tax = $3, discount = $4, total = $5, balance_due = $6, shipping = $7, shipping_tax = $8,
                         balance_version = balance_version + 1, updated_at = now() where id = $1`,
      [order.id, totals.subtotal, totals.goodsTax, totals.discount, totals.total, balanceDue, totals.shipping, totals.shippingTax],
    );
    const money = (minor: number) => formatMoney(minor, order.currency);
    const note = `Changed by the shopper: ${changes.join('; ')}. Total ${money(order.total)} → ${money(totals.total)}${balanceDue > 0 ? `, ${money(balanceDue)} to pay` : ''}${refund > 0 ? `, ${money(refund)} to refund` : ''}`;
    await tx.query('insert into order_status_logs (order_id, status, previous_status, user_id, note) values ($1, $2, $2, null, $3)', [order.id, order.status, note]);

    let refundRow: { id: number; processor: PaymentProcessor } | null = null;
    if (refund > 0) {
      const processor = processorOf(order.payment_processor);
      const usable = processor?.refund && order.payment_reference ? processor : null;
      const { rows } = await tx.query<{ id: number }>(
        `insert into refunds (order_id, amount, reason, status, processor, message) values ($1, $2, $3, $4, $5, $6) returning id`,
        [order.id, refund, EDIT_REFUND_REASON, usable ? 'pending' : 'failed', order.payment_processor, usable ? null : 'This payment cannot be refunded automatically: staff refund it on the payment processor.'],
      );
      if (usable) refundRow = { id: rows[0]!.id, processor: usable };
    }

    const origin = input.origin ?? '';
    await queueOrderChangedMail(tx, input.brand, {
      to: order.email,
      number: order.id,
      currency: order.currency,
      changes,
      previousTotal: order.total,
      total: totals.total,
      balanceDue,
      refund,
      links: {
        history: `${origin}/order-history/${await customerHashFor(tx, order.division_id, order.email)}`,
        receipt: `${origin}/receipt/${order.hash}`,
        pay: `${origin}/pay/${order.hash}/`,
      },
    });
    return { order, changes, total: totals.total, balanceDue, refund, refundRow };
  });

  const result: OrderEditResult = {
    hash: done.order.hash,
    number: done.order.id,
    previousTotal: done.order.total,
    total: done.total,
    balanceDue: done.balanceDue,
    refund: done.refund > 0 ? { amount: done.refund, ok: false, message: 'Staff will refund this on the payment processor.' } : null,
    changes: done.changes,
  };
  if (done.refundRow) result.refund = await settleEditRefund(db, done.order, done.refundRow, done.refund);
  return result;
}

/** Moves an order item to another variant of its product; answers what changed, in words ("size M → L"). */
async function switchVariant(tx: Queryable, item: ItemRow, variant: ChosenVariant): Promise<string> {
  const was = item.options ?? {};
  await tx.query('update order_items set variant_id = $2, sku = $3, options = options || $4::jsonb where id = $1', [
    item.id,
    variant.id,
    variant.sku,
    JSON.stringify({ colour: variant.colour, size: variant.size }),
  ]);
  return [
    !same(was.colour, variant.colour) ? `colour ${was.colour ?? '—'} → ${variant.colour}` : null,
    !same(was.size, variant.size) ? `size ${was.size ?? '—'} → ${variant.size}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Calls the processor for an edit's refund (no lock held), then records what it said on the refund row and the log. */
async function settleEditRefund(db: Database, order: OrderRow, row: { id: number; processor: PaymentProcessor }, amount: number) {
  let answer: { ok: boolean; reference: string | null; message: string };
  try {
    answer = await row.processor.refund!({ reference: order.payment_reference!, amount, currency: order.currency, idempotencyKey: `refund-${row.id}`, reason: EDIT_REFUND_REASON });
  } catch (error) {
    answer = { ok: false, reference: null, message: error instanceof Error ? error.message : 'The payment processor did not answer.' };
  }
  await db.transaction(async (tx) => {
    await tx.query('update refunds set status = $2, processor_reference = $3, message = $4, settled_at = now() where id = $1', [row.id, answer.ok ? 'succeeded' : 'failed', answer.reference, answer.message]);
    const { rows } = await tx.query<{ status: string }>('select status from orders where id = $1 for update', [order.id]);
    const money = formatMoney(amount, order.currency);
    await tx.query('insert into order_status_logs (order_id, status, previous_status, user_id, note) values ($1, $2, $2, null, $3)', [
      order.id,
      rows[0]!.status,
      answer.ok ? `Refunded ${money}: ${EDIT_REFUND_REASON}` : `Refund of ${money} failed (${answer.message}): staff refund it on the payment processor`,
    ]);
  });
  return { amount, ok: answer.ok, message: answer.message };
}

