import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages } from '../../http/errors';
import { findStore } from '../../stores';
import { STORE_NOT_FOUND } from '../../catalogue/division';
import { ID, TOKEN, paramsSchema } from '../../http/routeSchemas';
import { paymentsFrom, type Payments } from '../../payments';
import { createReturn, findOrderForReturn, loadReturnView } from '../../orders/returns';
import { mailBrandOf } from '../../orders/mailBrand';
import { storeBaseUrl } from '../../orders/floor';
import { RETURN_REASON_CODES, returnMessages } from '../../../src/core/returns';
import type { ReturnRequestLine } from '../../../src/core/api/returns';

const HASH = /^[A-Za-z0-9_-]{16,64}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HASH_PARAMS = paramsSchema({ orderHash: TOKEN });

const RETURN_BODY = {
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: {
    items: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        required: ['itemId', 'quantity', 'reason', 'resolution'],
        additionalProperties: false,
        properties: {
          itemId: ID,
          quantity: { type: 'integer', minimum: 1, maximum: 10000 },
          reason: { type: 'string', enum: RETURN_REASON_CODES },
          resolution: { type: 'string', enum: ['refund', 'exchange'] },
          exchangeVariantId: ID,
        },
      },
    },
  },
} as const;

const FIND_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: { orderNumber: { type: 'string', maxLength: 20 }, email: { type: 'string', maxLength: 254 } },
} as const;

/**
 * Returns (§2.2 /returns/{orderHash?}): the order's returnable items by its unguessable hash, the look-up by order
 * number + email when the shopper has no link, and the return itself (refund through the processor, exchange as a
 * child order). Only orders of the store the request is addressed to.
 */
export function returnsRoutes(app: FastifyInstance, ctx: AppContext, options: { payments?: Payments; env?: NodeJS.ProcessEnv } = {}) {
  const env = options.env ?? process.env;
  let payments = options.payments ?? ctx.payments ?? null;
  const processorOf = (name: string) => {
    payments ??= paymentsFrom(env);
    return [payments.card, payments.wallet].find((p) => p.name === name) ?? null;
  };
  const storeOf = async (request: FastifyRequest) => {
    const store = await findStore(ctx.db, { host: request.hostname });
    if (!store?.enabled) throw new ApiError(404, STORE_NOT_FOUND);
    return store;
  };
  const hashOf = (raw: string) => {
    if (!HASH.test(raw)) throw new ApiError(404, returnMessages.notFound);
    return raw;
  };
  const private_ = (reply: FastifyReply) => {
    void reply.header('cache-control', 'no-store');
    void reply.header('x-robots-tag', 'noindex');
  };

  app.get<{ Params: { orderHash: string } }>('/omnis/v3/returns/:orderHash/', { schema: { params: HASH_PARAMS }, config: { notFound: returnMessages.notFound } }, async (request, reply) => {
    const store = await storeOf(request);
    const view = await loadReturnView(ctx.db, store.id, hashOf(request.params.orderHash));
    if (!view) throw new ApiError(404, returnMessages.notFound);
    private_(reply);
    return view;
  });

  app.post<{ Body: { orderNumber?: string; email?: string } }>('/omnis/v3/returns/find/', { schema: { body: FIND_BODY } }, async (request, reply) => {
    const store = await storeOf(request);
    const number = (request.body.orderNumber ?? '').trim().replace(/^#/, '');
    const email = (request.body.email ?? '').trim();
    const errors: Record<string, string[]> = {};
    if (!number) errors.orderNumber = ['This field is required'];
    else if (!/^\d{1,9}$/.test(number)) errors.orderNumber = ['must contain only numeric characters'];
    if (!email) errors.email = ['This field is required'];
    else if (!EMAIL.test(email)) errors.email = ['Please enter a valid email address'];
    if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors)[0]![0]!, errors);
    // The same answer whether the number is unknown or belongs to another email: nothing leaks.
    const hash = await findOrderForReturn(ctx.db, store.id, Number(number), email);
    if (!hash) throw new ApiError(404, returnMessages.noMatch);
    private_(reply);
    return { hash };
  });

  app.post<{ Params: { orderHash: string }; Body: { items: ReturnRequestLine[] } }>(
    '/omnis/v3/returns/:orderHash/',
    { schema: { params: HASH_PARAMS, body: RETURN_BODY }, config: { notFound: returnMessages.notFound } },
    async (request, reply) => {
      const store = await storeOf(request);
      const hash = hashOf(request.params.orderHash);
      // The mails' links and logo come from PUBLIC_URL or the store's configured domain, never the request.
      const brand = await mailBrandOf(ctx, store.id, storeBaseUrl(store.activeDomainName, env));
      const result = await createReturn(ctx.db, processorOf, { divisionId: store.id, hash, lines: request.body.items, env, brand });
      const view = await loadReturnView(ctx.db, store.id, hash);
      if (!view) throw new ApiError(404, apiMessages.notFound);
      private_(reply);
      const { status, ...body } = result;
      return reply.code(status).send({ ...body, view });
    },
  );
}
