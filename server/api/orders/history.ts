import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages } from '../../http/errors';
import { findStore } from '../../stores';
import { STORE_NOT_FOUND } from '../../catalogue/division';
import { requireVerified } from '../../auth/guards';
import { customerHashFor, loadOrderHistory } from '../../orders/orderHistory';
import { TOKEN, paramsSchema } from '../../http/routeSchemas';

const HASH = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * GET /omnis/v3/order-history/{customerHash}/  the orders of one shopper of this store (the hash is the key, as
 *                                               for receipts); an unknown hash, or one of another store: 404.
 * GET /omnis/v3/order-history/                  the signed-in (verified) shopper's own history hash ("My orders").
 */
export function orderHistoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const storeOf = async (request: FastifyRequest) => {
    const store = await findStore(ctx.db, { host: request.hostname });
    if (!store?.enabled) throw new ApiError(404, STORE_NOT_FOUND);
    return store;
  };
  const noStore = (reply: FastifyReply) => {
    void reply.header('cache-control', 'no-store');
    void reply.header('x-robots-tag', 'noindex');
  };

  app.get<{ Params: { customerHash: string } }>('/omnis/v3/order-history/:customerHash/', { schema: { params: paramsSchema({ customerHash: TOKEN }) } }, async (request, reply) => {
    const store = await storeOf(request);
    const hash = request.params.customerHash;
    const history = HASH.test(hash) ? await loadOrderHistory(ctx.db, store.id, hash) : null;
    if (!history) throw new ApiError(404, apiMessages.notFound);
    noStore(reply);
    return history;
  });

  app.get('/omnis/v3/order-history/', async (request, reply) => {
    // Verified only: the email must be the shopper's own before it opens that email's orders.
    const user = requireVerified(request);
    const store = await storeOf(request);
    noStore(reply);
    return { hash: await customerHashFor(ctx.db, store.id, user.email) };
  });
}
