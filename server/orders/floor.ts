import { createNotification } from '../realtime/notifications';
import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { escapeHtml, queueMail } from '../services/mail';
import { layout, mailBrandOf } from './mailBrand';
import type { ThemeService } from '../themes';
import { PICKABLE_STATUSES, type OrderStatus } from '../../src/core/orderLifecycle';
import { ensureLabels, loadLabels, type LabelView } from './labels';
import { transitionOrder } from './stateMachine';
import type { PickResult } from '../../src/core/api/atlas';

export type { PickResult };

/**
 * What happens to an order on the factory floor: labels printed (and pre-treat logged), each unit picked into the
 * order's pigeonhole, the parcel dispatched with a tracking code. Every step is one transaction with its logs.
 */

export const floorMessages = {
  labelNotFound: 'This label does not exist.',
  labelCancelled: 'This label was cancelled: put the item aside.',
  alreadyPicked: (pigeonhole: number | null) => `This label has already been picked${pigeonhole ? ` into pigeonhole ${pigeonhole}` : ''}.`,
  notPickable: (orderId: number, status: string) => `Order #${orderId} is ${status}: its items cannot be picked now.`,
  pigeonholesFull: 'Every pigeonhole is in use. Dispatch a packed order to free one.',
  orderNotFound: 'This order does not exist.',
  notPacking: (orderId: number, status: string) => `Order #${orderId} is ${status}: only an order in packing can be dispatched.`,
  nothingToPrint: 'There are no labels to print for these orders.',
  labelPicked: 'This label has already been picked and cannot be cancelled.',
  labelAlreadyCancelled: 'This label is already cancelled.',
  notPrintable: (orderId: number, status: string) => `Order #${orderId} is ${status}: its labels cannot be printed.`,
} as const;

/** Statuses whose labels may be printed (or reprinted). */
const PRINTABLE: readonly string[] = ['paid', 'processing', 'label_printed', 'printed', 'consolidated', 'packing', 'disputed', 'issue'];

/**
 * Prints labels: the labels of `orderIds` (created on first print) and/or `labelIds`, active ones only. Counts
 * the print on each and logs it; an order still at paid or processing moves to label_printed. Returns the labels
 * to render (rendering happens after the transaction: no lock is held while the PDF is drawn).
 */
export async function printLabels(
  db: Database,
  input: { orderIds?: number[]; labelIds?: number[]; userId: number; format: 'pdf' | 'zpl'; reason?: string | null },
): Promise<LabelView[]> {
  return db.transaction(async (tx) => {
    const orderIds = [...new Set(input.orderIds ?? [])].sort((a, b) => a - b);
    const labelIds = [...new Set(input.labelIds ?? [])];
    const { rows: orders } = await tx.query<{ id: number; status: string }>(
      // any(array(…)), not in (…): both arms stay primary-key lookups (an OR with a subquery scans every order).
      `select id, status from orders where id = any($1::int[]) or id = any(array(select order_id from factory_labels where id = any($2::int[]))) order by id for update`,
      [orderIds, labelIds],
    );
    for (const id of orderIds) if (!orders.some((o) => o.id === id)) throw new ApiError(404, `${floorMessages.orderNotFound} (#${id})`);
    for (const o of orders) if (!PRINTABLE.includes(o.status)) throw new ApiError(409, floorMessages.notPrintable(o.id, o.status));
    for (const id of orderIds) await ensureLabels(tx, id);
    const { rows: picked } = await tx.query<{ id: number }>(
      `update factory_labels set times_printed = times_printed + 1
       where cancelled_at is null and (order_id = any($1::int[]) or id = any($2::int[])) returning id`,
      [orderIds, labelIds],
    );
    if (labelIds.length) {
      const { rows: known } = await tx.query<{ id: number; cancelled_at: unknown }>('select id, cancelled_at from factory_labels where id = any($1::int[])', [labelIds]);
      for (const id of labelIds) {
        const label = known.find((k) => k.id === id);
        if (!label) throw new ApiError(404, `${floorMessages.labelNotFound} (${id})`);
        if (label.cancelled_at) throw new ApiError(409, `${floorMessages.labelCancelled} (${id})`);
      }
    }
    if (picked.length === 0) throw new ApiError(409, floorMessages.nothingToPrint);
    const ids = picked.map((p) => p.id);
    await tx.query(`insert into label_print_logs (label_id, user_id, reason, format) select unnest($1::int[]), $2, $3, $4`, [ids, input.userId, input.reason ?? null, input.format]);
    for (const o of orders) {
      if (o.status === 'paid' || o.status === 'processing') await transitionOrder(tx, o.id, 'label_printed', { userId: input.userId, note: 'Labels printed' });
    }
    return loadLabels(tx, { labelIds: ids });
  });
}

