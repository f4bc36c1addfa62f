import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { openTestContext } from '../testing/testContext';
import { TestClient } from '../auth/testClient';
import { BASKET_COOKIE } from '../commerce/basket';
import { buildApp } from '../app';
import { StartupError } from '../db/database';
import { placeOrder, type PlaceOutcome } from './placeOrder';
import { checkoutMessages } from './checkoutBasket';
import {
  DEFAULT_ORDER_PAYMENT_WINDOW_MINUTES,
  cancelPendingPayments,
  expireUnpaidOrders,
  expiryNote,
  LATE_PAYMENT_REFUND_NOTE,
  LATE_PAYMENT_RESERVED_NOTE,
  paymentWindowMinutes,
} from './expiry';
import { createStripeProcessor, Stripe } from '../payments/stripe';
import { fakeStripeIntents } from '../payments/testing';
import { createTestProcessor, TEST_CARDS } from '../payments/testProcessor';
import { paymentMessages, type PaymentProcessor } from '../payments/types';
import type { OrderView } from '../../src/core/api/orders';

const SECRET = 'whsec_expiry_secret';
let t: Awaited<ReturnType<typeof openTestContext>>;
let ip = 10;
beforeAll(async () => {
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  t = await openTestContext();
});
afterAll(async () => {
  delete process.env.STRIPE_WEBHOOK_SECRET;
  await t?.close();
});

const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', street: '1 Analytical Row', city: 'London', zip: 'N1 9GU', country: 'GB' };

interface Variant {
  id: number;
  productId: number;
  colour: string;
  size: string;
}

/** Sellable demo variants (distinct), each with its stock set. */
async function variants(...stocks: number[]): Promise<Variant[]> {
  const { rows } = await t.ctx.db.query<Record<string, unknown>>(
    `select v.id, p.id as product_id, o.colour_name, v.size from product_variants v
     join products p on p.id = v.product_id join product_options o on o.id = v.option_id
     where p.enabled and p.enable_add_to_cart order by v.id offset $1 limit $2`,
    [(ip * 7) % 40, stocks.length],
  );
  ip++;
  return Promise.all(
    rows.map(async (r, i) => {
      await t.ctx.db.query('update product_variants set stock = $2 where id = $1', [r.id, stocks[i]]);
      return { id: r.id as number, productId: r.product_id as number, colour: r.colour_name as string, size: r.size as string };
    }),
  );
}

const stockOf = async (id: number) => (await t.ctx.db.query<{ stock: number }>('select stock from product_variants where id = $1', [id])).rows[0]!.stock;
const view = async (hash: string) => (await t.app.inject({ url: `/omnis/v3/orders/${hash}/` })).json<OrderView>();
const statusOf = async (hash: string) => (await t.ctx.db.query<{ status: string }>('select status from orders where hash = $1', [hash])).rows[0]!.status;
const logsOf = async (hash: string) =>
  (
    await t.ctx.db.query<{ status: string; previous_status: string | null; note: string | null }>(
      'select l.status, l.previous_status, l.note from order_status_logs l join orders o on o.id = l.order_id where o.hash = $1 order by l.id',
      [hash],
    )
  ).rows;
const basketCount = async (client: TestClient) => (await client.get('/omnis/v3/basket/main/list/')).json<{ items: unknown[] }>().items.length;
/** Moves an order's placing time back, as if the shopper had walked away that long ago. */
const age = (hash: string, minutes: number) => t.ctx.db.query(`update orders set created_at = now() - make_interval(mins => $2) where hash = $1`, [hash, minutes]);

/** A Stripe-like processor that leaves the order to_be_paid (the shopper finishes on Stripe's side). */
const pendingProcessor = (reference = `pi_${randomUUID().slice(0, 8)}`): PaymentProcessor => ({
  name: 'test',
  methodName: () => 'Card',
  validate: () => null,
  charge: async () => ({ outcome: 'pending', reference, message: paymentMessages.pending }),
});

