import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import type { PaymentProcessor } from '../payments/types';
import { isCustomSku } from '../catalogue/products';
import { ORDER_STATUS_LABELS, FAILED_TO_ARRIVE, canTransition, isOrderStatus, isResent, type OrderStatus } from '../../src/core/orderLifecycle';
import { isFaultReason, returnMessages, returnReasonLabel, returnRefusal, returnWindowEnd, type ReturnResolution } from '../../src/core/returns';
import type { ReturnRequestLine, ReturnResult, ReturnView } from '../../src/core/api/returns';
import { SHIPPING_REFUND_SKU, callProcessor, prepareRefund, settleRefund, type PendingRefund, type RefundInput } from './refunds';
import { takeStock } from './stock';
import { logStatus, transitionOrder } from './stateMachine';
import { customerHashFor } from './orderHistory';
import { queueReturnAccepted, queueRefundIssued } from './returnsMails';
import { storeBaseUrl } from './floor';
import type { MailBrand } from './mailBrand';

type Row = Record<string, unknown>;
const optionsText = (colour: string | null | undefined, size: string | null | undefined) => [colour, size].filter(Boolean).join(' / ');

interface OrderFacts {
  id: number;
  hash: string;
  divisionId: number;
  email: string;
  status: string;
  currency: string;
  createdAt: Date;
  windowDays: number;
  history: string[];
  dispatchedAt: Date | null;
  seller: string;
  domain: string | null;
  firstName: string | null;
}

/** The order of this store by hash, with its status history and the store's return window (locked when asked). */
async function orderFacts(db: Queryable, divisionId: number, hash: string, lock = false): Promise<OrderFacts | null> {
  const { rows } = await db.query<Row>(
    `select o.id, o.hash, o.division_id, o.email, o.status, o.currency, o.created_at, o.shipping_address, d.return_window_days,
            coalesce(c.name, d.name) as seller, d.active_domain_name
     from orders o join divisions d on d.id = o.division_id left join companies c on c.id = d.company_id
     where o.hash = $1 and o.division_id = $2${lock ? ' for update of o' : ''}`,
    [hash, divisionId],
  );
  const o = rows[0];
  if (!o) return null;
  const { rows: logs } = await db.query<{ status: string; created_at: string }>('select status, created_at from order_status_logs where order_id = $1 order by id', [o.id]);
  const shipped = logs.find((l) => l.status === 'complete' || l.status === 'bespoke_shipped');
  return {
    id: o.id as number,
    hash: o.hash as string,
    divisionId: o.division_id as number,
    email: o.email as string,
    status: o.status as string,
    currency: o.currency as string,
    createdAt: new Date(o.created_at as string),
    windowDays: o.return_window_days as number,
    history: logs.map((l) => l.status),
    dispatchedAt: shipped ? new Date(shipped.created_at) : null,
    seller: o.seller as string,
    domain: (o.active_domain_name as string | null) ?? null,
    firstName: ((o.shipping_address as { firstName?: string } | null)?.firstName as string | undefined) ?? null,
  };
}

const windowEnd = (facts: OrderFacts) => returnWindowEnd(facts);
const refusalOf = (facts: OrderFacts, now: Date) => returnRefusal(facts, now);

interface ItemRow {
  id: number;
  name: string;
  sku: string;
  options: { colour?: string | null; size?: string | null; personalisation?: unknown };
  quantity: number;
  price: number;
  vat_rate: string;
  product_id: number | null;
  variant_id: number | null;
  returned: number;
  cancelled_labels: number;
  is_set: boolean;
}

/** The order's own lines (a set's components ride with it) with what was returned and cancelled. */
async function itemRows(db: Queryable, orderId: number): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>(
    `select i.id, i.name, i.sku, i.options, i.quantity, i.price, i.vat_rate, i.product_id, i.variant_id,
            coalesce((select sum(r.quantity) from order_item_returns r where r.order_item_id = i.id), 0)::int as returned,
            (select count(*) from factory_labels f where f.order_item_id = i.id and f.cancelled_at is not null)::int as cancelled_labels,
            exists (select 1 from order_items c where c.parent_item_id = i.id) as is_set
     from order_items i where i.order_id = $1 and i.parent_item_id is null order by i.position, i.id`,
    [orderId],
  );
  return rows;
}