/** Logs that the garment of each label was pre-treated (before printing dark garments). */
export async function logPretreat(db: Database, labelIds: number[], userId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>('select id from factory_labels where id = any($1::int[]) and cancelled_at is null', [labelIds]);
    if (rows.length !== new Set(labelIds).size) throw new ApiError(404, floorMessages.labelNotFound);
    await tx.query('insert into label_pretreat_logs (label_id, user_id) select unnest($1::int[]), $2', [rows.map((r) => r.id), userId]);
    return rows.length;
  });
}


/** Moves the order on after its picks changed: all active labels picked → packing, else consolidated. */
async function advanceAfterPick(tx: Queryable, orderId: number, status: string, userId: number | null): Promise<{ status: string; picked: number; total: number }> {
  const { rows } = await tx.query<{ picked: number; total: number }>(
    `select count(*) filter (where not to_be_picked)::int as picked, count(*)::int as total from factory_labels where order_id = $1 and cancelled_at is null`,
    [orderId],
  );
  const { picked, total } = rows[0]!;
  let current = status;
  const go = async (to: OrderStatus) => {
    await transitionOrder(tx, orderId, to, { userId, note: to === 'packing' ? 'Every item picked' : 'First item picked' });
    current = to;
  };
  const pickable = () => PICKABLE_STATUSES.includes(current as OrderStatus);
  if (picked === 0 || !pickable()) return { status: current, picked, total };
  // processing may only reach packing through consolidated; the other pickable statuses go straight there.
  if (current !== 'consolidated' && (picked < total || current === 'processing')) await go('consolidated');
  if (picked === total) await go('packing');
  return { status: current, picked, total };
}

/**
 * A picker scanned a label. The order row is locked first, then the label is taken only if still to be picked
 * (a conditional update): of two pickers scanning one label at once, exactly one pick counts and the other is
 * told it was already picked. The first pick of an order claims the lowest free pigeonhole.
 */
export async function scanLabel(db: Database, labelId: number, userId: number): Promise<PickResult> {
  const outcome = await db.transaction(async (tx): Promise<PickResult | ApiError> => {
    const { rows: found } = await tx.query<{ order_id: number }>('select order_id from factory_labels where id = $1', [labelId]);
    if (!found[0]) return new ApiError(404, floorMessages.labelNotFound);
    const orderId = found[0].order_id;
    const { rows: orders } = await tx.query<{ status: string; pigeonhole: number | null }>('select status, pigeonhole from orders where id = $1 for update', [orderId]);
    const order = orders[0]!;
    const { rows: taken } = await tx.query<{ id: number }>(
      `update factory_labels set to_be_picked = false, picked_user_id = $2, picked_at = now()
       where id = $1 and to_be_picked and cancelled_at is null and $3 = any($4::text[]) returning id`,
      [labelId, userId, order.status, PICKABLE_STATUSES],
    );
    if (!taken[0]) {
      const { rows } = await tx.query<{ cancelled_at: unknown; to_be_picked: boolean }>('select cancelled_at, to_be_picked from factory_labels where id = $1', [labelId]);
      const label = rows[0]!;
      if (label.cancelled_at) return new ApiError(409, floorMessages.labelCancelled);
      if (!label.to_be_picked) return new ApiError(409, floorMessages.alreadyPicked(order.pigeonhole));
      return new ApiError(409, floorMessages.notPickable(orderId, order.status));
    }
    let pigeonhole: number;
    const { rows: held } = await tx.query<{ number: number }>('select number from pigeonholes where order_id = $1', [orderId]);
    if (held[0]) pigeonhole = held[0].number;
    else {
      const { rows: claimed } = await tx.query<{ number: number }>(
        `update pigeonholes set order_id = $1 where number = (select number from pigeonholes where order_id is null order by number limit 1 for update skip locked) returning number`,
        [orderId],
      );
      if (!claimed[0]) throw new ApiError(409, floorMessages.pigeonholesFull);
      pigeonhole = claimed[0].number;
      await tx.query('update orders set pigeonhole = $2 where id = $1', [orderId, pigeonhole]);
    }
    await tx.query('insert into pigeonhole_logs (label_id, order_id, pigeonhole, user_id) values ($1, $2, $3, $4)', [labelId, orderId, pigeonhole, userId]);
    const progress = await advanceAfterPick(tx, orderId, order.status, userId);
    const label = (await loadLabels(tx, { labelIds: [labelId] }))[0]!;
    return {
      labelId,
      orderId,
      pigeonhole,
      picked: progress.picked,
      total: progress.total,
      complete: progress.status === 'packing',
      status: progress.status,
      product: label.product,
      colour: label.colour,
      size: label.size,
      counter: label.counter,
    };
  });
  // Refusals commit nothing but are answered after the transaction (it only read).
  if (outcome instanceof ApiError) throw outcome;
  return outcome;
}

