import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { findStore } from '../../stores';
import { STORE_NOT_FOUND } from '../../catalogue/division';
import { resolveBasket } from '../../commerce/basket';
import { buildQuote, checkoutMessages, loadCheckoutLines, type Quote } from '../../orders/checkoutBasket';
import { cleanAddress, placeOrder } from '../../orders/placeOrder';
import { paymentsFrom, processorFor, type Payments } from '../../payments';
import type { PaymentInput, PaymentProcessor } from '../../payments/types';
import { computeTotals } from '../../orders/pricing';
import type { Address, QuoteView } from '../../../src/core/api/orders';
import { PLACE_BODY, QUOTE_BODY } from './schemas';
import { addressErrors, emailErrors } from './validation';
import { STRIPE_WEBHOOK_PATH } from './stripeWebhook';
import { idempotencyKeyOf, originOf, sendOutcome } from './paymentHttp';
import { publicUrlFrom } from '../../http/linkOrigin';
import { EVENT_COLLECTOR_PATH, LOG_EVENT_PATH } from '../events/events';
import { paymentWindowMinutes, startOrderExpirySweep } from '../../orders/expiry';

/**
 * The only paths that skip the double-submit CSRF check (pass to installCsrf in server/app.ts):
 * - the Stripe webhook (called by Stripe, authenticated by its signature instead);
 * - the two event endpoints (§7: the collector is called without credentials, and logEvent is flushed with
 *   navigator.sendBeacon on unload, which cannot send headers). They only append rows to the events table.
 */
export function commerceCsrfExempt(url: string): boolean {
  const path = url.split('?')[0];
  return path === STRIPE_WEBHOOK_PATH || path === EVENT_COLLECTOR_PATH || path === LOG_EVENT_PATH;
}

export interface CheckoutOptions {
  payments?: Payments;
  env?: NodeJS.ProcessEnv;
}

export function toQuoteView(quote: Quote): QuoteView {
  const { totals } = quote;
  return {
    currency: totals.currency,
    lines: quote.lines.map((l) => ({
      key: l.key,
      name: l.name,
      colour: l.colour,
      size: l.size,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      lineTotal: l.unitPrice * l.quantity,
      image: l.image,
      available: l.available,
      ...(l.components ? { components: l.components.map((c) => ({ name: c.name, sku: c.sku, colour: c.colour, size: c.size, quantity: c.quantity })) } : {}),
    })),
    shippingMethods: quote.shippingMethods.map((m) => ({ code: m.code, name: m.name, description: m.description, price: m.price, available: m.available })),
    shippingMethod: quote.shippingMethod?.code ?? null,
    coupon: quote.coupon,
    delivery: quote.delivery,
    totals: {
      itemsIncTax: totals.itemsIncTax,
      discountIncTax: totals.discountIncTax,
      shippingIncTax: totals.shippingIncTax,
      subtotal: totals.subtotal,
      discount: totals.discount,
      shipping: totals.shipping,
      shippingTax: totals.shippingTax,
      goodsTax: totals.goodsTax,
      tax: totals.tax,
      total: totals.total,
    },
    vat: totals.vat,
  };
}

/** Checkout: the payment configuration, the quote and placing an order. */
export function checkoutRoutes(app: FastifyInstance, ctx: AppContext, options: CheckoutOptions = {}) {
  const env = options.env ?? process.env;
  const payments = options.payments ?? ctx.payments ?? paymentsFrom(env);
  const pick = (payment: PaymentInput) => processorFor(payments, payment);
  publicUrlFrom(env);
  installOrderExpiry(app, ctx, paymentWindowMinutes(env), [payments.card, payments.wallet]);

  const basketOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const store = await findStore(ctx.db, { host: request.hostname });
    if (!store?.enabled) throw new ApiError(404, STORE_NOT_FOUND);
    return { store, basket: await resolveBasket(ctx.db, request, reply, store.id, false) };
  };

  app.get('/omnis/v3/checkout/config/', async () => payments.publicConfig);

  app.post<{ Body: { country?: string; shippingAddress?: Address; shippingMethod?: string; coupon?: string } }>(
    '/omnis/v3/checkout/quote/',
    { schema: { body: QUOTE_BODY } },
    async (request, reply) => {
      const { store, basket } = await basketOf(request, reply);
      const body = request.body ?? {};
      const lines = basket ? await loadCheckoutLines(ctx.db, basket.id) : [];
      const country = body.country ?? body.shippingAddress?.country ?? null;
      if (lines.length === 0) {
        const empty = await buildQuote(ctx.db, store.id, [], { country, shippingMethod: body.shippingMethod }, false);
        return toQuoteView({ ...empty, totals: computeTotals([], 0, null) });
      }
      return toQuoteView(await buildQuote(ctx.db, store.id, lines, { country, shippingMethod: body.shippingMethod, coupon: body.coupon }, false));
    },
  );

  app.post<{
    Body: { email: string; shippingAddress: Address; billingSameAsShipping: boolean; billingAddress?: Address; shippingMethod: string; coupon?: string; payment: PaymentInput };
  }>('/omnis/v3/checkout/place/', { schema: { body: PLACE_BODY } }, async (request, reply) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const body = request.body;
    const errors = {
      ...emailErrors(body.email),
      ...addressErrors(body.shippingAddress, 'shippingAddress'),
      ...(body.billingSameAsShipping ? {} : addressErrors(body.billingAddress, 'billingAddress')),
      ...(pick(body.payment).validate(body.payment) ?? {}),
    };
    // A missing/invalid field is a 422 before anything is written (no order, no attempt).
    if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors)[0]![0]!, errors);
    const { basket } = await basketOf(request, reply);
    if (!basket) throw new ApiError(422, checkoutMessages.basketEmpty);
    const shippingAddress = cleanAddress(body.shippingAddress);
    const billingAddress = body.billingSameAsShipping || !body.billingAddress ? { ...shippingAddress, eori: undefined } : cleanAddress(body.billingAddress);
    delete billingAddress.eori;
    const outcome = await placeOrder(ctx.db, pick, {
      basketId: basket.id,
      idempotencyKey,
      userId: request.auth?.id ?? null,
      email: body.email.trim().toLowerCase(),
      shippingAddress,
      billingAddress: { ...billingAddress, email: billingAddress.email ?? body.email.trim().toLowerCase() },
      shippingMethod: body.shippingMethod,
      coupon: body.coupon?.trim() || null,
      payment: body.payment,
      origin: await originOf(ctx, request, env),
      themes: ctx.themes,
    });
    return sendOutcome(reply, payments, outcome);
  });

}

/**
 * The expiry sweep of abandoned unpaid orders (server/orders/expiry.ts) runs in every process that SERVES:
 * it starts when the server starts listening (onListen — never under inject() in tests, which call
 * expireUnpaidOrders directly) and stops, waiting for a pass in progress, when the app closes. Payments the
 * expired orders were waiting for are withdrawn at their processor (a Stripe PaymentIntent is cancelled).
 */
function installOrderExpiry(app: FastifyInstance, ctx: AppContext, windowMinutes: number, processors: PaymentProcessor[]) {
  let stop: (() => Promise<void>) | null = null;
  app.addHook('onListen', async () => {
    stop ??= startOrderExpirySweep(ctx.db, { windowMinutes, logger: app.log, processors });
  });
  app.addHook('onClose', async () => {
    await stop?.();
    stop = null;
  });
}