/** §3 Active quantity = quantity − returned quantities − cancelled labels. */
const activeOf = (i: ItemRow) => Math.max(0, i.quantity - i.returned - i.cancelled_labels);
/** §3 custom rule (sku prefixes) or a personalised line. */
const isCustomItem = (i: ItemRow) => isCustomSku(i.sku) || Boolean(i.options?.personalisation);

interface VariantRow {
  id: number;
  product_id: number;
  colour: string;
  size: string;
  sku: string;
  stock: number;
}

async function variantsOf(db: Queryable, productIds: number[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  const { rows } = await db.query<VariantRow>(
    `select v.id, v.product_id, o.colour_name as colour, v.size, v.sku, v.stock from product_variants v
     join product_options o on o.id = v.option_id join products p on p.id = v.product_id
     where v.product_id = any($1::int[]) and p.enabled and not p.is_bundle order by o.position, o.id, v.position, v.id`,
    [productIds],
  );
  return rows;
}

/** The order number + email look-up of /returns/ without a hash: the order's hash, or null (never says which part was wrong). */
export async function findOrderForReturn(db: Queryable, divisionId: number, orderNumber: number, email: string): Promise<string | null> {
  const { rows } = await db.query<{ hash: string }>('select hash from orders where id = $1 and division_id = $2 and lower(email) = lower($3)', [orderNumber, divisionId, email.trim()]);
  return rows[0]?.hash ?? null;
}

/** What the return page shows: returnable items with their active quantity and exchange choices, and past returns. */
export async function loadReturnView(db: Queryable, divisionId: number, hash: string, now = new Date()): Promise<ReturnView | null> {
  const facts = await orderFacts(db, divisionId, hash);
  if (!facts) return null;
  const items = await itemRows(db, facts.id);
  const variants = await variantsOf(db, [...new Set(items.filter((i) => !i.is_set && i.product_id !== null).map((i) => i.product_id!))]);
  const [logs, refunds, children] = await Promise.all([
    db.query<Row>(
      `select r.quantity, r.reason, r.resolution, r.created_at, i.name, i.options, o.colour_name as x_colour, v.size as x_size
       from order_item_returns r join order_items i on i.id = r.order_item_id
       left join product_variants v on v.id = r.exchange_variant_id left join product_options o on o.id = v.option_id
       where i.order_id = $1 order by r.id`,
      [facts.id],
    ),
    db.query<Row>(
      `select f.amount, f.status, f.sku, f.created_at, i.name from refunds f left join order_items i on i.id = f.order_item_id where f.order_id = $1 order by f.id`,
      [facts.id],
    ),
    db.query<Row>(
      `select o.id, o.hash, o.status, o.reprint_reason_id,
              array(select r.reason from order_item_returns r join return_requests q on q.id = r.return_request_id where q.exchange_order_id = o.id) as reasons
       from orders o where o.parent_order_id = $1 and o.child_order_type = 'exchange' order by o.id`,
      [facts.id],
    ),
  ]);
  const refusal = refusalOf(facts, now);
  const view: ReturnView = {
    hash: facts.hash,
    number: facts.id,
    email: facts.email,
    status: facts.status,
    statusLabel: isOrderStatus(facts.status) ? ORDER_STATUS_LABELS[facts.status] : facts.status,
    currency: facts.currency,
    createdAt: facts.createdAt.toISOString(),
    returnable: false,
    refusal,
    windowEndsAt: windowEnd(facts)?.toISOString() ?? null,
    windowDays: facts.windowDays,
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      colour: i.options?.colour ?? null,
      size: i.options?.size ?? null,
      quantity: i.quantity,
      activeQuantity: activeOf(i),
      unitPrice: i.price,
      custom: isCustomItem(i),
      exchangeOptions: i.is_set
        ? []
        : variants.filter((v) => v.product_id === i.product_id && v.id !== i.variant_id).map((v) => ({ variantId: v.id, colour: v.colour, size: v.size, inStock: v.stock > 0 })),
    })),
    returns: logs.rows.map((r) => {
      const options = (r.options as { colour?: string | null; size?: string | null }) ?? {};
      return {
        name: r.name as string,
        colour: options.colour ?? null,
        size: options.size ?? null,
        quantity: r.quantity as number,
        reason: r.reason as string,
        reasonLabel: returnReasonLabel(r.reason as string),
        resolution: (r.resolution as ReturnResolution | null) ?? null,
        exchangeFor: r.x_size ? optionsText(r.x_colour as string, r.x_size as string) : null,
        createdAt: new Date(r.created_at as string).toISOString(),
      };
    }),
    refunds: refunds.rows.map((f) => ({
      amount: f.amount as number,
      status: f.status as 'pending' | 'succeeded' | 'failed',
      label: f.sku === SHIPPING_REFUND_SKU ? 'Shipping refund' : ((f.name as string | null) ?? 'Order'),
      sku: (f.sku as string | null) ?? null,
      createdAt: new Date(f.created_at as string).toISOString(),
    })),
    exchangeOrders: children.rows.map((c) => {
      const status = c.status as string;
      return {
        hash: c.hash as string,
        number: c.id as number,
        status,
        statusLabel: isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status,
        resent: isResent({ parentOrderId: facts.id, reprintReasonId: (c.reprint_reason_id as number | null) ?? null, status, parentItemReturnReasons: (c.reasons as string[]) ?? [] }),
      };
    }),
    customerHash: await customerHashFor(db, facts.divisionId, facts.email),
  };
  view.returnable = refusal === null && view.items.some((i) => i.activeQuantity > 0);
  if (refusal === null && !view.returnable) view.refusal = 'Everything in this order has already been returned.';
  return view;
}

