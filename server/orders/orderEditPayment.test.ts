import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { openTestContext } from '../testing/testContext';
import { startFakeProcessorApi, PAYPAL_DECLINE, STRIPE_DECLINE, type FakeProcessorApi } from '../testing/fakeProcessorApi';
import { TestClient } from '../auth/testClient';
import { buildApp } from '../app';
import { paymentsFrom } from '../payments';
import { Stripe } from '../payments/stripe';
import { paymentMessages } from '../payments/types';
import { BALANCE_PAID_NOTE, balanceMessages } from './orderEditPayment';
import { EDIT_REFUND_REASON } from './orderEdits';
import type { OrderView } from '../../src/core/api/orders';
import type { OrderEditResult, OrderEditView } from '../../src/core/api/orderEdits';

/**
 * The difference an order edit leaves to pay, paid at /pay/{order}/ through Stripe and PayPal — the real adapters
 * pointed at a local stand-in of their APIs (fakeProcessorApi.ts) — and a lower total refunded through them.
 */

const SECRET = 'whsec_balance_secret';
let t: Awaited<ReturnType<typeof openTestContext>>;
let fake: FakeProcessorApi;
let app: FastifyInstance;
let ip = 40;

beforeAll(async () => {
  fake = await startFakeProcessorApi();
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  t = await openTestContext();
  app = await buildApp({ ...t.ctx, payments: paymentsFrom({ ...fake.env, STRIPE_WEBHOOK_SECRET: SECRET }) }, { clientDir: null });
}, 300_000);
afterAll(async () => {
  delete process.env.STRIPE_WEBHOOK_SECRET;
  await app?.close();
  await t?.close();
  await fake?.close();
});

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.ctx.db.query<T>(sql, params)).rows;
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', street: '1 Analytical Row', city: 'London', zip: 'N1 9GU', country: 'GB' };

async function variant(n: number) {
  const [v] = await q<{ id: number; product_id: number; colour_name: string; size: string }>(
    `select v.id, p.id as product_id, o.colour_name, v.size from product_variants v join products p on p.id = v.product_id
     join product_options o on o.id = v.option_id where p.enabled and p.enable_add_to_cart and not p.is_bundle order by v.id offset $1 limit 1`,
    [n * 5],
  );
  await q('update product_variants set stock = 50 where id = $1', [v!.id]);
  return v!;
}

const webhook = (type: string, intent: object) => {
  const payload = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type, data: { object: intent } });
  return app.inject({
    method: 'POST',
    url: '/omnis/v3/payments/stripe/webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
    payload,
  });
};

