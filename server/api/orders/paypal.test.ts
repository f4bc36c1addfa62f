import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { openTestContext } from '../../testing/testContext';
import { TestClient } from '../../auth/testClient';
import { buildApp } from '../../app';
import { createPayPalClient, createPayPalProcessor } from '../../payments/paypal';
import { createTestProcessor } from '../../payments/testProcessor';
import type { Payments } from '../../payments';
import { checkoutMessages } from '../../orders/checkoutBasket';
import { expireUnpaidOrders, LATE_PAYMENT_RESERVED_NOTE } from '../../orders/expiry';
import type { OrderView } from '../../../src/core/api/orders';

/**
 * PayPal end to end against a fake PayPal (no network): checkout creates a PayPal order whose experience_context
 * sends the shopper back to /pay/{order}/?paypal=return|cancel; the return captures and the order is paid.
 */

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

const fake = {
  calls: [] as Call[],
  next: 1,
  declined: new Set<string>(),
  creates: () => fake.calls.filter((c) => c.url.endsWith('/v2/checkout/orders')).map((c) => JSON.parse(c.body!) as PayPalCreateBody),
  captures: (id: string) => fake.calls.filter((c) => c.url.endsWith(`/v2/checkout/orders/${id}/capture`)),
};

interface PayPalCreateBody {
  purchase_units: { reference_id: string; amount: { value: string } }[];
  payment_source?: { paypal: { experience_context: { return_url: string; cancel_url: string; user_action: string } } };
}