/** Whether the order's receipt and history should offer "Return items". */
export async function isReturnable(db: Queryable, divisionId: number, hash: string, now = new Date()): Promise<boolean> {
  const facts = await orderFacts(db, divisionId, hash);
  if (!facts || refusalOf(facts, now) !== null) return false;
  return (await itemRows(db, facts.id)).some((i) => activeOf(i) > 0);
}

export interface CreateReturnInput {
  divisionId: number;
  hash: string;
  lines: ReturnRequestLine[];
  /** PUBLIC_URL, else the store's domain, builds the mails' links (never a request header). */
  env?: NodeJS.ProcessEnv;
  /** The store's logo and colours for the mails (orderEditMails.mailBrandOf). */
  brand?: MailBrand | null;
  now?: Date;
}

interface Accepted {
  returnId: number;
  facts: OrderFacts;
  pending: PendingRefund | null;
  refundInput: RefundInput | null;
  exchangeOrder: { id: number; hash: string } | null;
  summary: { name: string; quantity: number; reason: string; resolution: ReturnResolution; exchangeFor: string | null }[];
}

const lineError = (index: number, field: string, message: string) => new ApiError(422, message, { [`items.${index}.${field}`]: [message] });

/**
 * A shopper's return, as steps with compensation (no row lock across the processor call):
 * 1. one transaction on the locked order: check the window and every line against the active quantities (so two
 *    returns of the last unit cannot both pass), write the return and its §3 return logs, reserve the exchange
 *    sizes all or nothing and write the exchange child order (§4), and write the pending refund rows;
 * 2. the processor refunds, outside any transaction;
 * 3. one transaction: settle the refund; if the processor said no, take the refunded lines' return logs back.
 * Mails (return accepted, refund issued) are queued in the outbox by the transaction that makes them true.
 */
