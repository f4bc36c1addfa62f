import type Stripe from 'stripe';
import type { StripeIntents } from './stripe';

/**
 * A stand-in for Stripe's PaymentIntents API in tests (no network): every intent is `id`, waiting for a payment
 * method until cancelled. `calls` records what was asked, in order.
 */
export function fakeStripeIntents(id: string, status = 'requires_payment_method') {
  const calls: { create: [Stripe.PaymentIntentCreateParams, { idempotencyKey: string }][]; cancel: string[] } = { create: [], cancel: [] };
  let current = status;
  const intent = () => ({ id, client_secret: `${id}_secret`, status: current });
  const intents: StripeIntents = {
    create: async (params, options) => {
      calls.create.push([params, options]);
      return intent();
    },
    retrieve: async () => intent(),
    cancel: async (cancelled) => {
      calls.cancel.push(cancelled);
      current = 'canceled';
      return intent();
    },
  };
  return { intents, calls, setStatus: (next: string) => void (current = next) };
}