async function fakeFetch(url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
  fake.calls.push({ url, ...init });
  const json = (data: unknown, status = 200) => ({ ok: status < 300, status, json: async () => data });
  if (url.endsWith('/v1/oauth2/token')) return json({ access_token: 'A21', expires_in: 3600 });
  if (url.endsWith('/v2/checkout/orders')) {
    const id = `PAYPALORDER${String(fake.next++).padStart(6, '0')}`;
    return json({ id, status: 'PAYER_ACTION_REQUIRED', links: [{ rel: 'payer-action', href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}` }] }, 200);
  }
  const capture = /\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(url);
  if (capture) {
    return fake.declined.has(capture[1]!)
      ? json({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The instrument presented was declined.' }] }, 422)
      : json({ id: capture[1], status: 'COMPLETED' }, 201);
  }
  return json({}, 404);
}

let t: Awaited<ReturnType<typeof openTestContext>>;
let app: FastifyInstance;
let ip = 20;
beforeAll(async () => {
  t = await openTestContext();
  const paypal = createPayPalClient({ clientId: 'cid', clientSecret: 'csecret', apiBase: 'https://api-m.sandbox.paypal.com' }, fakeFetch);
  const payments: Payments = {
    card: createTestProcessor(),
    wallet: createPayPalProcessor(paypal),
    stripe: null,
    paypal,
    publicConfig: { card: 'test', wallet: 'paypal', stripePublishableKey: null, paypalClientId: 'cid' },
  };
  app = await buildApp({ ...t.ctx, payments }, { clientDir: null });
  // The store's own custom domain: links follow the request's host only when it is one of the store's domains.
  await t.ctx.db.query(`update subdomains set custom_domain_name = $1 where division_id = (select id from divisions where code = 'demo')`, [STORE_HOST]);
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const ADDRESS = { firstName: 'Grace', lastName: 'Hopper', street: '2 Compiler Way', city: 'Leeds', zip: 'LS1 4AP', country: 'GB' };
const STORE_HOST = 'shop.example.test';

async function variant(stock: number) {
  const { rows } = await t.ctx.db.query<Record<string, unknown>>(
    `select v.id, p.id as product_id, o.colour_name, v.size from product_variants v join products p on p.id = v.product_id
     join product_options o on o.id = v.option_id where p.enabled and p.enable_add_to_cart order by v.id offset $1 limit 1`,
    [ip % 30],
  );
  const v = rows[0]!;
  await t.ctx.db.query('update product_variants set stock = $2 where id = $1', [v.id, stock]);
  return { id: v.id as number, productId: v.product_id as number, colour: v.colour_name as string, size: v.size as string };
}
const stockOf = async (id: number) => (await t.ctx.db.query<{ stock: number }>('select stock from product_variants where id = $1', [id])).rows[0]!.stock;
const view = async (hash: string) => (await app.inject({ url: `/omnis/v3/orders/${hash}/` })).json<OrderView>();
const basketCount = async (client: TestClient) => (await client.get('/omnis/v3/basket/main/list/')).json<{ items: unknown[] }>().items.length;
const age = (hash: string, minutes: number) => t.ctx.db.query('update orders set created_at = now() - make_interval(mins => $2) where hash = $1', [hash, minutes]);

/** A shopper checks out 2 units with PayPal on STORE_HOST: the order waits for PayPal. */
async function checkoutWithPayPal(v: Awaited<ReturnType<typeof variant>>, quantity = 2) {
  const client = new TestClient(app, `198.51.100.${ip++ % 250}`);
  const add = await client.post('/omnis/v3/frontend/product/addItemToCart/', { item: { productId: v.productId, productColor: v.colour, productSize: v.size, quantity }, name: 'main' });
  expect(add.statusCode, add.body).toBe(200);
  const res = await client.request(
    'POST',
    '/omnis/v3/checkout/place/',
    { email: 'grace@example.com', shippingAddress: ADDRESS, billingSameAsShipping: true, shippingMethod: 'uk-standard', payment: { method: 'wallet' } },
    { 'idempotency-key': randomUUID(), host: STORE_HOST },
  );
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ order: { hash: string; status: string }; payment: { status: string; approveUrl?: string } }>();
  expect(body.order.status).toBe('to_be_paid');
  expect(body.payment.status).toBe('pending');
  const paypalOrderId = new URL(body.payment.approveUrl!).searchParams.get('token')!;
  return { client, hash: body.order.hash, paypalOrderId, create: fake.creates().at(-1)! };
}

/** What the pay page does on ?paypal=return&token=…: the capture call. */
const capture = (client: TestClient, hash: string, paypalOrderId: string) => client.post(`/omnis/v3/orders/${hash}/paypal/capture/`, { paypalOrderId });

describe('PayPal return and cancel URLs', () => {
  it("creates the PayPal order with return/cancel URLs on the store's origin; returning captures and the order is paid", async () => {
    const v = await variant(5);
    const { client, hash, paypalOrderId, create } = await checkoutWithPayPal(v);
    expect(create.payment_source).toEqual({
      paypal: {
        experience_context: {
          return_url: `http://${STORE_HOST}/pay/${hash}/?paypal=return`,
          cancel_url: `http://${STORE_HOST}/pay/${hash}/?paypal=cancel`,
          user_action: 'PAY_NOW',
        },
      },
    });
    expect(create.purchase_units[0]!.reference_id).toBe(hash);
    expect(await stockOf(v.id)).toBe(3);
    expect(await basketCount(client)).toBe(1);

    const res = await capture(client, hash, paypalOrderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ order: { hash, status: 'paid' }, payment: { status: 'paid' } });
    expect(fake.captures(paypalOrderId)).toHaveLength(1);
    expect(fake.captures(paypalOrderId)[0]!.headers['paypal-request-id']).toBe(`capture-${hash}-${paypalOrderId}`);
    const order = await view(hash);
    expect(order).toMatchObject({ status: 'paid', payable: false });
    expect(order.statusLog.map((l) => l.status)).toEqual(['to_be_paid', 'paid']);
    expect(order.paymentAttempts).toEqual([expect.objectContaining({ isSuccessful: true, paymentMethodName: 'PayPal' })]);
    expect(await basketCount(client)).toBe(0);
    expect(await stockOf(v.id)).toBe(3);

    // A second return (a reload of the return page) answers paid without capturing again.
    const again = await capture(client, hash, paypalOrderId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ payment: { status: 'paid' } });
    expect(fake.captures(paypalOrderId)).toHaveLength(1);
  });

  it('cancel keeps the order payable and the basket intact; paying again from /pay/ makes a new PayPal order (PUBLIC_URL) whose return captures', async () => {
    const v = await variant(5);
    const { client, hash, paypalOrderId } = await checkoutWithPayPal(v, 1);
    // Back on /pay/{order}/?paypal=cancel: nothing was taken, nothing changed.
    expect(await view(hash)).toMatchObject({ status: 'to_be_paid', payable: true, paymentAttempts: [] });
    expect(await basketCount(client)).toBe(1);
    expect(await stockOf(v.id)).toBe(4);
    expect(fake.captures(paypalOrderId)).toHaveLength(0);

    process.env.PUBLIC_URL = 'https://shop.example.com/';
    let retry;
    try {
      retry = await client.request('POST', `/omnis/v3/orders/${hash}/pay/`, { payment: { method: 'wallet' } }, { 'idempotency-key': randomUUID() });
    } finally {
      delete process.env.PUBLIC_URL;
    }
    expect(retry.statusCode, retry.body).toBe(200);
    const newId = new URL(retry.json<{ payment: { approveUrl: string } }>().payment.approveUrl).searchParams.get('token')!;
    expect(newId).not.toBe(paypalOrderId);
    expect(fake.creates().at(-1)!.payment_source!.paypal.experience_context).toMatchObject({
      return_url: `https://shop.example.com/pay/${hash}/?paypal=return`,
      cancel_url: `https://shop.example.com/pay/${hash}/?paypal=cancel`,
    });

    // The abandoned PayPal order is no longer this order's payment.
    expect((await capture(client, hash, paypalOrderId)).statusCode).toBe(404);
    const res = await capture(client, hash, newId);
    expect(res.statusCode, res.body).toBe(200);
    expect((await view(hash)).status).toBe('paid');
    expect(await stockOf(v.id)).toBe(4);
  });

  it("a declined capture answers 402 with PayPal's message, records the attempt and keeps the order payable", async () => {
    const v = await variant(5);
    const { client, hash, paypalOrderId } = await checkoutWithPayPal(v);
    fake.declined.add(paypalOrderId);
    const res = await capture(client, hash, paypalOrderId);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ message: 'The instrument presented was declined.', order: { hash, status: 'to_be_paid' } });
    const order = await view(hash);
    expect(order).toMatchObject({ status: 'to_be_paid', payable: true });
    expect(order.paymentAttempts).toEqual([expect.objectContaining({ isSuccessful: false, message: 'The instrument presented was declined.' })]);
    expect(await stockOf(v.id)).toBe(3);
    expect(await basketCount(client)).toBe(1);
  });

  it('404 for a PayPal order id that is not this order’s', async () => {
    const v = await variant(5);
    const { client, hash } = await checkoutWithPayPal(v, 1);
    expect((await capture(client, hash, 'SOMEOTHERORDER1')).statusCode).toBe(404);
    expect((await capture(client, 'AAAAAAAAAAAAAAAAAAAAAAAA', 'SOMEOTHERORDER1')).statusCode).toBe(404);
    expect(fake.captures('SOMEOTHERORDER1')).toHaveLength(0);
  });
});