/** A shopper whose basket holds these lines, and the order placed from it with `processor`. */
async function order(lines: [Variant, number][], processor: PaymentProcessor = pendingProcessor(), key = randomUUID()) {
  const client = new TestClient(t.app, `198.51.100.${ip++ % 250}`);
  for (const [v, quantity] of lines) {
    const res = await client.post('/omnis/v3/frontend/product/addItemToCart/', { item: { productId: v.productId, productColor: v.colour, productSize: v.size, quantity }, name: 'main' });
    expect(res.statusCode, res.body).toBe(200);
  }
  const basketId = client.cookies[BASKET_COOKIE]!;
  const input = {
    basketId, idempotencyKey: key, userId: null, email: 'ada@example.com', shippingAddress: ADDRESS, billingAddress: ADDRESS,
    shippingMethod: 'uk-standard', coupon: null, payment: { method: 'card' as const, card: { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' } }, origin: null,
  };
  const outcome: PlaceOutcome = await placeOrder(t.ctx.db, () => processor, input);
  return { outcome, client, replay: () => placeOrder(t.ctx.db, () => processor, input) };
}

describe('payment window configuration', () => {
  it('defaults to 60 minutes; ORDER_PAYMENT_WINDOW_MINUTES takes whole minutes ≥ 1 and stops the server on anything else', () => {
    expect(DEFAULT_ORDER_PAYMENT_WINDOW_MINUTES).toBe(60);
    expect(paymentWindowMinutes({})).toBe(60);
    expect(paymentWindowMinutes({ ORDER_PAYMENT_WINDOW_MINUTES: '' })).toBe(60);
    expect(paymentWindowMinutes({ ORDER_PAYMENT_WINDOW_MINUTES: ' 15 ' })).toBe(15);
    for (const bad of ['0', '-5', '1.5', 'soon', '1e3']) {
      expect(() => paymentWindowMinutes({ ORDER_PAYMENT_WINDOW_MINUTES: bad })).toThrow(StartupError);
    }
    expect(() => paymentWindowMinutes({ ORDER_PAYMENT_WINDOW_MINUTES: 'soon' })).toThrow('ORDER_PAYMENT_WINDOW_MINUTES must be a whole number of minutes (1 or more), got "soon".');
  });
});

describe('expiry sweep', () => {
  it('expires only to_be_paid orders older than the window, gives their stock back exactly once (two sweeps at once) and logs it', async () => {
    const [v] = await variants(20);
    const stale = await order([[v!, 2]]);
    const fresh = await order([[v!, 1]]);
    const paidOrder = await order([[v!, 3]], createTestProcessor());
    const declined = await order([[v!, 4]], {
      ...pendingProcessor(),
      charge: async () => ({ outcome: 'failed', reference: null, message: paymentMessages.declined }),
    });
    expect([stale, fresh, paidOrder, declined].map((o) => o.outcome.status)).toEqual(['to_be_paid', 'to_be_paid', 'paid', 'payment_failed']);
    expect(await stockOf(v!.id)).toBe(20 - 2 - 1 - 3);
    await age(stale.outcome.hash, 61);
    await age(fresh.outcome.hash, 59);
    await age(paidOrder.outcome.hash, 600);
    await age(declined.outcome.hash, 600);
    const paidLogs = await logsOf(paidOrder.outcome.hash);

    const [a, b] = await Promise.all([expireUnpaidOrders(t.ctx.db, { windowMinutes: 60 }), expireUnpaidOrders(t.ctx.db, { windowMinutes: 60 })]);
    const ids = [...a!, ...b!].map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(stale.outcome.orderId);
    for (const other of [fresh, paidOrder, declined]) expect(ids).not.toContain(other.outcome.orderId);
    expect(await stockOf(v!.id)).toBe(20 - 1 - 3);

    // Again: nothing left to do, the stock does not move twice.
    expect((await expireUnpaidOrders(t.ctx.db, { windowMinutes: 60 })).map((o) => o.id)).not.toContain(stale.outcome.orderId);
    expect(await stockOf(v!.id)).toBe(20 - 1 - 3);

    expect(await statusOf(stale.outcome.hash)).toBe('expired');
    expect(await logsOf(stale.outcome.hash)).toEqual([
      { status: 'to_be_paid', previous_status: null, note: null },
      { status: 'expired', previous_status: 'to_be_paid', note: expiryNote(60) },
    ]);
    expect(await statusOf(fresh.outcome.hash)).toBe('to_be_paid');
    expect(await statusOf(paidOrder.outcome.hash)).toBe('paid');
    expect(await logsOf(paidOrder.outcome.hash)).toEqual(paidLogs);
    expect(await statusOf(declined.outcome.hash)).toBe('payment_failed');

    // Nothing else was written: no payment attempt, the basket still holds the lines (the shopper can order again).
    const expired = await view(stale.outcome.hash);
    expect(expired).toMatchObject({ status: 'expired', statusLabel: 'Expired', payable: false, progress: 0, paymentAttempts: [] });
    expect(await basketCount(stale.client)).toBe(1);
    const { rows: mail } = await t.ctx.db.query<{ n: number }>("select count(*)::int as n from outbox where body_text like $1", [`%${stale.outcome.hash}%`]);
    expect(mail[0]!.n).toBe(0);

    // A shorter window (ORDER_PAYMENT_WINDOW_MINUTES=30) takes the 59-minute-old order too.
    expect((await expireUnpaidOrders(t.ctx.db, { windowMinutes: 30 })).map((o) => o.id)).toContain(fresh.outcome.orderId);
    expect(await stockOf(v!.id)).toBe(20 - 3);
  });

  it('releases every line of a multi-line order and works through more orders than one batch', async () => {
    const [v1, v2] = await variants(10, 10);
    const orders = [await order([[v1!, 1], [v2!, 2]]), await order([[v1!, 2]]), await order([[v2!, 3]])];
    expect([await stockOf(v1!.id), await stockOf(v2!.id)]).toEqual([7, 5]);
    for (const o of orders) await age(o.outcome.hash, 120);
    const expired = await expireUnpaidOrders(t.ctx.db, { windowMinutes: 60, batchSize: 1 });
    expect(expired.map((o) => o.id)).toEqual(expect.arrayContaining(orders.map((o) => o.outcome.orderId)));
    expect([await stockOf(v1!.id), await stockOf(v2!.id)]).toEqual([10, 10]);
    for (const o of orders) expect(await statusOf(o.outcome.hash)).toBe('expired');
  });

  it('withdraws the Stripe PaymentIntent an expired order waited for; other processors and failures are left alone', async () => {
    const [v] = await variants(10);
    const intent = `pi_cancel_${randomUUID().slice(0, 8)}`;
    const fake = fakeStripeIntents(intent);
    const stripe = createStripeProcessor({ secretKey: 'sk', publishableKey: 'pk', webhookSecret: SECRET }, fake.intents);
    const viaStripe = await order([[v!, 1]], stripe);
    const viaTest = await order([[v!, 1]]);
    for (const o of [viaStripe, viaTest]) await age(o.outcome.hash, 90);
    const expired = await expireUnpaidOrders(t.ctx.db, { windowMinutes: 60 });
    expect(expired).toEqual(expect.arrayContaining([expect.objectContaining({ id: viaStripe.outcome.orderId, processor: 'stripe', reference: intent })]));

    const errors: unknown[] = [];
    const failing: PaymentProcessor = { ...pendingProcessor(), cancel: async () => Promise.reject(new Error('network down')) };
    const logger = { info: () => undefined, error: (obj: object) => void errors.push(obj) };
    expect(await cancelPendingPayments(expired, [stripe, failing], logger)).toBe(1);
    expect(fake.calls.cancel).toEqual([intent]);
    // The test processor's order (name "test") reached the failing cancel: logged, the sweep carries on.
    expect(errors).toEqual(expect.arrayContaining([expect.objectContaining({ order: viaTest.outcome.orderId })]));
    // An intent that succeeded meanwhile is not cancelled (the late-payment path takes it).
    const late = fakeStripeIntents('pi_late', 'succeeded');
    await createStripeProcessor({ secretKey: 'sk', publishableKey: 'pk', webhookSecret: SECRET }, late.intents).cancel!('pi_late');
    expect(late.calls.cancel).toEqual([]);
  });

  it('/pay/{order}/ on an expired order answers 409 with the expiry message and charges nothing; a replayed checkout says the same', async () => {
    const [v] = await variants(5);
    const { outcome, client, replay } = await order([[v!, 1]]);
    await age(outcome.hash, 90);
    await expireUnpaidOrders(t.ctx.db, { windowMinutes: 60 });
    expect(await stockOf(v!.id)).toBe(5);

    const pay = await client.request(
      'POST',
      `/omnis/v3/orders/${outcome.hash}/pay/`,
      { payment: { method: 'card', card: { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' } } },
      { 'idempotency-key': randomUUID() },
    );
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toEqual({ message: checkoutMessages.orderExpired });
    expect(checkoutMessages.orderExpired).toBe('Oops... Looks like this order has expired. Please place your order again.');
    expect((await view(outcome.hash)).paymentAttempts).toEqual([]);
    expect(await statusOf(outcome.hash)).toBe('expired');
    expect(await stockOf(v!.id)).toBe(5);

    expect(await replay()).toMatchObject({ kind: 'failed', replay: true, status: 'expired', message: checkoutMessages.orderExpired });
  });

  it('runs on a timer only in a listening server (the window from ORDER_PAYMENT_WINDOW_MINUTES) and stops when the app closes', async () => {
    const [v] = await variants(5);
    const { outcome } = await order([[v!, 2]]);
    await age(outcome.hash, 45);
    // The test app only answers inject(): it never listens, so it never sweeps behind a test's back.
    expect((await t.app.inject({ url: `/omnis/v3/orders/${outcome.hash}/` })).statusCode).toBe(200);
    expect(await statusOf(outcome.hash)).toBe('to_be_paid');

    process.env.ORDER_PAYMENT_WINDOW_MINUTES = '30';
    const server = await buildApp(t.ctx, { clientDir: null });
    delete process.env.ORDER_PAYMENT_WINDOW_MINUTES;
    try {
      await server.listen({ port: 0, host: '127.0.0.1' });
      const deadline = Date.now() + 10_000;
      while ((await statusOf(outcome.hash)) === 'to_be_paid' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await statusOf(outcome.hash)).toBe('expired');
      expect((await logsOf(outcome.hash)).at(-1)).toMatchObject({ status: 'expired', note: expiryNote(30) });
      expect(await stockOf(v!.id)).toBe(5);
    } finally {
      await server.close();
    }
  });
});

describe('a late payment for an expired order (Stripe webhook)', () => {
  const webhook = (event: object) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/omnis/v3/payments/stripe/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
      payload,
    });
  };
  const succeeded = (intent: string) => ({ id: `evt_${randomUUID()}`, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intent, object: 'payment_intent' } } });
  const stripe = (intent: string) =>
    createStripeProcessor(
      { secretKey: 'sk', publishableKey: 'pk', webhookSecret: SECRET },
      fakeStripeIntents(intent).intents,
    );
  async function expiredStripeOrder(lines: [Variant, number][]) {
    const intent = `pi_late_${randomUUID().slice(0, 8)}`;
    const placed = await order(lines, stripe(intent));
    expect(placed.outcome).toMatchObject({ kind: 'pending', status: 'to_be_paid' });
    await age(placed.outcome.hash, 61);
    await expireUnpaidOrders(t.ctx.db, { windowMinutes: 60 });
    expect(await statusOf(placed.outcome.hash)).toBe('expired');
    return { ...placed, intent };
  }

  it('stock still there: reserved again and paid, with a note in the status log (never silently)', async () => {
    const [v] = await variants(5);
    const { outcome, client, intent } = await expiredStripeOrder([[v!, 2]]);
    expect(await stockOf(v!.id)).toBe(5);

    const res = await webhook(succeeded(intent));
    expect(res.json()).toEqual({ received: true, result: 'paid' });
    expect(await stockOf(v!.id)).toBe(3);
    expect(await logsOf(outcome.hash)).toEqual([
      { status: 'to_be_paid', previous_status: null, note: null },
      { status: 'expired', previous_status: 'to_be_paid', note: expiryNote(60) },
      { status: 'paid', previous_status: 'expired', note: LATE_PAYMENT_RESERVED_NOTE },
    ]);
    expect((await view(outcome.hash)).paymentAttempts).toEqual([expect.objectContaining({ isSuccessful: true })]);
    expect(await basketCount(client)).toBe(0);
    // A second delivery about the same intent changes nothing.
    expect((await webhook(succeeded(intent))).json()).toEqual({ received: true, result: 'ignored' });
    expect(await stockOf(v!.id)).toBe(3);
  });

  it('stock gone (even one line of several): nothing is reserved, the order becomes refund_due and nothing ships', async () => {
    const [v1, v2] = await variants(5, 5);
    const { outcome, client, intent } = await expiredStripeOrder([[v1!, 1], [v2!, 2]]);
    // Someone else bought v2 while the order was expired.
    await t.ctx.db.query('update product_variants set stock = 1 where id = $1', [v2!.id]);
    const mailBefore = (await t.ctx.db.query<{ n: number }>('select count(*)::int as n from outbox')).rows[0]!.n;

    const res = await webhook(succeeded(intent));
    expect(res.json()).toEqual({ received: true, result: 'refund_due' });
    expect([await stockOf(v1!.id), await stockOf(v2!.id)]).toEqual([5, 1]);
    expect(await statusOf(outcome.hash)).toBe('refund_due');
    expect((await logsOf(outcome.hash)).at(-1)).toEqual({ status: 'refund_due', previous_status: 'expired', note: LATE_PAYMENT_REFUND_NOTE });
    const refund = await view(outcome.hash);
    expect(refund).toMatchObject({ statusLabel: 'Refund due', payable: false, progress: 0 });
    // The money was taken: the attempt says so, for whoever refunds it.
    expect(refund.paymentAttempts).toEqual([expect.objectContaining({ isSuccessful: true })]);
    expect(await basketCount(client)).toBe(2);
    expect((await t.ctx.db.query<{ n: number }>('select count(*)::int as n from outbox')).rows[0]!.n).toBe(mailBefore);
    expect((await webhook(succeeded(intent))).json()).toEqual({ received: true, result: 'ignored' });
    expect([await stockOf(v1!.id), await stockOf(v2!.id)]).toEqual([5, 1]);
  });

  it('a failed late attempt is recorded and leaves the order expired', async () => {
    const [v] = await variants(5);
    const { outcome, intent } = await expiredStripeOrder([[v!, 1]]);
    const res = await webhook({ id: `evt_${randomUUID()}`, object: 'event', type: 'payment_intent.payment_failed', data: { object: { id: intent, last_payment_error: { message: 'Your card was declined.' } } } });
    expect(res.json()).toEqual({ received: true, result: 'failed' });
    expect(await statusOf(outcome.hash)).toBe('expired');
    expect(await stockOf(v!.id)).toBe(5);
  });
});

