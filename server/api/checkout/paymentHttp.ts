import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors';
import { linkOrigin } from '../../http/linkOrigin';
import type { AppContext } from '../../context';
import { checkoutMessages } from '../../orders/checkoutBasket';
import type { PlaceOutcome } from '../../orders/placeOrder';
import type { Payments } from '../../payments';
import type { PlaceResponse } from '../../../src/core/api/orders';

/* What placing an order (checkout) and paying one (the pay page) share on the HTTP side: the Idempotency-Key
   they require, the store origin for the links they hand out, and how an outcome is answered. */

/** An Idempotency-Key: 8–200 characters of letters, digits, "-", "_", ":" (a UUID is typical). */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  const key = typeof raw === 'string' ? raw.trim() : '';
  if (!/^[A-Za-z0-9_:-]{8,200}$/.test(key)) throw new ApiError(400, checkoutMessages.idempotencyKeyRequired);
  return key;
}

/** The store's origin for links we hand out (the confirmation mail, PayPal's return and cancel URLs): server/http/linkOrigin.ts. */
export const originOf = (ctx: Pick<AppContext, 'db'>, request: FastifyRequest, env: NodeJS.ProcessEnv = process.env) => linkOrigin(ctx.db, request, env);

/** Answers a place/pay outcome: 200 with the order (paid or pending), 402 with the processor's message when it failed. */
export async function sendOutcome(reply: FastifyReply, payments: Payments, outcome: PlaceOutcome) {
  const order = { hash: outcome.hash, number: outcome.orderId, status: outcome.status };
  if (outcome.kind === 'failed') return reply.status(402).send({ message: outcome.message, order });
  if (outcome.kind === 'paid') return { order, payment: { status: 'paid' } } satisfies PlaceResponse;
  let { clientSecret, approveUrl } = outcome;
  if (outcome.replay && outcome.reference && !clientSecret && !approveUrl) {
    const processor = [payments.card, payments.wallet].find((p) => p.name === outcome.processor);
    const resumed: { clientSecret?: string; approveUrl?: string } = (await processor?.resume?.(outcome.reference).catch(() => ({}))) ?? {};
    ({ clientSecret, approveUrl } = resumed);
  }
  return { order, payment: { status: 'pending', ...(clientSecret ? { clientSecret } : {}), ...(approveUrl ? { approveUrl } : {}) } } satisfies PlaceResponse;
}