/** Cancels one unpicked label (an item the shopper no longer gets); the order moves on if the rest is picked. */
export async function cancelLabel(db: Database, labelId: number, userId: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows: found } = await tx.query<{ order_id: number }>('select order_id from factory_labels where id = $1', [labelId]);
    if (!found[0]) throw new ApiError(404, floorMessages.labelNotFound);
    const { rows: orders } = await tx.query<{ status: string }>('select status from orders where id = $1 for update', [found[0].order_id]);
    const { rows } = await tx.query<{ id: number; picked_at: unknown; cancelled_at: unknown }>('select id, picked_at, cancelled_at from factory_labels where id = $1', [labelId]);
    if (rows[0]!.cancelled_at) throw new ApiError(409, floorMessages.labelAlreadyCancelled);
    if (rows[0]!.picked_at) throw new ApiError(409, floorMessages.labelPicked);
    await tx.query('update factory_labels set cancelled_at = now(), cancelled_user_id = $2, cancel_reason = $3 where id = $1', [labelId, userId, reason]);
    await tx.query(`insert into order_status_logs (order_id, status, previous_status, user_id, note) values ($1, $2, $2, $3, $4)`, [
      found[0].order_id,
      orders[0]!.status,
      userId,
      `Label ${labelId} cancelled: ${reason}`,
    ]);
    await advanceAfterPick(tx, found[0].order_id, orders[0]!.status, userId);
  });
}

/**
 * Cancels the unpicked labels of an order item — all of them, or `quantity` units (newest labels first; a bundle's
 * component labels in proportion) — creating the order's labels first if it has none yet.
 */
export async function cancelItem(db: Database, orderId: number, itemId: number, userId: number, reason: string, quantity?: number): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: orders } = await tx.query<{ status: string }>('select status from orders where id = $1 for update', [orderId]);
    if (!orders[0]) throw new ApiError(404, floorMessages.orderNotFound);
    const { rows: items } = await tx.query<{ quantity: number }>('select quantity from order_items where id = $1 and order_id = $2', [itemId, orderId]);
    if (!items[0]) throw new ApiError(404, 'This item is not part of the order.');
    await ensureLabels(tx, orderId);
    const { rows } = await tx.query<{ id: number }>(
      `update factory_labels set cancelled_at = now(), cancelled_user_id = $3, cancel_reason = $4
       where id in (
         select l.id from (
           select l.id, row_number() over (partition by l.order_item_id order by l.counter desc) as k, i.quantity as owned
           from factory_labels l join order_items i on i.id = l.order_item_id
           where l.order_id = $1 and l.cancelled_at is null and l.picked_at is null and (i.id = $2 or i.parent_item_id = $2)
         ) l where $5::int is null or l.k <= ceil($5::numeric * l.owned / $6))
       returning id`,
      [orderId, itemId, userId, reason, quantity ?? null, items[0].quantity],
    );
    if (rows.length === 0) throw new ApiError(409, 'Every unit of this item is already picked or cancelled.');
    const units = quantity ?? rows.length;
    await tx.query(`insert into order_status_logs (order_id, status, previous_status, user_id, note) values ($1, $2, $2, $3, $4)`, [
      orderId,
      orders[0].status,
      userId,
      `${units} unit${units === 1 ? '' : 's'} of item ${itemId} cancelled: ${reason}`,
    ]);
    await advanceAfterPick(tx, orderId, orders[0].status, userId);
    return rows.length;
  });
}