describe('concurrency (PostgreSQL)', () => {
  // PGlite is one connection: its transactions already run one at a time, so these races only exist on PostgreSQL.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'four sweeps at once (small batches) expire each of 30 stale orders exactly once while shoppers keep checking out',
    async () => {
      const [v] = await variants(100);
      const stale: string[] = [];
      for (let i = 0; i < 30; i++) stale.push((await order([[v!, 1]])).outcome.hash);
      for (const hash of stale) await age(hash, 120);
      expect(await stockOf(v!.id)).toBe(70);
      const [sweeps, checkouts] = await Promise.all([
        Promise.all(Array.from({ length: 4 }, () => expireUnpaidOrders(t.ctx.db, { windowMinutes: 60, batchSize: 5 }))),
        Promise.all(Array.from({ length: 5 }, () => order([[v!, 2]]))),
      ]);
      const ids = sweeps.flat().map((o) => o.id);
      expect(new Set(ids).size).toBe(ids.length);
      const { rows } = await t.ctx.db.query<{ id: number }>('select id from orders where hash = any($1::text[])', [stale]);
      expect(ids).toEqual(expect.arrayContaining(rows.map((r) => r.id)));
      for (const c of checkouts) expect(c.outcome.status).toBe('to_be_paid');
      expect(await stockOf(v!.id)).toBe(100 - 5 * 2);
    },
    60_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)('skips an order another transaction holds (a capture in progress) instead of waiting for it', async () => {
    const [v] = await variants(5);
    const held = await order([[v!, 1]]);
    const free = await order([[v!, 1]]);
    await age(held.outcome.hash, 120);
    await age(free.outcome.hash, 120);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.ctx.db.transaction(async (tx) => {
      await tx.query('select id from orders where hash = $1 for update', [held.outcome.hash]);
      locked();
      await released;
    });
    await isLocked;
    try {
      const ids = (await expireUnpaidOrders(t.ctx.db, { windowMinutes: 60 })).map((o) => o.id);
      expect(ids).toContain(free.outcome.orderId);
      expect(ids).not.toContain(held.outcome.orderId);
    } finally {
      release();
      await holder;
    }
    expect(await statusOf(held.outcome.hash)).toBe('to_be_paid');
    expect((await expireUnpaidOrders(t.ctx.db, { windowMinutes: 60 })).map((o) => o.id)).toContain(held.outcome.orderId);
    expect(await stockOf(v!.id)).toBe(5);
  });
});
