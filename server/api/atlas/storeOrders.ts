import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages, badRequest } from '../../http/errors';
import { requireStoreAccess } from '../../auth/guards';
import { ORDER_STATUS_LABELS, isOrderStatus, orderProgress, progressKind, STATUS_FILTER_GROUPS } from '../../../src/core/orderLifecycle';
import { ID } from '../../http/routeSchemas';

/** Statuses that count as a sale (paid, whatever happened after — refunds excepted). */
const SOLD = [...STATUS_FILTER_GROUPS.paid!, ...STATUS_FILTER_GROUPS.production!, ...STATUS_FILTER_GROUPS.packing!, 'disputed', 'issue', 'complete', 'exchanged'];
export const STORE_ORDERS_PER_PAGE = 25;

type Row = Record<string, unknown>;

/**
 * GET /omnis/v3/dashboard/orders/?store={divisionId}&page=: an owner's own store's orders with their §4 progress,
 * and the sales of the last 30 days. Store access is checked on the server (an owner of another store gets 403).
 */
export function storeOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Querystring: { store: number; page: number } }>(
    '/omnis/v3/dashboard/orders/',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['store'],
          properties: { store: ID, page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 } },
        },
      },
      attachValidation: true,
    },
    async (request) => {
      if (request.validationError) {
        if (!request.auth) requireStoreAccess(request, 0);
        throw badRequest(request.validationError as never);
      }
      const divisionId = request.query.store;
      requireStoreAccess(request, divisionId);
      const page = request.query.page;
      const [{ rows }, summary] = await Promise.all([
        ctx.db.query<Row>(
          `select id, hash, status, email, shipping_address, total, currency, fulfilment_factory, created_at,
                  (select coalesce(sum(quantity), 0)::int from order_items i where i.order_id = o.id and i.parent_item_id is null) as items
           from orders o where division_id = $1 order by id desc limit ${STORE_ORDERS_PER_PAGE} offset ${(page - 1) * STORE_ORDERS_PER_PAGE}`,
          [divisionId],
        ),
        ctx.db.query<{ total: number; sold: number; sales: number; currency: string | null }>(
          `select count(*)::int as total,
                  count(*) filter (where status = any($2::text[]) and created_at >= now() - interval '30 days')::int as sold,
                  coalesce(sum(total) filter (where status = any($2::text[]) and created_at >= now() - interval '30 days'), 0)::int as sales,
                  max(currency) as currency
           from orders where division_id = $1`,
          [divisionId, SOLD],
        ),
      ]);
      const s = summary.rows[0];
      if (!s) throw new ApiError(404, apiMessages.notFound);
      return {
        data: rows.map((r) => {
          const status = r.status as string;
          const kind = progressKind({ status, fulfilmentFactory: r.fulfilment_factory as string });
          const address = (r.shipping_address as { firstName?: string; lastName?: string }) ?? {};
          return {
            id: r.id as number,
            hash: r.hash as string,
            status,
            statusLabel: isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status,
            progress: orderProgress(status, kind),
            customer: `${address.firstName ?? ''} ${address.lastName ?? ''}`.trim() || (r.email as string),
            items: r.items as number,
            total: r.total as number,
            currency: r.currency as string,
            createdAt: new Date(r.created_at as string).toISOString(),
          };
        }),
        total: s.total,
        page,
        perPage: STORE_ORDERS_PER_PAGE,
        lastPage: Math.max(1, Math.ceil(s.total / STORE_ORDERS_PER_PAGE)),
        last30Days: { orders: s.sold, sales: s.sales, currency: s.currency ?? 'GBP' },
      };
    },
  );
}
