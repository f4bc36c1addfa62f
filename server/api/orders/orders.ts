import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages } from '../../http/errors';
import { loadOrderView } from '../../orders/orders';
import { customerHashFor } from '../../orders/orderHistory';
import { isReturnable } from '../../orders/returns';
import { capturePayPalPayment, payOrder } from '../../orders/payOrder';
import { processorFor, type Payments } from '../../payments';
import type { PaymentInput } from '../../payments/types';
import { HASH_PARAMS, PAY_BODY } from '../checkout/schemas';
import { idempotencyKeyOf, originOf, sendOutcome } from '../checkout/paymentHttp';

const HASH = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Orders by their unguessable hash: the receipt/invoice data, paying an unpaid order (/pay/{order}/) and the
 * PayPal capture after the shopper approved on PayPal and came back to /pay/{order}/?paypal=return&token=…
 * (paid → 200 like /pay/, declined → 402 with PayPal's message, expired with its stock gone → 409).
 */
export function orderRoutes(app: FastifyInstance, ctx: AppContext, payments: Payments, env: NodeJS.ProcessEnv = process.env) {
  const hashOf = (raw: string) => {
    if (!HASH.test(raw)) throw new ApiError(404, apiMessages.notFound);
    return raw;
  };

  app.get<{ Params: { hash: string } }>('/omnis/v3/orders/:hash/', { schema: { params: HASH_PARAMS } }, async (request, reply) => {
    const order = await loadOrderView(ctx.db, hashOf(request.params.hash));
    if (!order) throw new ApiError(404, apiMessages.notFound);
    void reply.header('cache-control', 'no-store');
    // Receipts are reached by their hash alone; they are not for search engines.
    void reply.header('x-robots-tag', 'noindex');
    // The receipt links to the shopper's order history.
    const { rows } = await ctx.db.query<{ division_id: number }>('select division_id from orders where hash = $1', [order.hash]);
    return { ...order, customerHash: await customerHashFor(ctx.db, rows[0]!.division_id, order.email), returnable: await isReturnable(ctx.db, rows[0]!.division_id, order.hash) };
  });

  app.post<{ Params: { hash: string }; Body: { payment: PaymentInput } }>(
    '/omnis/v3/orders/:hash/pay/',
    { schema: { params: HASH_PARAMS, body: PAY_BODY } },
    async (request, reply) => {
      const hash = hashOf(request.params.hash);
      const idempotencyKey = idempotencyKeyOf(request);
      const processor = processorFor(payments, request.body.payment);
      const errors = processor.validate(request.body.payment);
      if (errors) throw new ApiError(422, Object.values(errors)[0]![0]!, errors);
      const outcome = await payOrder(ctx.db, (p) => processorFor(payments, p), {
        hash,
        idempotencyKey,
        payment: request.body.payment,
        userId: request.auth?.id ?? null,
        origin: await originOf(ctx, request, env),
        themes: ctx.themes,
      });
      return sendOutcome(reply, payments, outcome);
    },
  );

  app.post<{ Params: { hash: string }; Body: { paypalOrderId: string } }>(
    '/omnis/v3/orders/:hash/paypal/capture/',
    {
      schema: {
        params: HASH_PARAMS,
        body: { type: 'object', required: ['paypalOrderId'], additionalProperties: false, properties: { paypalOrderId: { type: 'string', maxLength: 40 } } },
      },
    },
    async (request, reply) => {
      const hash = hashOf(request.params.hash);
      if (!payments.paypal) throw new ApiError(404, apiMessages.notFound);
      const outcome = await capturePayPalPayment(ctx.db, payments.paypal, payments.wallet, {
        hash,
        paypalOrderId: request.body.paypalOrderId,
        origin: await originOf(ctx, request, env),
        themes: ctx.themes,
      });
      return sendOutcome(reply, payments, outcome);
    },
  );
}