describe('returning from PayPal after the order expired', () => {
  async function expired(stock: number) {
    const v = await variant(stock);
    const placed = await checkoutWithPayPal(v);
    await age(placed.hash, 61);
    await expireUnpaidOrders(t.ctx.db, { windowMinutes: 60 });
    expect((await view(placed.hash)).status).toBe('expired');
    expect(await stockOf(v.id)).toBe(stock);
    return { ...placed, v };
  }

  it('stock still there: reserved again, captured and paid, with a note in the status log', async () => {
    const { client, hash, paypalOrderId, v } = await expired(5);
    const res = await capture(client, hash, paypalOrderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ order: { status: 'paid' }, payment: { status: 'paid' } });
    expect(await stockOf(v.id)).toBe(3);
    const { rows } = await t.ctx.db.query<{ status: string; note: string | null }>(
      'select l.status, l.note from order_status_logs l join orders o on o.id = l.order_id where o.hash = $1 order by l.id',
      [hash],
    );
    expect(rows.map((r) => r.status)).toEqual(['to_be_paid', 'expired', 'paid']);
    expect(rows[2]!.note).toBe(LATE_PAYMENT_RESERVED_NOTE);
    expect(await basketCount(client)).toBe(0);
  });

  it('stock gone: 409 "this order has expired" and PayPal is never asked to capture (the shopper pays nothing)', async () => {
    const { client, hash, paypalOrderId, v } = await expired(5);
    await t.ctx.db.query('update product_variants set stock = 1 where id = $1', [v.id]);
    const res = await capture(client, hash, paypalOrderId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: checkoutMessages.orderExpired });
    expect(fake.captures(paypalOrderId)).toHaveLength(0);
    expect(await view(hash)).toMatchObject({ status: 'expired', paymentAttempts: [] });
    expect(await stockOf(v.id)).toBe(1);
  });

  it('stock there but the capture is declined: the units go back and the order stays expired', async () => {
    const { client, hash, paypalOrderId, v } = await expired(5);
    fake.declined.add(paypalOrderId);
    const res = await capture(client, hash, paypalOrderId);
    expect(res.statusCode).toBe(402);
    expect(await view(hash)).toMatchObject({ status: 'expired', paymentAttempts: [expect.objectContaining({ isSuccessful: false })] });
    expect(await stockOf(v.id)).toBe(5);
  });
});
