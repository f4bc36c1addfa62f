import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { openTestContext } from '../../testing/testContext';
import { mailBrandOf } from '../../orders/mailBrand';
import { TestClient } from '../../auth/testClient';
import { checkoutMessages } from '../../orders/checkoutBasket';
import { paymentMessages } from '../../payments/types';
import { TEST_CARDS } from '../../payments/testProcessor';
import { placeOrder } from '../../orders/placeOrder';
import type { PaymentProcessor } from '../../payments/types';
import type { OrderView, QuoteView } from '../../../src/core/api/orders';

let t: Awaited<ReturnType<typeof openTestContext>>;
let ipCounter = 10;
beforeAll(async () => {
  t = await openTestContext();
});
afterAll(async () => t?.close());

interface Variant {
  id: number;
  productId: number;
  colour: string;
  size: string;
  price: number;
  name: string;
}

/** A sellable variant of the demo catalogue (full price, VAT rate 1), with its stock set to `stock`. */
async function variant(stock: number, offset = 0): Promise<Variant> {
  const { rows } = await t.ctx.db.query<Record<string, unknown>>(
    `select v.id, p.id as product_id, o.colour_name, v.size, p.price, p.name from product_variants v
     join products p on p.id = v.product_id join product_options o on o.id = v.option_id
     where p.enabled and p.enable_add_to_cart and p.sale_price is null and p.vat_rate = 1 order by v.id offset $1 limit 1`,
    [offset],
  );
  const r = rows[0]!;
  await t.ctx.db.query('update product_variants set stock = $2 where id = $1', [r.id, stock]);
  return { id: r.id as number, productId: r.product_id as number, colour: r.colour_name as string, size: r.size as string, price: r.price as number, name: r.name as string };
}

const stockOf = async (id: number) => (await t.ctx.db.query<{ stock: number }>('select stock from product_variants where id = $1', [id])).rows[0]!.stock;

async function shopper(...items: [Variant, number][]): Promise<TestClient> {
  const client = new TestClient(t.app, `198.51.100.${ipCounter++ % 250}`);
  for (const [v, quantity] of items) {
    const res = await client.post('/omnis/v3/frontend/product/addItemToCart/', { item: { productId: v.productId, productColor: v.colour, productSize: v.size, quantity }, name: 'main' });
    expect(res.statusCode, res.body).toBe(200);
  }
  return client;
}

const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', street: '1 Analytical Row', city: 'London', zip: 'N1 9GU', country: 'GB' };
const card = (number: string) => ({ method: 'card', card: { number, expiry: '12/39', cvc: '123' } });
const orderBody = (payment: unknown = card(TEST_CARDS.success), extra: Record<string, unknown> = {}) => ({
  email: 'ada@example.com',
  shippingAddress: ADDRESS,
  billingSameAsShipping: true,
  shippingMethod: 'uk-standard',
  payment,
  ...extra,
});
const place = (client: TestClient, key: string | null, body: unknown = orderBody()) =>
  client.request('POST', '/omnis/v3/checkout/place/', body, key ? { 'idempotency-key': key } : {});
const basketCount = async (client: TestClient) => (await client.get('/omnis/v3/basket/main/list/')).json<{ items: unknown[] }>().items.length;
const orderByHash = async (hash: string) => (await t.app.inject({ url: `/omnis/v3/orders/${hash}/` })).json<OrderView>();