export async function createReturn(db: Database, processorOf: (name: string) => PaymentProcessor | null, input: CreateReturnInput): Promise<Omit<ReturnResult, 'view'> & { status: number }> {
  const now = input.now ?? new Date();
  if (input.lines.length === 0) throw new ApiError(422, returnMessages.nothingChosen, { items: [returnMessages.nothingChosen] });

  const accepted: Accepted = await db.transaction(async (tx) => {
    const facts = await orderFacts(tx, input.divisionId, input.hash, true);
    if (!facts) throw new ApiError(404, returnMessages.notFound);
    const refusal = refusalOf(facts, now);
    if (refusal) throw new ApiError(409, refusal);
    const items = await itemRows(tx, facts.id);
    const wanted = new Map<number, number>();
    const exchangeProducts = new Set<number>();
    for (const [index, line] of input.lines.entries()) {
      const item = items.find((i) => i.id === line.itemId);
      if (!item) throw lineError(index, 'itemId', returnMessages.itemNotInOrder);
      const left = activeOf(item) - (wanted.get(item.id) ?? 0);
      if (left <= 0) throw lineError(index, 'quantity', returnMessages.nothingLeft(item.name));
      if (line.quantity > left) throw lineError(index, 'quantity', returnMessages.tooMany(item.name, left));
      wanted.set(item.id, (wanted.get(item.id) ?? 0) + line.quantity);
      if (isCustomItem(item) && !isFaultReason(line.reason)) throw lineError(index, 'reason', returnMessages.customNotFaulty(item.name));
      if (line.resolution === 'exchange') {
        if (item.is_set || item.product_id === null) throw lineError(index, 'resolution', returnMessages.bundleExchange(item.name));
        exchangeProducts.add(item.product_id);
      }
    }
    const variants = await variantsOf(tx, [...exchangeProducts]);
    const exchanges: { index: number; item: ItemRow; line: ReturnRequestLine; variant: VariantRow }[] = [];
    for (const [index, line] of input.lines.entries()) {
      if (line.resolution !== 'exchange') continue;
      const item = items.find((i) => i.id === line.itemId)!;
      const variant = variants.find((v) => v.id === line.exchangeVariantId && v.product_id === item.product_id);
      if (!variant) throw lineError(index, 'exchangeVariantId', line.exchangeVariantId === undefined ? returnMessages.exchangeSame(item.name) : returnMessages.exchangeUnknown(item.name));
      if (variant.id === item.variant_id) throw lineError(index, 'exchangeVariantId', returnMessages.exchangeSame(item.name));
      exchanges.push({ index, item, line, variant });
    }

    const { rows: request } = await tx.query<{ id: number }>('insert into return_requests (order_id) values ($1) returning id', [facts.id]);
    const returnId = request[0]!.id;
    for (const line of input.lines) {
      await tx.query(
        `insert into order_item_returns (order_item_id, quantity, reason, user_id, return_request_id, resolution, exchange_variant_id) values ($1, $2, $3, null, $4, $5, $6)`,
        [line.itemId, line.quantity, line.reason, returnId, line.resolution, line.resolution === 'exchange' ? line.exchangeVariantId : null],
      );
    }

    // §4 exchange: a child order with no reprint reason, at no charge, holding the new sizes' stock (all or nothing,
    // in ascending variant id like every reservation, so it cannot deadlock with checkout).
    let exchangeOrder: Accepted['exchangeOrder'] = null;
    if (exchanges.length) {
      const units = new Map<number, number>();
      for (const x of exchanges) units.set(x.variant.id, (units.get(x.variant.id) ?? 0) + x.line.quantity);
      const short = await takeStock(tx, [...units].sort(([a], [b]) => a - b).map(([variantId, quantity]) => ({ variantId, quantity })));
      if (short) {
        const x = exchanges.find((e) => e.variant.id === short.variantId)!;
        throw lineError(x.index, 'exchangeVariantId', returnMessages.exchangeOutOfStock(x.item.name, optionsText(x.variant.colour, x.variant.size)));
      }
      const { rows: child } = await tx.query<{ id: number; hash: string }>(
        `insert into orders (hash, division_id, user_id, email, status, currency, subtotal, shipping, shipping_tax, goods_tax, discount, total,
                             billing_address, shipping_address, shipping_method, payment_method, payment_processor, idempotency_key,
                             priority, fulfilment_factory, parent_order_id, child_order_type, reprint_reason_id)
         select replace(gen_random_uuid()::text, '-', ''), division_id, user_id, email, 'paid', currency, 0, 0, 0, 0, 0, 0,
                billing_address, shipping_address, shipping_method, 'exchange', 'none', 'exchange-' || $2::text,
                priority, fulfilment_factory, id, 'exchange', null
         from orders where id = $1 returning id, hash`,
        [facts.id, returnId],
      );
      exchangeOrder = { id: child[0]!.id, hash: child[0]!.hash };
      for (const [position, x] of exchanges.entries()) {
        await tx.query(
          `insert into order_items (order_id, product_id, variant_id, name, sku, options, quantity, price, vat_rate, tax, discount, position)
           values ($1, $2, $3, $4, $5, $6, $7, 0, $8, 0, 0, $9)`,
          [exchangeOrder.id, x.item.product_id, x.variant.id, x.item.name, x.variant.sku, JSON.stringify({ colour: x.variant.colour, size: x.variant.size }), x.line.quantity, x.item.vat_rate, position],
        );
      }
      const resent = exchanges.some((x) => x.line.reason === FAILED_TO_ARRIVE);
      await logStatus(tx, exchangeOrder.id, 'paid', null, null, `${resent ? 'Resend' : 'Exchange'} for #${facts.id} (return ${returnId})`);
      await tx.query('update return_requests set exchange_order_id = $2 where id = $1', [returnId, exchangeOrder.id]);
    }

    const summary = input.lines.map((line) => {
      const item = items.find((i) => i.id === line.itemId)!;
      const x = exchanges.find((e) => e.line === line);
      return { name: item.name, quantity: line.quantity, reason: line.reason, resolution: line.resolution, exchangeFor: x ? optionsText(x.variant.colour, x.variant.size) : null };
    });
    await logStatus(
      tx,
      facts.id,
      facts.status as OrderStatus,
      facts.status,
      null,
      `Return ${returnId}: ${summary.map((s) => `${s.quantity} × ${s.name} (${s.reason}) ${s.resolution === 'exchange' ? `exchange for ${s.exchangeFor}` : 'refund'}`).join('; ')}${exchangeOrder ? `; exchange order #${exchangeOrder.id}` : ''}`,
    );

    // The refund: the returned units' share of their lines, and shipping (EMB-39) when the parcel never arrived or
    // everything went back for the store's fault.
    const refundLines = input.lines.filter((l) => l.resolution === 'refund');
    let pending: PendingRefund | null = null;
    let refundInput: RefundInput | null = null;
    if (refundLines.length) {
      const units = new Map<number, number>();
      for (const l of refundLines) units.set(l.itemId, (units.get(l.itemId) ?? 0) + l.quantity);
      const nothingLeft = items.every((i) => activeOf(i) - (wanted.get(i.id) ?? 0) <= 0);
      const shipping = refundLines.some((l) => l.reason === FAILED_TO_ARRIVE) || (nothingLeft && refundLines.some((l) => isFaultReason(l.reason)));
      refundInput = {
        orderId: facts.id,
        items: [...units].map(([id, quantity]) => ({ id, quantity })),
        shipping,
        cancelLabels: false,
        reason: `Return ${returnId}: ${[...new Set(refundLines.map((l) => returnReasonLabel(l.reason)))].join(', ')}`,
        userId: null,
      };
      pending = await prepareRefund(tx, processorOf, refundInput);
      await tx.query('update return_requests set refund_id = $2, shipping_refunded = $3 where id = $1', [returnId, pending.ids[0], pending.lines.some((l) => l.sku === SHIPPING_REFUND_SKU)]);
    } else {
      await finishReturn(tx, facts, returnId, summary, exchangeOrder, null, storeBaseUrl(facts.domain, input.env), input.brand ?? null);
    }
    return { returnId, facts, pending, refundInput, exchangeOrder, summary };
  });

  const exchangeOrder = accepted.exchangeOrder ? { hash: accepted.exchangeOrder.hash, number: accepted.exchangeOrder.id } : null;
  if (!accepted.pending || !accepted.refundInput) {
    return { status: 200, returnId: accepted.returnId, refund: null, exchangeOrder, message: acceptedMessage(exchangeOrder !== null, null) };
  }
  const pending = accepted.pending;
  const refundInput = accepted.refundInput;
  const result = await callProcessor(pending, refundInput.reason);
  const shippingRefunded = pending.lines.some((l) => l.sku === SHIPPING_REFUND_SKU);
  const outcome = await db.transaction(async (tx) => {
    const settled = await settleRefund(tx, pending, refundInput, result);
    if (!result.ok) {
      // Compensation: the refunded lines go back to active; an exchange made in step 1 stands.
      await tx.query(`delete from order_item_returns where return_request_id = $1 and resolution = 'refund'`, [accepted.returnId]);
      await tx.query(`update return_requests set status = 'refund_failed', shipping_refunded = false where id = $1`, [accepted.returnId]);
    }
    const summary = result.ok ? accepted.summary : accepted.summary.filter((s) => s.resolution === 'exchange');
    if (summary.length) await finishReturn(tx, accepted.facts, accepted.returnId, summary, accepted.exchangeOrder, result.ok ? { amount: pending.amount, shippingRefunded } : null, storeBaseUrl(accepted.facts.domain, input.env), input.brand ?? null);
    return settled;
  });
  return {
    status: result.ok ? 200 : 402,
    returnId: accepted.returnId,
    refund: { amount: outcome.amount, ok: outcome.ok, message: outcome.message, shippingRefunded: result.ok && shippingRefunded },
    exchangeOrder,
    message: result.ok ? acceptedMessage(exchangeOrder !== null, pending.amount) : `${result.message} Your refund could not be made, so those items were not returned. Please try again.`,
  };
}

