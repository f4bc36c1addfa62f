import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages } from '../../http/errors';
import { findStore } from '../../stores';
import { STORE_NOT_FOUND } from '../../catalogue/division';
import { TOKEN, paramsSchema } from '../../http/routeSchemas';
import { assertNotLocked, recordFailure } from '../../auth/rateLimit';
import type { Payments } from '../../payments';
import { editOrder, loadEditView } from '../../orders/orderEdits';
import { updateAddress } from '../../orders/addressUpdate';
import { mailBrandOf } from '../../orders/mailBrand';
import { ORDER_LOOKUP_NOT_FOUND } from '../../orders/orderEditWindows';
import { cleanAddress } from '../../orders/placeOrder';
import { ADDRESS } from '../checkout/schemas';
import { addressErrors, emailErrors } from '../checkout/validation';
import { originOf } from '../checkout/paymentHttp';
import type { Address } from '../../../src/core/api/orders';
import type { EditChange } from '../../../src/core/api/orderEdits';

const HASH = /^[A-Za-z0-9_-]{16,64}$/;
const HASH_PARAMS = paramsSchema({ hash: TOKEN });

const EDIT_BODY = {
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: {
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        required: ['id', 'quantity'],
        additionalProperties: false,
        properties: {
          id: { type: 'integer', minimum: 1, maximum: 2147483647 },
          quantity: { type: 'integer', minimum: 0, maximum: 99 },
          colour: { type: 'string', minLength: 1, maxLength: 100 },
          size: { type: 'string', minLength: 1, maxLength: 50 },
          components: {
            type: 'array',
            maxItems: 50,
            items: {
              type: 'object',
              required: ['id', 'colour', 'size'],
              additionalProperties: false,
              properties: {
                id: { type: 'integer', minimum: 1, maximum: 2147483647 },
                colour: { type: 'string', minLength: 1, maxLength: 100 },
                size: { type: 'string', minLength: 1, maxLength: 50 },
              },
            },
          },
        },
      },
    },
  },
} as const;

const ADDRESS_BODY = { type: 'object', required: ['shippingAddress'], additionalProperties: false, properties: { shippingAddress: ADDRESS } } as const;
const FIND_BODY = {
  type: 'object',
  required: ['number', 'email'],
  additionalProperties: false,
  properties: { number: { type: 'integer', minimum: 1, maximum: 2147483647 }, email: { type: 'string', maxLength: 254 } },
} as const;

/**
 * The shopper looks after an order themselves (issue #15 parts 3 and 4), by its unguessable hash and only on the
 * store it was bought in (another store's hash, or an unknown one: §8 404):
 *   GET  /omnis/v3/orders/{hash}/edit/     the items and what they may change to, or why the order cannot change
 *   POST /omnis/v3/orders/{hash}/edit/     change sizes, colours, quantities, remove items (server/orders/orderEdits.ts)
 *   POST /omnis/v3/orders/{hash}/address/  a new delivery address, validated as at checkout (server/orders/addressUpdate.ts)
 *   POST /omnis/v3/orders/find/            the hash of an order by its number and the email it was placed with
 */
export function orderEditRoutes(app: FastifyInstance, ctx: AppContext, payments: Payments, env: NodeJS.ProcessEnv = process.env) {
  const storeOf = async (request: FastifyRequest) => {
    const store = await findStore(ctx.db, { host: request.hostname });
    if (!store?.enabled) throw new ApiError(404, STORE_NOT_FOUND);
    return store;
  };
  const hashOf = (raw: string) => {
    if (!HASH.test(raw)) throw new ApiError(404, apiMessages.notFound);
    return raw;
  };
  const processorOf = (name: string) => [payments.card, payments.wallet].find((p) => p.name === name) ?? null;
  const mailContext = async (request: FastifyRequest, divisionId: number) => {
    const origin = await originOf(ctx, request, env);
    return { origin, brand: await mailBrandOf(ctx, divisionId, origin) };
  };

  app.get<{ Params: { hash: string } }>('/omnis/v3/orders/:hash/edit/', { schema: { params: HASH_PARAMS } }, async (request, reply) => {
    const store = await storeOf(request);
    const view = await loadEditView(ctx.db, store.id, hashOf(request.params.hash));
    if (!view) throw new ApiError(404, apiMessages.notFound);
    void reply.header('cache-control', 'no-store');
    void reply.header('x-robots-tag', 'noindex');
    return view;
  });

  app.post<{ Params: { hash: string }; Body: { items: EditChange[] } }>(
    '/omnis/v3/orders/:hash/edit/',
    { schema: { params: HASH_PARAMS, body: EDIT_BODY } },
    async (request) => {
      const store = await storeOf(request);
      const hash = hashOf(request.params.hash);
      return editOrder(ctx.db, processorOf, { divisionId: store.id, hash, changes: request.body.items, ...(await mailContext(request, store.id)) });
    },
  );

  app.post<{ Params: { hash: string }; Body: { shippingAddress: Address } }>(
    '/omnis/v3/orders/:hash/address/',
    { schema: { params: HASH_PARAMS, body: ADDRESS_BODY } },
    async (request) => {
      const store = await storeOf(request);
      const hash = hashOf(request.params.hash);
      // Exactly checkout's rules and clean-up (server/api/checkout/routes.ts).
      const errors = addressErrors(request.body.shippingAddress, 'shippingAddress');
      if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors)[0]![0]!, errors);
      const shippingAddress = await updateAddress(ctx.db, { divisionId: store.id, hash, address: cleanAddress(request.body.shippingAddress), ...(await mailContext(request, store.id)) });
      return { shippingAddress };
    },
  );

  app.post<{ Body: { number: number; email: string } }>('/omnis/v3/orders/find/', { schema: { body: FIND_BODY } }, async (request) => {
    const store = await storeOf(request);
    const errors = emailErrors(request.body.email);
    if (Object.keys(errors).length) throw new ApiError(422, errors.email![0]!, errors);
    // Guessing numbers for an email costs: a few misses per address, then a pause (server/auth/rateLimit.ts).
    const key = `order-lookup:ip:${request.ip}`;
    await assertNotLocked(ctx.db, [key]);
    const { rows } = await ctx.db.query<{ hash: string }>('select hash from orders where id = $1 and division_id = $2 and email = $3', [
      request.body.number,
      store.id,
      request.body.email.trim().toLowerCase(),
    ]);
    if (!rows[0]) {
      await recordFailure(ctx.db, [key]);
      throw new ApiError(404, ORDER_LOOKUP_NOT_FOUND);
    }
    return { hash: rows[0].hash };
  });
}