describe('checkout quote', () => {
  it('computes items + shipping + tax − discount in pence, UK VAT 20% included, with a coupon', async () => {
    const v = await variant(50);
    const client = await shopper([v, 2]);
    const res = await client.post('/omnis/v3/checkout/quote/', { country: 'GB', shippingMethod: 'uk-express', coupon: 'welcome10' });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json<QuoteView>();
    const goods = v.price * 2;
    const discount = Math.round(goods * 0.1);
    expect(q.totals.itemsIncTax).toBe(goods);
    expect(q.totals.discountIncTax).toBe(discount);
    expect(q.totals.shippingIncTax).toBe(695);
    expect(q.totals.total).toBe(goods - discount + 695);
    // The contract's formula, exactly, on the net figures.
    expect(q.totals.subtotal + q.totals.shipping + q.totals.shippingTax + q.totals.goodsTax - q.totals.discount).toBe(q.totals.total);
    expect(q.totals.goodsTax).toBe(Math.round(((goods - discount) * 0.2) / 1.2));
    expect(q.totals.shippingTax).toBe(Math.round((695 * 0.2) / 1.2));
    expect(q.vat).toEqual([{ rate: 20, gross: goods - discount + 695, vat: q.totals.tax, net: goods - discount + 695 - q.totals.tax }]);
    expect(q.coupon).toEqual({ code: 'WELCOME10', applied: true, message: null });
    expect(q.shippingMethods.filter((m) => m.available).map((m) => m.code)).toEqual(['uk-standard', 'uk-express']);
  });

  it('offers international shipping abroad, reports an unknown coupon and takes an amount-off coupon', async () => {
    const v = await variant(50);
    const client = await shopper([v, 1]);
    const abroad = (await client.post('/omnis/v3/checkout/quote/', { country: 'DE', coupon: 'NOPE' })).json<QuoteView>();
    expect(abroad.shippingMethod).toBe('international');
    expect(abroad.totals.shippingIncTax).toBe(1295);
    expect(abroad.coupon).toEqual({ code: 'NOPE', applied: false, message: checkoutMessages.couponInvalid });
    const five = (await client.post('/omnis/v3/checkout/quote/', { country: 'GB', coupon: 'FIVEOFF' })).json<QuoteView>();
    expect(five.totals.discountIncTax).toBe(Math.min(500, v.price));
    expect(five.totals.total).toBe(v.price - Math.min(500, v.price) + 395);
  });
});