const acceptedMessage = (exchange: boolean, refund: number | null) =>
  [
    'Your return is accepted.',
    refund !== null ? 'Your refund has been issued to your original payment method.' : null,
    exchange ? 'Your exchange is on its way to be made.' : null,
  ]
    .filter(Boolean)
    .join(' ');

/** The end of an accepted return: the order becomes exchanged when nothing is left active, and the mails go out. */
async function finishReturn(
  tx: Queryable,
  facts: OrderFacts,
  returnId: number,
  summary: Accepted['summary'],
  exchangeOrder: Accepted['exchangeOrder'],
  refund: { amount: number; shippingRefunded: boolean } | null,
  origin: string | null,
  brand: MailBrand | null,
) {
  const { rows } = await tx.query<{ status: string }>('select status from orders where id = $1 for update', [facts.id]);
  const status = rows[0]!.status;
  const left = (await itemRows(tx, facts.id)).some((i) => activeOf(i) > 0);
  const { rows: exchanged } = await tx.query('select 1 from return_requests where order_id = $1 and exchange_order_id is not null limit 1', [facts.id]);
  if (!left && exchanged.length && canTransition(status, 'exchanged')) await transitionOrder(tx, facts.id, 'exchanged', { note: `Return ${returnId}: everything returned` });
  const customerHash = await customerHashFor(tx, facts.divisionId, facts.email);
  const mail = { to: facts.email, seller: facts.seller, number: facts.id, hash: facts.hash, firstName: facts.firstName, currency: facts.currency, customerHash, origin, brand };
  await queueReturnAccepted(tx, mail, { summary, exchangeOrder, refund });
  if (refund) await queueRefundIssued(tx, mail, refund);
}
