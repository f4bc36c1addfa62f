import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { openTestContext } from '../../testing/testContext';
import { TestClient } from '../../auth/testClient';
import { placeOrder } from '../../orders/placeOrder';
import { createStripeProcessor, Stripe } from '../../payments/stripe';
import { fakeStripeIntents } from '../../payments/testing';
import { CSRF_MESSAGE } from '../../http/csrf';
import { eventMessages, MAX_EVENTS_PER_BATCH } from '../events/events';
import { commerceCsrfExempt } from './routes';
import type { OrderView } from '../../../src/core/api/orders';

const SECRET = 'whsec_integration_secret';
let t: Awaited<ReturnType<typeof openTestContext>>;
beforeAll(async () => {
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  t = await openTestContext();
});
afterAll(async () => {
  delete process.env.STRIPE_WEBHOOK_SECRET;
  await t?.close();
});

const ADDRESS = { firstName: 'Grace', lastName: 'Hopper', street: '2 Compiler Way', city: 'Leeds', zip: 'LS1 4AP', country: 'GB' };

async function stripePendingOrder(intentId: string) {
  const { rows } = await t.ctx.db.query<Record<string, unknown>>(
    `select v.id, p.id as product_id, o.colour_name, v.size from product_variants v join products p on p.id = v.product_id
     join product_options o on o.id = v.option_id where p.enabled order by v.id desc limit 1`,
  );
  const v = rows[0]!;
  await t.ctx.db.query('update product_variants set stock = 5 where id = $1', [v.id]);
  const client = new TestClient(t.app, '198.51.100.200');
  const add = await client.post('/omnis/v3/frontend/product/addItemToCart/', { item: { productId: v.product_id, productColor: v.colour_name, productSize: v.size }, name: 'main' });
  expect(add.statusCode, add.body).toBe(200);
  const basket = (await t.ctx.db.query<{ id: string }>('select id from baskets order by created_at desc limit 1')).rows[0]!.id;
  const stripe = createStripeProcessor(
    { secretKey: 'sk', publishableKey: 'pk', webhookSecret: SECRET },
    fakeStripeIntents(intentId).intents,
  );
  const outcome = await placeOrder(t.ctx.db, () => stripe, {
    basketId: basket, idempotencyKey: randomUUID(), userId: null, email: 'grace@example.com', shippingAddress: ADDRESS, billingAddress: ADDRESS,
    shippingMethod: 'uk-standard', coupon: null, payment: { method: 'card' }, origin: null,
  });
  expect(outcome).toMatchObject({ kind: 'pending', clientSecret: `${intentId}_secret` });
  return { outcome, client, variantId: v.id as number };
}

const webhook = (event: object, secret = SECRET) => {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/omnis/v3/payments/stripe/webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    payload,
  });
};
const order = async (hash: string) => (await t.app.inject({ url: `/omnis/v3/orders/${hash}/` })).json<OrderView>();

describe('Stripe webhook', () => {
  it('marks the order paid once: a replayed event changes nothing; a bad signature is refused; no CSRF token needed', async () => {
    const { outcome, client } = await stripePendingOrder('pi_webhook_1');
    const event = { id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_webhook_1', object: 'payment_intent' } } };

    const forged = await webhook(event, 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'Invalid signature' });
    expect((await order(outcome.hash)).status).toBe('to_be_paid');

    const first = await webhook(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, result: 'paid' });
    const replay = await webhook(event);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // A different event about the same intent does not pay twice either.
    expect((await webhook({ ...event, id: 'evt_2' })).json()).toEqual({ received: true, result: 'ignored' });

    const view = await order(outcome.hash);
    expect(view.status).toBe('paid');
    expect(view.statusLog.map((l) => l.status)).toEqual(['to_be_paid', 'paid']);
    expect(view.paymentAttempts).toHaveLength(1);
    expect((await client.get('/omnis/v3/basket/main/list/')).json<{ items: unknown[] }>().items).toHaveLength(0);
  });

  it('a failed intent records the attempt and leaves the order payable', async () => {
    const { outcome } = await stripePendingOrder('pi_webhook_2');
    const res = await webhook({ id: 'evt_3', object: 'event', type: 'payment_intent.payment_failed', data: { object: { id: 'pi_webhook_2', last_payment_error: { message: 'Your card was declined.' } } } });
    expect(res.json()).toEqual({ received: true, result: 'failed' });
    const view = await order(outcome.hash);
    expect(view).toMatchObject({ status: 'to_be_paid', payable: true });
    expect(view.paymentAttempts).toEqual([expect.objectContaining({ isSuccessful: false, message: 'Your card was declined.' })]);
  });
});

describe('events', () => {
  it('stores logEvent batches and collector events without a CSRF token, within limits', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/omnis/v3/events/logEvent/', payload: { events: [{ name: 'view_item', data: { id: 1 } }, { name: 'begin_checkout' }] } });
    expect(ok.statusCode, ok.body).toBe(202);
    // sendBeacon posts text/plain.
    const beacon = await t.app.inject({ method: 'POST', url: '/omnis/v3/events/logEvent/', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify({ events: [{ name: 'page_hide' }] }) });
    expect(beacon.statusCode, beacon.body).toBe(202);
    const collected = await t.app.inject({
      method: 'POST',
      url: '/event-collector/',
      payload: { event: 'purchase', payload: { value: 1200 }, metadata: { environment: 'test', location: '/receipt/x', userAgent: 'x', currency: 'GBP', divisionId: 1, divisionName: 'demo' } },
    });
    expect(collected.statusCode).toBe(202);
    const { rows } = await t.ctx.db.query<{ source: string; name: string }>('select source, name from events order by id');
    expect(rows).toEqual([
      { source: 'logEvent', name: 'view_item' },
      { source: 'logEvent', name: 'begin_checkout' },
      { source: 'logEvent', name: 'page_hide' },
      { source: 'collector', name: 'purchase' },
    ]);

    const tooMany = await t.app.inject({ method: 'POST', url: '/omnis/v3/events/logEvent/', payload: { events: Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => ({ name: 'x' })) } });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({ message: eventMessages.tooMany });
    const tooBig = await t.app.inject({ method: 'POST', url: '/omnis/v3/events/logEvent/', payload: { events: [{ name: 'x', data: { blob: 'a'.repeat(17 * 1024) } }] } });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ message: eventMessages.tooLarge });
  });

  it('exempts exactly the webhook and the two event paths from CSRF', async () => {
    expect(commerceCsrfExempt('/omnis/v3/payments/stripe/webhook/')).toBe(true);
    expect(commerceCsrfExempt('/event-collector/?x=1')).toBe(true);
    expect(commerceCsrfExempt('/omnis/v3/events/logEvent/')).toBe(true);
    expect(commerceCsrfExempt('/omnis/v3/checkout/place/')).toBe(false);
    const place = await t.app.inject({ method: 'POST', url: '/omnis/v3/checkout/place/', payload: {} });
    expect(place.statusCode).toBe(403);
    expect(place.json()).toEqual({ message: CSRF_MESSAGE });
  });
});