describe('placing an order', () => {
  it('pays with 4242…, logs every status, clears the basket, takes the stock and queues the confirmation', async () => {
    const v = await variant(5);
    const client = await shopper([v, 2]);
    const res = await place(client, randomUUID(), orderBody(card('4242 4242 4242 4242'), { coupon: 'WELCOME10' }));
    expect(res.statusCode, res.body).toBe(200);
    const { order, payment } = res.json<{ order: { hash: string; status: string }; payment: { status: string } }>();
    expect(payment.status).toBe('paid');
    expect(order.status).toBe('paid');
    expect(order.hash).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await stockOf(v.id)).toBe(3);
    expect(await basketCount(client)).toBe(0);
    const view = await orderByHash(order.hash);
    expect(view.statusLog.map((l) => l.status)).toEqual(['to_be_paid', 'paid']);
    expect(view.progress).toBe(40);
    expect(view.items).toEqual([expect.objectContaining({ name: v.name, quantity: 2, unitPrice: v.price, options: { colour: v.colour, size: v.size } })]);
    expect(view.paymentAttempts).toEqual([expect.objectContaining({ isSuccessful: true, paymentMethodName: 'Visa •••• 4242' })]);
    expect(view.couponCode).toBe('WELCOME10');
    expect(view.totals.total).toBe(v.price * 2 - Math.round(v.price * 0.2) + 395);
    const { rows: logs } = await t.ctx.db.query<{ status: string; previous_status: string | null }>(
      'select l.status, l.previous_status from order_status_logs l join orders o on o.id = l.order_id where o.hash = $1 order by l.id',
      [order.hash],
    );
    expect(logs).toEqual([{ status: 'to_be_paid', previous_status: null }, { status: 'paid', previous_status: 'to_be_paid' }]);
    const mail = (await t.ctx.db.query<{ subject: string; body_text: string; body_html: string }>("select subject, body_text, body_html from outbox where to_address = 'ada@example.com' order by id desc limit 1")).rows[0]!;
    expect(mail.subject).toMatch(/^Your order #\d+ from Fern & Thread$/);
    // The store's look: its theme's colour behind its logo, and the receipt as the mail's button.
    const brand = await mailBrandOf(t.ctx, (await t.ctx.db.query<{ division_id: number }>('select division_id from orders where hash = $1', [order.hash])).rows[0]!.division_id, null);
    expect(brand.colour).not.toBe('#000000');
    expect(mail.body_html).toContain(`background:${brand.colour}`);
    expect(mail.body_html).toMatch(/<img src="[^"]*\/media\/logo\.svg" alt="Fern &amp; Thread"/);
    expect(mail.body_html).toContain('>View your receipt</a>');
    expect(mail.body_text).toContain(`2 × ${v.name}`);
    expect(mail.body_text).toContain(`/receipt/${order.hash}`);
    expect(mail.body_text).toMatch(/Total: £\d+\.\d\d/);
  });

  it('a declined card keeps the basket, restores the stock and records the attempt (and insufficient funds says so)', async () => {
    const v = await variant(4);
    const client = await shopper([v, 3]);
    for (const [number, message] of [
      [TEST_CARDS.declined, paymentMessages.declined],
      [TEST_CARDS.insufficientFunds, paymentMessages.insufficientFunds],
      ['4111111111111111', paymentMessages.declined],
    ] as const) {
      const res = await place(client, randomUUID(), orderBody(card(number)));
      expect(res.statusCode, res.body).toBe(402);
      const body = res.json<{ message: string; order: { hash: string; status: string } }>();
      expect(body.message).toBe(message);
      expect(body.order.status).toBe('payment_failed');
      expect(await stockOf(v.id)).toBe(4);
      expect(await basketCount(client)).toBe(1);
      const view = await orderByHash(body.order.hash);
      expect(view.paymentAttempts).toEqual([expect.objectContaining({ isSuccessful: false, message })]);
      expect(view.statusLog.map((l) => l.status)).toEqual(['to_be_paid', 'payment_failed']);
    }
    // …and the same basket then pays.
    expect((await place(client, randomUUID())).statusCode).toBe(200);
    expect(await stockOf(v.id)).toBe(1);
  });

  it('wallet payments: test-wallet-ok succeeds, any other token fails', async () => {
    const v = await variant(5);
    const client = await shopper([v, 1]);
    const bad = await place(client, randomUUID(), orderBody({ method: 'wallet', walletToken: 'nope' }));
    expect(bad.statusCode).toBe(402);
    expect(bad.json()).toMatchObject({ message: paymentMessages.walletDeclined });
    const ok = await place(client, randomUUID(), orderBody({ method: 'wallet', walletToken: 'test-wallet-ok' }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await orderByHash(ok.json<{ order: { hash: string } }>().order.hash)).paymentMethod).toBe('Test wallet');
  });

  it('a double submit with the same Idempotency-Key — one after the other or at once — is one order and one charge', async () => {
    const v = await variant(10);
    const client = await shopper([v, 1]);
    const key = randomUUID();
    const first = await place(client, key);
    const again = await place(client, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const other = await shopper([v, 1]);
    const key2 = randomUUID();
    const results = await Promise.all([place(other, key2), place(other, key2), place(other, key2)]);
    const hashes = new Set(results.map((r) => r.json<{ order: { hash: string } }>().order.hash));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(hashes.size).toBe(1);
    for (const k of [key, key2]) {
      const { rows } = await t.ctx.db.query<{ orders: number; attempts: number }>(
        `select count(distinct o.id)::int as orders, count(a.id)::int as attempts from orders o left join payment_attempts a on a.order_id = o.id where o.idempotency_key = $1`,
        [k],
      );
      expect(rows[0]).toEqual({ orders: 1, attempts: 1 });
    }
    expect(await stockOf(v.id)).toBe(8);
  });

  it('a failed payment replayed with its key answers the same failure without trying again', async () => {
    const v = await variant(3);
    const client = await shopper([v, 1]);
    const key = randomUUID();
    const first = await place(client, key, orderBody(card(TEST_CARDS.declined)));
    const again = await place(client, key, orderBody(card(TEST_CARDS.success)));
    expect(again.statusCode).toBe(402);
    expect(again.json()).toEqual(first.json());
    const { rows } = await t.ctx.db.query<{ n: number }>('select count(*)::int as n from payment_attempts a join orders o on o.id = a.order_id where o.idempotency_key = $1', [key]);
    expect(rows[0]!.n).toBe(1);
  });

  it('409 "Oops... Looks like this product is no longer available" with the line when stock ran out; nothing is written', async () => {
    const v = await variant(2);
    const client = await shopper([v, 2]);
    await t.ctx.db.query('update product_variants set stock = 1 where id = $1', [v.id]);
    const before = (await t.ctx.db.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]!.n;
    const res = await place(client, randomUUID());
    expect(res.statusCode).toBe(409);
    const body = res.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe('Oops... Looks like this product is no longer available');
    expect(Object.values(body.errors)[0]![0]).toContain(v.name);
    expect((await t.ctx.db.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]!.n).toBe(before);
    expect(await stockOf(v.id)).toBe(1);
    expect(await basketCount(client)).toBe(1);
  });

  it('refuses without an Idempotency-Key, with invalid fields, an empty basket, a bad coupon or card format', async () => {
    const v = await variant(5);
    const client = await shopper([v, 1]);
    const noKey = await place(client, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toEqual({ message: checkoutMessages.idempotencyKeyRequired });

    const invalid = await place(client, randomUUID(), { ...orderBody(), email: 'nope', shippingAddress: { ...ADDRESS, city: '', zip: 'XYZ' } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json<{ errors: Record<string, string[]> }>().errors).toMatchObject({
      email: ['Please enter a valid email address'],
      'shippingAddress.city': ['This field is required'],
      'shippingAddress.zip': ['must contain a valid postcode'],
    });

    const badCard = await place(client, randomUUID(), orderBody({ method: 'card', card: { number: '4242 4242 4242 4241', expiry: '13/30', cvc: '1' } }));
    expect(badCard.statusCode).toBe(422);
    expect(badCard.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'card.number': [paymentMessages.invalidNumber],
      'card.expiry': [paymentMessages.invalidExpiry],
      'card.cvc': [paymentMessages.invalidCvc],
    });

    const coupon = await place(client, randomUUID(), orderBody(undefined, { coupon: 'NOT-A-COUPON' }));
    expect(coupon.statusCode).toBe(422);
    expect(coupon.json()).toMatchObject({ message: checkoutMessages.couponInvalid });

    const wrongMethod = await place(client, randomUUID(), orderBody(undefined, { shippingMethod: 'international' }));
    expect(wrongMethod.statusCode).toBe(422);
    expect(wrongMethod.json()).toMatchObject({ message: checkoutMessages.shippingUnavailable });

    const empty = await place(new TestClient(t.app, '192.0.2.77'), randomUUID());
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ message: checkoutMessages.basketEmpty });
    expect(await stockOf(v.id)).toBe(5);
  });

  it('ships abroad with an EORI number and a separate billing address', async () => {
    const v = await variant(5);
    const client = await shopper([v, 1]);
    const res = await place(
      client,
      randomUUID(),
      orderBody(undefined, {
        shippingAddress: { ...ADDRESS, city: 'Berlin', zip: '10115', country: 'de', eori: 'de 123456789012345' },
        billingSameAsShipping: false,
        billingAddress: { ...ADDRESS, company: 'Engines Ltd' },
        shippingMethod: 'international',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const view = await orderByHash(res.json<{ order: { hash: string } }>().order.hash);
    expect(view.shippingAddress).toMatchObject({ country: 'DE', eori: 'DE123456789012345' });
    expect(view.billingAddress).toMatchObject({ company: 'Engines Ltd', country: 'GB' });
    expect(view.shippingMethod).toEqual({ code: 'international', name: 'International' });
  });
});

describe('paying an unpaid order (/pay/{order}/)', () => {
  it('pays a to_be_paid order once; a failed try is recorded and leaves it payable', async () => {
    const v = await variant(5);
    const client = await shopper([v, 1]);
    // An order left unpaid (as a Stripe/PayPal checkout leaves it until the shopper finishes).
    const pending: PaymentProcessor = {
      name: 'test',
      methodName: () => 'Card',
      validate: () => null,
      charge: async () => ({ outcome: 'pending', reference: 'pending_1', message: paymentMessages.pending }),
    };
    const { rows } = await t.ctx.db.query<{ id: string }>('select id from baskets order by created_at desc limit 1');
    const outcome = await placeOrder(t.ctx.db, () => pending, {
      basketId: rows[0]!.id, idempotencyKey: randomUUID(), userId: null, email: 'pay@example.com', shippingAddress: ADDRESS, billingAddress: ADDRESS,
      shippingMethod: 'uk-standard', coupon: null, payment: { method: 'card' }, origin: null,
    });
    expect(outcome.kind).toBe('pending');
    expect(await stockOf(v.id)).toBe(4);
    expect(await basketCount(client)).toBe(1);
    const view = await orderByHash(outcome.hash);
    expect(view).toMatchObject({ status: 'to_be_paid', payable: true, progress: 20 });

    const pay = (key: string, number: string) => client.request('POST', `/omnis/v3/orders/${outcome.hash}/pay/`, { payment: card(number) }, { 'idempotency-key': key });
    const declined = await pay(randomUUID(), TEST_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: paymentMessages.declined, order: { status: 'to_be_paid' } });
    const key = randomUUID();
    const paid = await pay(key, TEST_CARDS.success);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await pay(key, TEST_CARDS.success)).json()).toEqual(paid.json());
    const after = await orderByHash(outcome.hash);
    expect(after.status).toBe('paid');
    expect(after.paymentAttempts.map((a) => a.isSuccessful)).toEqual([false, true]);
    expect(after.statusLog.map((l) => l.status)).toEqual(['to_be_paid', 'paid']);
    expect(await stockOf(v.id)).toBe(4);
    expect(await basketCount(client)).toBe(0);
    // Paying again with a new key charges nothing more.
    expect((await pay(randomUUID(), TEST_CARDS.success)).statusCode).toBe(200);
    expect((await orderByHash(outcome.hash)).paymentAttempts).toHaveLength(2);
  });

  it('404 for an unknown or malformed hash', async () => {
    expect((await t.app.inject({ url: '/omnis/v3/orders/AAAAAAAAAAAAAAAAAAAAAAAA/' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/omnis/v3/orders/1/' })).statusCode).toBe(404);
  });
});

describe('concurrency (PostgreSQL)', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    // PGlite is one connection: its transactions already run one at a time, so this race only exists on PostgreSQL.
    '50 concurrent checkouts for the last 10 units sell exactly 10',
    async () => {
      const v = await variant(50);
      const clients = await Promise.all(Array.from({ length: 50 }, () => shopper([v, 1])));
      await t.ctx.db.query('update product_variants set stock = 10 where id = $1', [v.id]);
      const lastBefore = (await t.ctx.db.query<{ id: number }>('select coalesce(max(id), 0)::int as id from orders')).rows[0]!.id;
      const results = await Promise.all(clients.map((c) => place(c, randomUUID())));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(codes.filter((c) => c === 409)).toHaveLength(40);
      for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ message: checkoutMessages.noLongerAvailable });
      expect(await stockOf(v.id)).toBe(0);
      const { rows } = await t.ctx.db.query<{ n: number }>(
        `select coalesce(sum(i.quantity), 0)::int as n from order_items i join orders o on o.id = i.order_id where i.variant_id = $1 and o.status = 'paid' and o.id > $2`,
        [v.id, lastBefore],
      );
      expect(rows[0]!.n).toBe(10);
    },
    60_000,
  );
});