/** Where links handed out by the floor point: PUBLIC_URL, else the store's own domain (never a request header). */
export function storeBaseUrl(activeDomainName: string | null, env: NodeJS.ProcessEnv = process.env): string | null {
  const configured = env.PUBLIC_URL?.trim().replace(/\/+$/, '');
  if (configured) return configured;
  return activeDomainName ? `https://${activeDomainName}` : null;
}

export const TRACKING_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{3,39}$/;
export const INVALID_TRACKING_CODE = 'The tracking code must be 4 to 40 letters, digits, spaces or dashes.';

/**
 * Dispatches a packed order: records the tracking code, moves it to complete, frees its pigeonhole and queues the
 * shopper's dispatch mail — one transaction.
 */
export async function dispatchOrder(
  db: Database,
  orderId: number,
  input: { trackingCode: string; carrier?: string | null; userId: number },
  env: NodeJS.ProcessEnv = process.env,
  themes: ThemeService | null = null,
) {
  const code = input.trackingCode.trim();
  if (!TRACKING_CODE.test(code)) throw new ApiError(422, INVALID_TRACKING_CODE, { trackingCode: [INVALID_TRACKING_CODE] });
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string; hash: string; email: string; seller: string; domain: string | null; division_id: number; shipping_address: { firstName?: string }; customer: number | null }>(
      `select o.status, o.hash, o.email, o.shipping_address, o.division_id, coalesce(c.name, d.name) as seller, d.active_domain_name as domain,
              coalesce(o.user_id, (select u.id from users u where lower(u.email) = lower(o.email) order by u.id limit 1)) as customer
       from orders o join divisions d on d.id = o.division_id left join companies c on c.id = d.company_id where o.id = $1 for update of o`,
      [orderId],
    );
    const order = rows[0];
    if (!order) throw new ApiError(404, floorMessages.orderNotFound);
    if (order.status !== 'packing') throw new ApiError(409, floorMessages.notPacking(orderId, order.status));
    const carrier = input.carrier?.trim() || null;
    await tx.query('insert into tracking_codes (order_id, code, carrier, user_id) values ($1, $2, $3, $4)', [orderId, code, carrier, input.userId]);
    await transitionOrder(tx, orderId, 'complete', { userId: input.userId, note: `Dispatched: ${carrier ? `${carrier} ` : ''}${code}` });
    await tx.query('update pigeonholes set order_id = null where order_id = $1', [orderId]);
    const base = storeBaseUrl(order.domain, env);
    const receiptUrl = `${base ?? ''}/receipt/${order.hash}`;
    const hello = order.shipping_address?.firstName ? `Hello ${order.shipping_address.firstName},` : 'Hello,';
    const tracking = `${carrier ? `${carrier} ` : ''}${code}`;
    const brand = await mailBrandOf({ db: tx, themes }, order.division_id, base);
    await queueMail(tx, {
      to: order.email,
      subject: `Your order #${orderId} from ${order.seller} is on its way`,
      text: [hello, '', `Your order #${orderId} has been dispatched.`, `Tracking code: ${tracking}`, '', `Follow it on your receipt: ${receiptUrl}`].join('\n'),
      html: layout(
        brand,
        `Your order #${orderId} is on its way`,
        `<p>${escapeHtml(hello)}</p><p>Your order #${orderId} has been dispatched.</p><p>Tracking code: <strong>${escapeHtml(tracking)}</strong></p>`,
        { label: 'Follow it on your receipt', href: receiptUrl },
      ),
    });
    // A shopper with an account also sees it in the app (and as a push), one per order.
    if (order.customer) {
      await createNotification(tx, {
        recipientId: order.customer,
        title: `Order #${orderId} is on its way`,
        body: `Dispatched from ${order.seller}. Tracking code: ${tracking}`,
        href: `/receipt/${order.hash}`,
        template: 'Bag',
        tag: `order-${orderId}`,
        replacePrevious: true,
        data: { orderId, trackingCode: code },
      });
    }
  });
}