/** A shopper checks out 2 units, paying with Stripe (card) or PayPal (wallet) as they would: confirmed, or approved and captured. */
async function buy(method: 'card' | 'wallet', n: number) {
  const v = await variant(n);
  const client = new TestClient(app, `198.51.100.${ip++}`);
  const add = await client.post('/omnis/v3/frontend/product/addItemToCart/', { item: { productId: v.product_id, productColor: v.colour_name, productSize: v.size, quantity: 2 }, name: 'main' });
  expect(add.statusCode, add.body).toBe(200);
  const res = await client.request(
    'POST',
    '/omnis/v3/checkout/place/',
    { email: `balance${n}@example.com`, shippingAddress: ADDRESS, billingSameAsShipping: true, shippingMethod: 'uk-standard', payment: { method } },
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(200);
  const { order } = res.json<{ order: { hash: string; number: number } }>();
  const reference = (await q<{ payment_reference: string }>('select payment_reference from orders where id = $1', [order.number]))[0]!.payment_reference;
  if (method === 'card') expect((await webhook('payment_intent.succeeded', fake.stripe.confirm(reference, true))).json()).toEqual({ received: true, result: 'paid' });
  else expect((await client.post(`/omnis/v3/orders/${order.hash}/paypal/capture/`, { paypalOrderId: reference })).statusCode).toBe(200);
  expect((await view(order.hash)).status).toBe('paid');
  return { ...order, client, reference };
}

const view = async (hash: string) => (await app.inject({ url: `/omnis/v3/orders/${hash}/` })).json<OrderView>();
const attempts = (orderId: number) =>
  q<{ is_successful: boolean; amount: number; processor: string; message: string; payment_method_name: string }>(
    'select is_successful, amount, processor, message, payment_method_name from payment_attempts where order_id = $1 order by id',
    [orderId],
  );
const notes = async (orderId: number) => (await q<{ note: string | null }>('select note from order_status_logs where order_id = $1 order by id', [orderId])).map((r) => r.note ?? '');

/** The shopper sets the order's only item to `quantity` units. */
async function setQuantity(order: { hash: string; client: TestClient }, quantity: number) {
  const item = (await app.inject({ url: `/omnis/v3/orders/${order.hash}/edit/` })).json<OrderEditView>().items[0]!;
  const res = await order.client.post(`/omnis/v3/orders/${order.hash}/edit/`, { items: [{ id: item.id, quantity }] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OrderEditResult>();
}

const pay = (order: { hash: string; client: TestClient }, method: 'card' | 'wallet', key = randomUUID()) =>
  order.client.request('POST', `/omnis/v3/orders/${order.hash}/pay/`, { payment: { method } }, { 'idempotency-key': key });

/** 'free' when another transaction can lock the order row at once (no lock is held across the processor's call). */
const orderLock = (orderId: number) =>
  Promise.race([
    t.ctx.db.transaction((tx) => tx.query('select id from orders where id = $1 for update nowait', [orderId])).then(() => 'free'),
    new Promise((resolve) => setTimeout(() => resolve('waited'), 3000)),
  ]);

describe('paying the difference with Stripe', () => {
  it('creates a PaymentIntent for exactly the balance; the webhook records the attempt and clears the balance', async () => {
    const order = await buy('card', 1);
    const edit = await setQuantity(order, 3);
    expect(edit.balanceDue).toBeGreaterThan(0);

    const res = await pay(order, 'card');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ payment: { status: string; clientSecret: string } }>();
    expect(answer.payment.status).toBe('pending');
    const intent = [...fake.intents.values()].find((i) => answer.payment.clientSecret === i.client_secret)!;
    expect(intent).toMatchObject({ amount: edit.balanceDue, currency: 'gbp', metadata: { orderHash: order.hash, orderId: String(order.number) } });
    // Not paid until Stripe says so.
    expect((await view(order.hash)).balanceDue).toBe(edit.balanceDue);

    expect((await webhook('payment_intent.succeeded', fake.stripe.confirm(intent.id, true))).json()).toEqual({ received: true, result: 'paid' });
    expect(await view(order.hash)).toMatchObject({ balanceDue: 0, status: 'paid' });
    expect((await attempts(order.number)).at(-1)).toMatchObject({ is_successful: true, amount: edit.balanceDue, processor: 'stripe', message: paymentMessages.succeeded });
    expect((await notes(order.number)).at(-1)).toBe(BALANCE_PAID_NOTE(`£${(edit.balanceDue / 100).toFixed(2)}`));
    // A replayed confirmation changes nothing.
    expect((await webhook('payment_intent.succeeded', intent)).json()).toEqual({ received: true, result: 'ignored' });
    expect((await attempts(order.number)).filter((a) => a.is_successful)).toHaveLength(2);
  });

  it('a decline is recorded with its message and the balance stays to pay; trying again on the same intent pays it', async () => {
    const order = await buy('card', 2);
    const edit = await setQuantity(order, 4);
    const res = await pay(order, 'card');
    const intentId = [...fake.intents.values()].find((i) => res.json<{ payment: { clientSecret: string } }>().payment.clientSecret === i.client_secret)!.id;

    expect((await webhook('payment_intent.payment_failed', fake.stripe.confirm(intentId, false))).json()).toEqual({ received: true, result: 'failed' });
    expect((await attempts(order.number)).at(-1)).toMatchObject({ is_successful: false, amount: edit.balanceDue, processor: 'stripe', message: STRIPE_DECLINE });
    expect((await view(order.hash)).balanceDue).toBe(edit.balanceDue);

    expect((await webhook('payment_intent.succeeded', fake.stripe.confirm(intentId, true))).json()).toEqual({ received: true, result: 'paid' });
    expect((await view(order.hash)).balanceDue).toBe(0);
  });

  it('money taken for a balance an edit changed meanwhile is refunded on Stripe, and the new balance stays to pay', async () => {
    const order = await buy('card', 3);
    const first = await setQuantity(order, 3);
    const res = await pay(order, 'card');
    const intent = [...fake.intents.values()].find((i) => res.json<{ payment: { clientSecret: string } }>().payment.clientSecret === i.client_secret)!;
    const second = await setQuantity(order, 4);
    expect(second.balanceDue).toBeGreaterThan(first.balanceDue);

    expect((await webhook('payment_intent.succeeded', fake.stripe.confirm(intent.id, true))).json()).toEqual({ received: true, result: 'changed' });
    expect(fake.intents.get(intent.id)!.refunded).toBe(first.balanceDue);
    expect((await attempts(order.number)).at(-1)).toMatchObject({ is_successful: false, message: balanceMessages.changedWhilePaying });
    expect((await view(order.hash)).balanceDue).toBe(second.balanceDue);
  });

  it('holds no lock on the order while Stripe is answering', async () => {
    const order = await buy('card', 4);
    await setQuantity(order, 3);
    const hold = fake.hold();
    const paying = pay(order, 'card');
    await hold.arrived;
    // The order row can be locked at once by anybody else while the processor hangs.
    const locked = await orderLock(order.number);
    hold.release();
    expect(locked).toBe('free');
    expect((await paying).statusCode).toBe(200);
  });

  it('a lower total is refunded on Stripe through the PaymentIntent that paid', async () => {
    const order = await buy('card', 5);
    const edit = await setQuantity(order, 1);
    const difference = edit.previousTotal - edit.total;
    expect(edit.refund).toEqual({ amount: difference, ok: true, message: paymentMessages.refunded });
    expect(fake.intents.get(order.reference)!.refunded).toBe(difference);
    expect(await q('select amount, status, processor, reason from refunds where order_id = $1', [order.number])).toEqual([
      { amount: difference, status: 'succeeded', processor: 'stripe', reason: EDIT_REFUND_REASON },
    ]);
  });
});

describe('paying the difference with PayPal', () => {
  it('creates a PayPal order for exactly the balance that returns to /pay/; the capture records the attempt and clears the balance', async () => {
    const order = await buy('wallet', 6);
    const edit = await setQuantity(order, 3);
    const res = await pay(order, 'wallet');
    expect(res.statusCode, res.body).toBe(200);
    const approveUrl = res.json<{ payment: { status: string; approveUrl: string } }>().payment.approveUrl;
    const paypalOrderId = new URL(approveUrl).searchParams.get('token')!;
    expect(fake.orders.get(paypalOrderId)).toMatchObject({ amount: { currency_code: 'GBP', value: (edit.balanceDue / 100).toFixed(2) } });
    expect(fake.orders.get(paypalOrderId)!.returnUrl).toMatch(new RegExp(`/pay/${order.hash}/\\?paypal=return$`));
    expect((await view(order.hash)).balanceDue).toBe(edit.balanceDue);

    const captured = await order.client.post(`/omnis/v3/orders/${order.hash}/paypal/capture/`, { paypalOrderId });
    expect(captured.statusCode, captured.body).toBe(200);
    expect(await view(order.hash)).toMatchObject({ balanceDue: 0, status: 'paid' });
    expect((await attempts(order.number)).at(-1)).toMatchObject({ is_successful: true, amount: edit.balanceDue, processor: 'paypal', payment_method_name: 'PayPal' });
    // Coming back again does not capture twice.
    expect((await order.client.post(`/omnis/v3/orders/${order.hash}/paypal/capture/`, { paypalOrderId })).statusCode).toBe(200);
    expect(fake.calls.filter((c) => c.path === `/v2/checkout/orders/${paypalOrderId}/capture`)).toHaveLength(1);
  });

  it("a declined capture answers 402 with PayPal's message, records the attempt and leaves the balance to pay", async () => {
    const order = await buy('wallet', 7);
    const edit = await setQuantity(order, 3);
    const paypalOrderId = new URL((await pay(order, 'wallet')).json<{ payment: { approveUrl: string } }>().payment.approveUrl).searchParams.get('token')!;
    fake.paypal.declined.add(paypalOrderId);
    const res = await order.client.post(`/omnis/v3/orders/${order.hash}/paypal/capture/`, { paypalOrderId });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ message: PAYPAL_DECLINE });
    expect((await attempts(order.number)).at(-1)).toMatchObject({ is_successful: false, amount: edit.balanceDue, processor: 'paypal', message: PAYPAL_DECLINE });
    expect((await view(order.hash)).balanceDue).toBe(edit.balanceDue);
  });

  it('an approval for a balance an edit changed since is never captured', async () => {
    const order = await buy('wallet', 8);
    await setQuantity(order, 3);
    const paypalOrderId = new URL((await pay(order, 'wallet')).json<{ payment: { approveUrl: string } }>().payment.approveUrl).searchParams.get('token')!;
    const second = await setQuantity(order, 4);
    const res = await order.client.post(`/omnis/v3/orders/${order.hash}/paypal/capture/`, { paypalOrderId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: balanceMessages.changedWhilePaying });
    expect(fake.calls.filter((c) => c.path === `/v2/checkout/orders/${paypalOrderId}/capture`)).toHaveLength(0);
    expect((await view(order.hash)).balanceDue).toBe(second.balanceDue);
  });

  it('holds no lock on the order while PayPal captures', async () => {
    const order = await buy('wallet', 9);
    await setQuantity(order, 3);
    const paypalOrderId = new URL((await pay(order, 'wallet')).json<{ payment: { approveUrl: string } }>().payment.approveUrl).searchParams.get('token')!;
    const hold = fake.hold();
    const capturing = order.client.post(`/omnis/v3/orders/${order.hash}/paypal/capture/`, { paypalOrderId });
    await hold.arrived;
    const locked = await orderLock(order.number);
    hold.release();
    expect(locked).toBe('free');
    expect((await capturing).statusCode).toBe(200);
  });

  it('a lower total is refunded on PayPal through the capture that paid', async () => {
    const order = await buy('wallet', 10);
    const edit = await setQuantity(order, 1);
    const difference = edit.previousTotal - edit.total;
    expect(edit.refund).toEqual({ amount: difference, ok: true, message: paymentMessages.refunded });
    expect(fake.orders.get(order.reference)!.refunded).toBe(difference);
    expect(await q('select amount, status, processor from refunds where order_id = $1', [order.number])).toEqual([{ amount: difference, status: 'succeeded', processor: 'paypal' }]);
  });
});
