import Stripe from 'stripe';
import { paymentMessages, type ChargeRequest, type ChargeResult, type PaymentProcessor } from './types';

/**
 * Stripe adapter (used when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set). The server only creates a
 * PaymentIntent (the official `stripe` SDK) and hands its client secret to the browser, where the Payment
 * Element (@stripe/stripe-js) collects the card and confirms with Stripe directly: card data NEVER reaches our
 * server. The order becomes paid when the signed webhook `payment_intent.succeeded` arrives
 * (server/api/checkout/stripeWebhook.ts).
 */
export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | null;
  /** Where the Stripe API answers (STRIPE_API_BASE, e.g. a local stand-in); Stripe's own when unset. */
  apiBase?: string | null;
}

export function stripeConfigFrom(env: NodeJS.ProcessEnv): StripeConfig | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY) return null;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    apiBase: env.STRIPE_API_BASE || null,
  };
}

/** The PaymentIntent calls the adapter uses (the SDK's, or a fake in tests). */
export interface StripeIntents {
  create(params: Stripe.PaymentIntentCreateParams, options: { idempotencyKey: string }): Promise<{ id: string; client_secret: string | null; status: string }>;
  retrieve(id: string): Promise<{ id: string; client_secret: string | null; status: string }>;
  cancel(id: string): Promise<{ id: string; status: string }>;
}

/** The refund call the adapter uses (the SDK's, or a fake in tests). */
export interface StripeRefunds {
  create(params: Stripe.RefundCreateParams, options: { idempotencyKey: string }): Promise<{ id: string; status: string | null }>;
}

export function createStripeProcessor(config: StripeConfig, fakeIntents?: StripeIntents, fakeRefunds?: StripeRefunds): PaymentProcessor {
  const sdk = fakeIntents && fakeRefunds ? null : new Stripe(config.secretKey, sdkOptions(config.apiBase));
  const intents: StripeIntents = fakeIntents ?? sdk!.paymentIntents;
  const refunds: StripeRefunds = fakeRefunds ?? sdk!.refunds;
  return {
    name: 'stripe',
    methodName: (payment) => (payment.method === 'wallet' ? 'Stripe wallet' : 'Card (Stripe)'),
    // Nothing to check here: the card never comes to us.
    validate: () => null,
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const intent = await intents.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          receipt_email: request.email,
          description: request.description,
          automatic_payment_methods: { enabled: true },
          metadata: { orderHash: request.orderHash, orderId: String(request.orderId) },
        },
        // Stripe's idempotency: a retry of this checkout attempt gets the same PaymentIntent, never a second one.
        { idempotencyKey: `order-${request.idempotencyKey}` },
      );
      if (intent.status === 'succeeded') return { outcome: 'succeeded', reference: intent.id, message: paymentMessages.succeeded };
      return { outcome: 'pending', reference: intent.id, message: paymentMessages.pending, clientSecret: intent.client_secret ?? undefined };
    },
    async resume(reference) {
      const intent = await intents.retrieve(reference);
      return { clientSecret: intent.client_secret ?? undefined };
    },
    async cancel(reference) {
      // Only an intent still waiting can be cancelled; one that succeeded meanwhile is the late-payment path.
      const intent = await intents.retrieve(reference);
      if (intent.status !== 'succeeded' && intent.status !== 'canceled') await intents.cancel(reference);
    },
    async refund(request) {
      try {
        const refund = await refunds.create(
          { payment_intent: request.reference, amount: request.amount, reason: 'requested_by_customer', metadata: { reason: request.reason.slice(0, 400) } },
          { idempotencyKey: request.idempotencyKey },
        );
        return refund.status === 'failed' || refund.status === 'canceled'
          ? { ok: false, reference: refund.id, message: `Stripe refused the refund (${refund.status}).` }
          : { ok: true, reference: refund.id, message: paymentMessages.refunded };
      } catch (error) {
        return { ok: false, reference: null, message: error instanceof Error ? error.message : 'Stripe refused the refund.' };
      }
    },
  };
}

function sdkOptions(apiBase: string | null | undefined): Stripe.StripeConfig | undefined {
  if (!apiBase) return undefined;
  const url = new URL(apiBase);
  return { host: url.hostname, port: url.port || (url.protocol === 'http:' ? 80 : 443), protocol: url.protocol === 'http:' ? 'http' : 'https', maxNetworkRetries: 0 };
}

/** A verified webhook event, or throws (bad signature, stale timestamp, no secret). */
export function verifyStripeEvent(rawBody: string | Buffer, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new Error('No stripe-signature header');
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}

export { Stripe };
