import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages, badRequest } from '../../http/errors';
import { ID, paramsSchema } from '../../http/routeSchemas';
import { AuthError } from '../../auth/errors';
import { authMessages } from '../../auth/messages';
import type { AuthUser } from '../../auth/types';
import {
  ORDER_STATUS_LABELS,
  STATUS_FILTER_GROUPS,
  allowedTransitions,
  isOrderStatus,
  orderProgress,
  progressKind,
  FULFILMENT_FACTORIES,
} from '../../../src/core/orderLifecycle';
import { transitionOrder, transitionRefused } from '../../orders/stateMachine';
import { ensureLabels, loadLabels } from '../../orders/labels';
import { printFilesOfOrders } from '../../studio/printFiles';
import { renderLabelsPdf, renderLabelsZpl, renderPackingSlip } from '../../orders/labelDocuments';
import { cancelItem, cancelLabel, dispatchOrder, logPretreat, printLabels, scanLabel } from '../../orders/floor';
import { refundOrder } from '../../orders/refunds';
import { refusePurchaseOrderWithoutTerms } from '../../orders/quotes';
import { paymentsFrom, type Payments } from '../../payments';

const API = '/omnis/v3/atlas';
const IDS = { type: 'array', minItems: 1, maxItems: 500, items: ID } as const;
const REASON = { type: 'string', minLength: 1, maxLength: 500 } as const;
const UNITS = { type: 'integer', minimum: 1, maximum: 10000 } as const;
export const ORDERS_PER_PAGE = 50;

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** §6/§8: atlas is for staff; anyone else, signed in or not, gets 403 "Permission denied". */
function staffOf(request: FastifyRequest): AuthUser {
  const user = request.auth;
  if (!user?.internal) throw new AuthError(403, authMessages.permissionDenied);
  return user;
}

const ID_PARAMS = paramsSchema({ id: ID });
const ORDER_ITEM_PARAMS = paramsSchema({ id: ID, itemId: ID });

/** Body and query schemas answer 400 with the field errors (attachValidation). */
function checked(request: FastifyRequest) {
  // A path id that names nothing is the §8 404, as on routes without attached validation.
  if (request.validationError?.validationContext === 'params') throw new ApiError(404, apiMessages.notFound);
  if (request.validationError) throw badRequest(request.validationError as { validation?: [] });
}

const LIST_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    group: { type: 'string', enum: Object.keys(STATUS_FILTER_GROUPS) },
    status: { type: 'string', maxLength: 40 },
    store: ID,
    factory: { type: 'string', enum: [...FULFILMENT_FACTORIES] },
    priority: { type: 'integer', minimum: 0, maximum: 2 },
    from: { type: 'string', format: 'date' },
    to: { type: 'string', format: 'date' },
    paid: { type: 'boolean' },
    search: { type: 'string', maxLength: 200 },
    page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  },
} as const;

interface ListQuery {
  group?: string;
  status?: string;
  store?: number;
  factory?: string;
  priority?: number;
  from?: string;
  to?: string;
  paid?: boolean;
  search?: string;
  page: number;
}

const UNPAID = ['new', 'to_be_paid', 'payment_failed', 'cancelled', 'expired', 'quote', 'bespoke_idle'];

