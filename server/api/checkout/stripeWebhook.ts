import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import type { Payments } from '../../payments';
import { verifyStripeEvent } from '../../payments/stripe';
import { paymentMessages } from '../../payments/types';
import { settleInTransaction } from '../../orders/payOrder';
import { balanceMessages, settleBalancePayment } from '../../orders/orderEditPayment';
import { originOf } from './paymentHttp';

export const STRIPE_WEBHOOK_PATH = '/omnis/v3/payments/stripe/webhook/';
export const webhookMessages = { invalidSignature: 'Invalid signature', notConfigured: 'Stripe webhooks are not configured' } as const;

interface IntentObject {
  id: string;
  last_payment_error?: { message?: string } | null;
  payment_method_types?: string[];
}

/**
 * POST /omnis/v3/payments/stripe/webhook/ — Stripe tells us a PaymentIntent succeeded or failed. The raw body
 * is verified with STRIPE_WEBHOOK_SECRET (stripe.webhooks.constructEvent); each event id is handled once
 * (payment_events), so a replayed event changes nothing. CSRF-exempt (commerceCsrfExempt). A success for an
 * order that expired meanwhile re-reserves its stock (→ paid) or, with the stock gone, marks it refund_due
 * (settleInTransaction in server/orders/payOrder.ts). A PaymentIntent for the difference an edit left to pay
 * clears that balance (settleBalancePayment), or is refunded when an edit changed the balance meanwhile.
 */
export function stripeWebhookRoutes(app: FastifyInstance, ctx: AppContext, payments: Payments, env: NodeJS.ProcessEnv) {
  const secret = env.STRIPE_WEBHOOK_SECRET || null;
  const stripeSide = { name: 'stripe', methodName: () => 'Card (Stripe)' };
  void app.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent: keep the body raw in this scope only.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(STRIPE_WEBHOOK_PATH, { config: { body: 'raw' } }, async (request) => {
      if (!secret) throw new ApiError(404, webhookMessages.notConfigured);
      let event;
      try {
        const signature = request.headers['stripe-signature'];
        event = verifyStripeEvent(request.body as Buffer, typeof signature === 'string' ? signature : undefined, secret);
      } catch {
        throw new ApiError(400, webhookMessages.invalidSignature);
      }
      const intent = event.data.object as unknown as IntentObject;
      const origin = await originOf(ctx, request, env);
      // The event id and its effect commit together: a replay (or a crash before commit and Stripe's retry)
      // can never apply it twice or lose it.
      const refund: { due: { amount: number; currency: string } | null } = { due: null };
      const answer = await ctx.db.transaction(async (tx) => {
        const fresh = await tx.query('insert into payment_events (processor, event_id, type) values ($1, $2, $3) on conflict do nothing returning event_id', [
          'stripe',
          event.id,
          event.type,
        ]);
        if (fresh.rows.length === 0) return { received: true, duplicate: true };
        let result = 'ignored';
        const outcome =
          event.type === 'payment_intent.succeeded'
            ? ({ outcome: 'succeeded', message: paymentMessages.succeeded } as const)
            : event.type === 'payment_intent.payment_failed'
              ? ({ outcome: 'failed', message: intent.last_payment_error?.message ?? paymentMessages.declined } as const)
              : null;
        // The difference an edit left to pay (orderEditPayment.ts), or else a checkout payment.
        const balance = outcome ? await settleBalancePayment(tx, stripeSide, intent.id, outcome) : null;
        if (balance) {
          if (balance.result === 'changed') refund.due = balance;
          return { received: true, result: balance.result };
        }
        if (event.type === 'payment_intent.succeeded') {
          result = await settleInTransaction(tx, stripeSide, intent.id, { outcome: 'succeeded', message: paymentMessages.succeeded }, { origin, themes: ctx.themes });
        } else if (event.type === 'payment_intent.payment_failed') {
          result = await settleInTransaction(tx, stripeSide, intent.id, { outcome: 'failed', message: intent.last_payment_error?.message ?? paymentMessages.declined }, { origin, themes: ctx.themes });
        }
        return { received: true, result };
      });
      // Money taken for a balance an edit changed meanwhile goes back, after the commit (no lock held).
      if (refund.due && payments.card.name === 'stripe') {
        const { amount, currency } = refund.due;
        await payments.card.refund?.({ reference: intent.id, amount, currency, idempotencyKey: `balance-back-${intent.id}`, reason: balanceMessages.changedWhilePaying }).catch(() => undefined);
      }
      return answer;
    });
  });
}