/** WHERE clause and parameters of the atlas order list (every filter optional; search by number, email, name, tracking code). */
function listWhere(q: ListQuery): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const and: string[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (q.group) and.push(`o.status = any(${p(STATUS_FILTER_GROUPS[q.group])}::text[])`);
  if (q.status) and.push(`o.status = ${p(q.status)}`);
  if (q.store) and.push(`o.division_id = ${p(q.store)}`);
  if (q.factory) and.push(`o.fulfilment_factory = ${p(q.factory)}`);
  if (q.priority !== undefined) and.push(`o.priority = ${p(q.priority)}`);
  if (q.from) and.push(`o.created_at >= ${p(q.from)}::date`);
  if (q.to) and.push(`o.created_at < ${p(q.to)}::date + 1`);
  if (q.paid !== undefined) and.push(`${q.paid ? 'not ' : ''}(o.status = any(${p(UNPAID)}::text[]))`);
  const search = (q.search ?? '').trim().toLowerCase();
  if (search) {
    const number = /^#?(\d{1,9})$/.exec(search);
    const prefix = `${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const ors = [
      `lower(o.email) like ${p(prefix)}`,
      `lower(o.shipping_address ->> 'lastName') like $${params.length}`,
      `lower(o.shipping_address ->> 'firstName') like $${params.length}`,
      // any(array(…)), not in (…): the planner can then OR it with the prefix indexes instead of scanning every order.
      `o.id = any(array(select order_id from tracking_codes where lower(code) = ${p(search)}))`,
    ];
    if (number) ors.unshift(`o.id = ${p(Number(number[1]))}`);
    and.push(`(${ors.join(' or ')})`);
  }
  return { where: and.length ? `where ${and.join(' and ')}` : '', params };
}

const listRow = (r: Row) => {
  const status = r.status as string;
  const kind = progressKind({ status, fulfilmentFactory: r.fulfilment_factory as string });
  const address = (r.shipping_address as { firstName?: string; lastName?: string }) ?? {};
  return {
    id: r.id as number,
    number: r.id as number,
    hash: r.hash as string,
    status,
    statusLabel: isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status,
    progress: orderProgress(status, kind),
    progressKind: kind,
    email: r.email as string,
    name: `${address.firstName ?? ''} ${address.lastName ?? ''}`.trim(),
    store: { id: r.division_id as number, name: r.store_name as string },
    factory: r.fulfilment_factory as string,
    priority: r.priority as number,
    pigeonhole: (r.pigeonhole as number | null) ?? null,
    total: r.total as number,
    currency: r.currency as string,
    paid: !UNPAID.includes(status),
    childOrderType: (r.child_order_type as string | null) ?? null,
    createdAt: iso(r.created_at)!,
  };
};

export type AtlasOrderRow = ReturnType<typeof listRow>;

/** The atlas floor: the order queue and detail, status changes, labels, production, picking, dispatch, refunds. */
export function atlasFloorRoutes(app: FastifyInstance, ctx: AppContext, options: { payments?: Payments; env?: NodeJS.ProcessEnv } = {}) {
  const env = options.env ?? process.env;
  let payments = options.payments ?? ctx.payments ?? null;
  const processorOf = (name: string) => {
    payments ??= paymentsFrom(env);
    return [payments.card, payments.wallet].find((p) => p.name === name) ?? null;
  };

  app.get<{ Querystring: ListQuery }>(`${API}/orders/`, { schema: { querystring: LIST_QUERY }, attachValidation: true }, async (request) => {
    staffOf(request);
    checked(request);
    const q = request.query;
    const { where, params } = listWhere(q);
    const offset = (q.page - 1) * ORDERS_PER_PAGE;
    const [{ rows }, count] = await Promise.all([
      ctx.db.query<Row>(
        `select o.id, o.hash, o.status, o.email, o.shipping_address, o.division_id, o.fulfilment_factory, o.priority, o.pigeonhole, o.total, o.currency,
                o.child_order_type, o.created_at, d.name as store_name
         from orders o join divisions d on d.id = o.division_id ${where}
         order by o.priority desc, o.id desc limit ${ORDERS_PER_PAGE} offset ${offset}`,
        params,
      ),
      ctx.db.query<{ total: number }>(`select count(*)::int as total from orders o ${where}`, params),
    ]);
    const total = count.rows[0]!.total;
    return { data: rows.map(listRow), total, page: q.page, perPage: ORDERS_PER_PAGE, lastPage: Math.max(1, Math.ceil(total / ORDERS_PER_PAGE)) };
  });

  app.get<{ Params: { id: number } }>(`${API}/orders/:id/`, { schema: { params: ID_PARAMS } }, async (request) => {
    staffOf(request);
    const id = request.params.id;
    const { rows } = await ctx.db.query<Row>(
      `select o.*, d.name as store_name, sm.name as shipping_method_name, r.name as reprint_reason
       from orders o join divisions d on d.id = o.division_id left join shipping_methods sm on sm.code = o.shipping_method
       left join reprint_reasons r on r.id = o.reprint_reason_id where o.id = $1`,
      [id],
    );
    const o = rows[0];
    if (!o) throw new ApiError(404, apiMessages.notFound);
    const [items, logs, attempts, tracking, children, refunds, reasons, labels, printFiles] = await Promise.all([
      ctx.db.query<Row>(
        `select i.*, coalesce((select sum(quantity)::int from order_item_returns r where r.order_item_id = i.id), 0) as returned,
                (select count(*)::int from factory_labels l where l.order_item_id = i.id and l.cancelled_at is not null) as cancelled_labels
         from order_items i where i.order_id = $1 order by coalesce(i.parent_item_id, i.id), i.position, i.id`,
        [id],
      ),
      ctx.db.query<Row>('select l.status, l.previous_status, l.note, l.created_at, u.email as user_email from order_status_logs l left join users u on u.id = l.user_id where l.order_id = $1 order by l.id', [id]),
      ctx.db.query<Row>('select message, is_successful, payment_method_name, processor, amount, created_at from payment_attempts where order_id = $1 order by id', [id]),
      ctx.db.query<Row>('select code, carrier, created_at from tracking_codes where order_id = $1 order by id', [id]),
      ctx.db.query<Row>('select id, status, child_order_type, reprint_reason_id, created_at from orders where parent_order_id = $1 order by id', [id]),
      ctx.db.query<Row>('select id, order_item_id, quantity, amount, reason, status, processor, message, created_at from refunds where order_id = $1 order by id', [id]),
      ctx.db.query<Row>('select id, code, name from reprint_reasons order by id'),
      loadLabels(ctx.db, { orderIds: [id] }),
      printFilesOfOrders(ctx.db, [id]),
    ]);
    const status = o.status as string;
    const kind = progressKind({ status, history: logs.rows.map((l) => l.status as string), fulfilmentFactory: o.fulfilment_factory as string });
    return {
      ...listRow(o),
      progress: orderProgress(status, kind),
      progressKind: kind,
      allowedTransitions: allowedTransitions(status),
      parentOrderId: (o.parent_order_id as number | null) ?? null,
      reprintReason: (o.reprint_reason as string | null) ?? null,
      subtotal: o.subtotal,
      shipping: (o.shipping as number) + (o.shipping_tax as number),
      discount: o.discount,
      couponCode: o.coupon_code ?? null,
      shippingMethod: (o.shipping_method_name as string | null) ?? o.shipping_method,
      paymentMethod: o.payment_method,
      paymentProcessor: o.payment_processor,
      billingAddress: o.billing_address,
      shippingAddress: o.shipping_address,
      items: items.rows.map((i) => {
        const options = (i.options as { colour?: string | null; size?: string | null }) ?? {};
        return {
          id: i.id as number,
          parentItemId: (i.parent_item_id as number | null) ?? null,
          name: i.name as string,
          sku: i.sku as string,
          colour: options.colour ?? null,
          size: options.size ?? null,
          quantity: i.quantity as number,
          returned: i.returned as number,
          cancelledLabels: i.cancelled_labels as number,
          // §3 Active quantity = quantity − returned quantities − cancelled labels.
          activeQuantity: (i.quantity as number) - (i.returned as number) - (i.cancelled_labels as number),
          price: i.price as number,
          lineTotal: (i.price as number) * (i.quantity as number) - (i.discount as number),
          labels: labels.filter((l) => l.orderItemId === i.id),
          // Studio designs: the print file of each printed side, drawn once the order was paid.
          printFiles: printFiles.filter((f) => f.orderItemId === i.id).map(({ area, status, width, height, url }) => ({ area, status, width, height, url })),
        };
      }),
      statusLog: logs.rows.map((l) => ({ status: l.status, previousStatus: l.previous_status ?? null, note: l.note ?? null, user: l.user_email ?? null, createdAt: iso(l.created_at) })),
      paymentAttempts: attempts.rows.map((a) => ({ message: a.message, isSuccessful: a.is_successful, paymentMethodName: a.payment_method_name, processor: a.processor, amount: a.amount, createdAt: iso(a.created_at) })),
      trackingCodes: tracking.rows.map((t) => ({ code: t.code, carrier: t.carrier ?? null, createdAt: iso(t.created_at) })),
      childOrders: children.rows.map((c) => ({ id: c.id, status: c.status, type: c.child_order_type, reprintReasonId: c.reprint_reason_id ?? null, createdAt: iso(c.created_at) })),
      refunds: refunds.rows.map((r) => ({ id: r.id, itemId: r.order_item_id ?? null, quantity: r.quantity ?? null, amount: r.amount, reason: r.reason, status: r.status, processor: r.processor, message: r.message ?? null, createdAt: iso(r.created_at) })),
      reprintReasons: reasons.rows,
    };
  });

  app.post<{ Params: { id: number }; Body: { status: string; note?: string } }>(
    `${API}/orders/:id/status/`,
    {
      schema: { params: ID_PARAMS, body: { type: 'object', required: ['status'], additionalProperties: false, properties: { status: { type: 'string', minLength: 1, maxLength: 40 }, note: { type: 'string', maxLength: 500 } } } },
      attachValidation: true,
    },
    async (request) => {
      const staff = staffOf(request);
      const id = request.params.id;
      checked(request);
      const to = request.body.status;
      const result = await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ status: string }>('select status from orders where id = $1 for update', [id]);
        if (!rows[0]) throw new ApiError(404, apiMessages.notFound);
        if (!isOrderStatus(to)) throw new ApiError(409, transitionRefused(rows[0].status, to), { status: [...allowedTransitions(rows[0].status)] });
        // Production moves create the labels, so the floor always has one per unit.
        if (['processing', 'label_printed', 'printed'].includes(to)) await ensureLabels(tx, id);
        // A bespoke order goes ahead on a purchase order only for a customer whose terms were authorised.
        if (to === 'po_confirmed' && rows[0].status === 'bespoke_approved') await refusePurchaseOrderWithoutTerms(tx, id);
        const from = await transitionOrder(tx, id, to, { userId: staff.id, note: request.body.note?.trim() || null });
        return { from, status: to };
      });
      return { ...result, allowedTransitions: allowedTransitions(to) };
    },
  );

  app.post<{ Params: { id: number }; Body: { priority: number } }>(
    `${API}/orders/:id/priority/`,
    { schema: { params: ID_PARAMS, body: { type: 'object', required: ['priority'], additionalProperties: false, properties: { priority: { type: 'integer', minimum: 0, maximum: 2 } } } }, attachValidation: true },
    async (request) => {
      const staff = staffOf(request);
      const id = request.params.id;
      checked(request);
      const { priority } = request.body;
      const done = await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ status: string; priority: number }>('select status, priority from orders where id = $1 for update', [id]);
        if (!rows[0]) return false;
        await tx.query('update orders set priority = $2, updated_at = now() where id = $1', [id, priority]);
        await tx.query('insert into order_status_logs (order_id, status, previous_status, user_id, note) values ($1, $2, $2, $3, $4)', [id, rows[0].status, staff.id, `Priority ${rows[0].priority} → ${priority}`]);
        return true;
      });
      if (!done) throw new ApiError(404, apiMessages.notFound);
      return { priority };
    },
  );

  const reasonBody = { type: 'object', required: ['reason'], additionalProperties: false, properties: { reason: REASON } } as const;

  app.post<{ Params: { id: number; itemId: number }; Body: { reason: string; quantity?: number } }>(
    `${API}/orders/:id/items/:itemId/cancel/`,
    { schema: { params: ORDER_ITEM_PARAMS, body: { ...reasonBody, properties: { reason: REASON, quantity: UNITS } } }, attachValidation: true },
    async (request) => {
      const staff = staffOf(request);
      const id = request.params.id;
      const itemId = request.params.itemId;
      checked(request);
      return { cancelled: await cancelItem(ctx.db, id, itemId, staff.id, request.body.reason.trim(), request.body.quantity) };
    },
  );

  app.post<{ Params: { id: number }; Body: { reason: string; itemIds?: number[]; items?: { id: number; quantity: number }[] } }>(
    `${API}/orders/:id/refund/`,
    {
      schema: {
        params: ID_PARAMS,
        body: {
          type: 'object',
          required: ['reason'],
          additionalProperties: false,
          properties: {
            reason: REASON,
            itemIds: IDS,
            items: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'object', required: ['id', 'quantity'], additionalProperties: false, properties: { id: ID, quantity: UNITS } } },
          },
        },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const id = request.params.id;
      checked(request);
      const result = await refundOrder(ctx.db, processorOf, { orderId: id, itemIds: request.body.itemIds, items: request.body.items, reason: request.body.reason.trim(), userId: staff.id });
      // The processor said no: the refund row says so too; the caller sees the processor's words.
      if (!result.ok) return reply.code(402).send({ message: result.message, refund: result });
      return { refund: result };
    },
  );

  app.post<{ Params: { id: number }; Body: { reasonId: number; itemIds?: number[] } }>(
    `${API}/orders/:id/reprint/`,
    { schema: { params: ID_PARAMS, body: { type: 'object', required: ['reasonId'], additionalProperties: false, properties: { reasonId: ID, itemIds: IDS } } }, attachValidation: true },
    async (request, reply) => {
      const staff = staffOf(request);
      const id = request.params.id;
      checked(request);
      const childId = await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<Row>('select id from orders where id = $1 for update', [id]);
        if (!rows[0]) throw new ApiError(404, apiMessages.notFound);
        const reason = await tx.query('select 1 from reprint_reasons where id = $1', [request.body.reasonId]);
        if (!reason.rows[0]) throw new ApiError(404, 'This reprint reason does not exist.');
        const { rows: items } = await tx.query<{ id: number }>(
          `select id from order_items i where order_id = $1 and not exists (select 1 from order_items c where c.parent_item_id = i.id)
           and ($2::int[] is null or id = any($2::int[]) or parent_item_id = any($2::int[]))`,
          [id, request.body.itemIds ?? null],
        );
        if (items.length === 0) throw new ApiError(404, 'This item is not part of the order.');
        // The child is made again at no charge: same addresses and store, zero totals, straight to paid.
        const { rows: child } = await tx.query<{ id: number }>(
          `insert into orders (hash, division_id, user_id, email, status, currency, subtotal, shipping, shipping_tax, goods_tax, discount, total,
                               billing_address, shipping_address, shipping_method, payment_method, payment_processor, idempotency_key,
                               priority, fulfilment_factory, parent_order_id, child_order_type, reprint_reason_id)
           select replace(gen_random_uuid()::text, '-', ''), division_id, user_id, email, 'paid', currency, 0, 0, 0, 0, 0, 0,
                  billing_address, shipping_address, shipping_method, 'reprint', 'none', 'reprint-' || gen_random_uuid(),
                  greatest(priority, 1), fulfilment_factory, id, 'reprint', $2
           from orders where id = $1 returning id`,
          [id, request.body.reasonId],
        );
        const newId = child[0]!.id;
        await tx.query(
          `insert into order_items (order_id, product_id, variant_id, name, sku, options, quantity, price, vat_rate, tax, discount, position)
           select $1, product_id, variant_id, name, sku, options, quantity, 0, vat_rate, 0, 0, position from order_items where id = any($2::int[])`,
          [newId, items.map((i) => i.id)],
        );
        await tx.query('insert into order_status_logs (order_id, status, previous_status, user_id, note) values ($1, $2, null, $3, $4)', [newId, 'paid', staff.id, `Reprint of #${id}`]);
        await tx.query('insert into order_status_logs (order_id, status, previous_status, user_id, note) select id, status, status, $2, $3 from orders where id = $1', [id, staff.id, `Reprint ordered: #${newId}`]);
        return newId;
      });
      return reply.code(201).send({ id: childId });
    },
  );

  app.post<{ Params: { id: number }; Body: { trackingCode: string; carrier?: string } }>(
    `${API}/orders/:id/dispatch/`,
    {
      schema: { params: ID_PARAMS, body: { type: 'object', required: ['trackingCode'], additionalProperties: false, properties: { trackingCode: { type: 'string', maxLength: 60 }, carrier: { type: 'string', maxLength: 40 } } } },
      attachValidation: true,
    },
    async (request) => {
      const staff = staffOf(request);
      const id = request.params.id;
      checked(request);
      await dispatchOrder(ctx.db, id, { trackingCode: request.body.trackingCode, carrier: request.body.carrier, userId: staff.id }, env, ctx.themes);
      return { status: 'complete' };
    },
  );

  app.get<{ Params: { id: number } }>(`${API}/orders/:id/packing-slip/`, { schema: { params: ID_PARAMS } }, async (request, reply) => {
    staffOf(request);
    const id = request.params.id;
    const { rows } = await ctx.db.query<Row>(
      `select o.id, o.shipping_address, coalesce(sm.name, o.shipping_method) as shipping_method, coalesce(c.name, d.name) as seller
       from orders o join divisions d on d.id = o.division_id left join companies c on c.id = d.company_id left join shipping_methods sm on sm.code = o.shipping_method where o.id = $1`,
      [id],
    );
    if (!rows[0]) throw new ApiError(404, apiMessages.notFound);
    const labels = await loadLabels(ctx.db, { orderIds: [id] });
    const items = new Map<number, { name: string; colour: string | null; size: string | null; quantity: number }>();
    for (const l of labels.filter((x) => !x.cancelledAt)) {
      const item = items.get(l.orderItemId) ?? { name: l.product, colour: l.colour, size: l.size, quantity: 0 };
      item.quantity++;
      items.set(l.orderItemId, item);
    }
    const pdf = await renderPackingSlip({
      id,
      seller: rows[0].seller as string,
      address: rows[0].shipping_address as never,
      shippingMethod: rows[0].shipping_method as string,
      items: [...items.values()],
    });
    return reply.type('application/pdf').header('content-disposition', `inline; filename="packing-slip-${id}.pdf"`).send(Buffer.from(pdf));
  });

  app.get(`${API}/production/`, async (request) => {
    staffOf(request);
    // The queue: labels still to make, grouped by product, colour and print count (what a printer loads together).
    const { rows } = await ctx.db.query<Row>(
      `select i.name as product, i.options ->> 'colour' as colour, l.times_printed, count(*)::int as units,
              array_agg(l.id order by o.priority desc, l.order_id, l.counter) as label_ids,
              array_agg(distinct l.order_id) as order_ids, max(o.priority) as priority
       from factory_labels l join orders o on o.id = l.order_id join order_items i on i.id = l.order_item_id
       where l.to_be_picked and l.cancelled_at is null and o.status = any($1::text[])
       group by i.name, i.options ->> 'colour', l.times_printed
       order by max(o.priority) desc, i.name, colour, l.times_printed`,
      [['paid', 'processing', 'label_printed', 'printed', 'consolidated']],
    );
    const { rows: waiting } = await ctx.db.query<Row>(
      `select o.id, o.priority, o.created_at, (select coalesce(sum(quantity), 0)::int from order_items i where i.order_id = o.id and not exists (select 1 from order_items c where c.parent_item_id = i.id)) as units
       from orders o where o.status = 'paid' and not exists (select 1 from factory_labels l where l.order_id = o.id)
       order by o.priority desc, o.id limit 200`,
    );
    return {
      groups: rows.map((r) => ({
        product: r.product,
        colour: r.colour ?? null,
        timesPrinted: r.times_printed,
        units: r.units,
        priority: r.priority,
        labelIds: r.label_ids,
        orderIds: r.order_ids,
      })),
      // Paid orders whose labels have not been printed yet.
      awaitingLabels: waiting.map((w) => ({ id: w.id, priority: w.priority, units: w.units, createdAt: iso(w.created_at) })),
    };
  });

  app.post<{ Body: { orderIds?: number[]; labelIds?: number[]; reason?: string }; Querystring: { format?: 'pdf' | 'zpl' } }>(
    `${API}/labels/print/`,
    {
      schema: {
        querystring: { type: 'object', properties: { format: { type: 'string', enum: ['pdf', 'zpl'] } } },
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: { orderIds: IDS, labelIds: IDS, reason: { type: 'string', maxLength: 500 } },
          anyOf: [{ required: ['orderIds'] }, { required: ['labelIds'] }],
        },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const staff = staffOf(request);
      checked(request);
      const format = request.query.format ?? 'pdf';
      const labels = await printLabels(ctx.db, { orderIds: request.body.orderIds, labelIds: request.body.labelIds, userId: staff.id, format, reason: request.body.reason?.trim() || null });
      const name = labels.length === 1 ? `label-${labels[0]!.id}` : `labels-${labels.length}`;
      if (format === 'zpl') return reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${name}.zpl"`).send(renderLabelsZpl(labels));
      const pdf = await renderLabelsPdf(labels);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).header('x-label-ids', labels.map((l) => l.id).join(',')).send(Buffer.from(pdf));
    },
  );

  app.post<{ Body: { labelIds: number[] } }>(
    `${API}/labels/pretreat/`,
    { schema: { body: { type: 'object', required: ['labelIds'], additionalProperties: false, properties: { labelIds: IDS } } }, attachValidation: true },
    async (request) => {
      const staff = staffOf(request);
      checked(request);
      return { logged: await logPretreat(ctx.db, request.body.labelIds, staff.id) };
    },
  );

  app.get<{ Params: { id: number } }>(`${API}/labels/:id/`, { schema: { params: ID_PARAMS } }, async (request) => {
    staffOf(request);
    const label = (await loadLabels(ctx.db, { labelIds: [request.params.id] }))[0];
    if (!label) throw new ApiError(404, apiMessages.notFound);
    return label;
  });

  app.post<{ Params: { id: number } }>(`${API}/labels/:id/scan/`, { schema: { params: ID_PARAMS }, config: { body: 'none' } }, async (request) => {
    const staff = staffOf(request);
    return scanLabel(ctx.db, request.params.id, staff.id);
  });

  app.post<{ Params: { id: number }; Body: { reason: string } }>(`${API}/labels/:id/cancel/`, { schema: { params: ID_PARAMS, body: reasonBody }, attachValidation: true }, async (request) => {
    const staff = staffOf(request);
    const id = request.params.id;
    checked(request);
    await cancelLabel(ctx.db, id, staff.id, request.body.reason.trim());
    return { cancelled: true };
  });
}
