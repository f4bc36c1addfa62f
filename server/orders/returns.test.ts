import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { openTestContext } from '../testing/testContext';
import { TestClient } from '../auth/testClient';
import { TEST_CARDS, createTestProcessor } from '../payments/testProcessor';
import { transitionOrder } from './stateMachine';
import { ensureLabels } from './labels';
import { createReturn } from './returns';
import { SHIPPING_REFUND_SKU } from './refunds';
import { REMILL_COUPON_PERCENT } from './returnsRemill';
import { returnMessages } from '../../src/core/returns';
import type { ReturnResult, ReturnView } from '../../src/core/api/returns';
import type { OrderHistoryView } from '../../src/core/api/orderHistory';

/** /returns: the window and rules, active quantities under races, exchanges that never oversell, refunds recorded. */

let t: Awaited<ReturnType<typeof openTestContext>>;
let ip = 30;
let divisionId = 0;
beforeAll(async () => {
  t = await openTestContext();
  divisionId = (await t.ctx.db.query<{ id: number }>(`select id from divisions where code = 'demo'`)).rows[0]!.id;
}, 300_000);
afterAll(async () => t?.close());

type Variant = { id: number; productId: number; colour: string; size: string };

/** The nth sellable single product's first two variants (the second is the exchange size), with stock set. */
async function product(offset: number, stock = 50, exchangeStock = 50): Promise<[Variant, Variant]> {
  const { rows } = await t.ctx.db.query<Record<string, unknown>>(
    `select p.id from products p where p.enabled and p.enable_add_to_cart and not p.is_bundle
     and (select count(*) from product_variants v where v.product_id = p.id) >= 2 order by p.id offset $1 limit 1`,
    [offset],
  );
  const { rows: vs } = await t.ctx.db.query<Record<string, unknown>>(
    `select v.id, v.product_id, o.colour_name, v.size from product_variants v join product_options o on o.id = v.option_id
     where v.product_id = $1 order by o.position, o.id, v.position, v.id limit 2`,
    [rows[0]!.id],
  );
  const [a, b] = vs.map((r) => ({ id: r.id as number, productId: r.product_id as number, colour: r.colour_name as string, size: r.size as string }));
  await t.ctx.db.query('update product_variants set stock = $2 where id = $1', [a!.id, stock]);
  await t.ctx.db.query('update product_variants set stock = $2 where id = $1', [b!.id, exchangeStock]);
  return [a!, b!];
}

/** A shopper buys `quantity` of each variant with the test card; answers the order's hash, id and items. */
async function buy(email: string, lines: [Variant, number][], coupon?: string) {
  const client = new TestClient(t.app, `198.51.100.${ip++}`);
  for (const [v, quantity] of lines) {
    const res = await client.post('/omnis/v3/frontend/product/addItemToCart/', { item: { productId: v.productId, productColor: v.colour, productSize: v.size, quantity }, name: 'main' });
    expect(res.statusCode, res.body).toBe(200);
  }
  const res = await client.request(
    'POST',
    '/omnis/v3/checkout/place/',
    {
      email,
      shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', street: '1 Analytical Row', city: 'London', zip: 'N1 9GU', country: 'GB' },
      billingSameAsShipping: true,
      shippingMethod: 'uk-standard',
      ...(coupon ? { coupon } : {}),
      payment: { method: 'card', card: { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' } },
    },
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(200);
  const hash = res.json<{ order: { hash: string } }>().order.hash;
  const { rows } = await t.ctx.db.query<{ id: number }>('select id from orders where hash = $1', [hash]);
  const { rows: items } = await t.ctx.db.query<{ id: number; variant_id: number }>('select id, variant_id from order_items where order_id = $1 order by position, id', [rows[0]!.id]);
  return { hash, id: rows[0]!.id, items, client };
}

/** The floor's path to dispatch, through the state machine with a label per unit (as atlas drives it). */
async function dispatch(orderId: number, daysAgo = 0) {
  await t.ctx.db.transaction(async (tx) => {
    await ensureLabels(tx, orderId);
    for (const to of ['label_printed', 'printed', 'packing', 'complete'] as const) await transitionOrder(tx, orderId, to, { note: 'test' });
  });
  if (daysAgo) await t.ctx.db.query(`update order_status_logs set created_at = now() - make_interval(days => $2) where order_id = $1 and status = 'complete'`, [orderId, daysAgo]);
}

const shopper = () => new TestClient(t.app, `198.51.100.${ip++}`);
const view = async (hash: string) => (await shopper().get(`/omnis/v3/returns/${hash}/`)).json<ReturnView>();
const stockOf = async (id: number) => (await t.ctx.db.query<{ stock: number }>('select stock from product_variants where id = $1', [id])).rows[0]!.stock;
const postReturn = (client: TestClient, hash: string, items: unknown[]) => client.post(`/omnis/v3/returns/${hash}/`, { items });

describe('returns', () => {
  it('refuses before dispatch, after the store window, and custom items without a fault, with clear messages', async () => {
    const [v] = await product(0);
    const order = await buy('ret.rules@example.com', [[v, 1]]);
    const line = { itemId: order.items[0]!.id, quantity: 1, reason: 'too_small', resolution: 'refund' };

    let res = await postReturn(order.client, order.hash, [line]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: returnMessages.notDispatched });
    expect((await view(order.hash))).toMatchObject({ returnable: false, refusal: returnMessages.notDispatched });
    expect((await shopper().get(`/omnis/v3/orders/${order.hash}/`)).json<{ returnable: boolean }>().returnable).toBe(false);

    // Dispatched 31 days ago: the default 30-day window has closed.
    await dispatch(order.id, 31);
    res = await postReturn(order.client, order.hash, [line]);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/^The 30-day return window for this order closed on \d{1,2} \w+ \d{4}\.$/);

    // The store allows 45 days: open again.
    await t.ctx.db.query('update divisions set return_window_days = 45 where id = $1', [divisionId]);
    try {
      expect((await view(order.hash))).toMatchObject({ returnable: true, refusal: null, windowDays: 45 });
      // A custom item (§3: sku CP…) only for a fault.
      await t.ctx.db.query(`update order_items set sku = 'CP-' || sku where id = $1`, [line.itemId]);
      res = await postReturn(order.client, order.hash, [line]);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ message: string }>().message).toBe(returnMessages.customNotFaulty((await view(order.hash)).items[0]!.name));
      res = await postReturn(order.client, order.hash, [{ ...line, reason: 'faulty' }]);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await t.ctx.db.query('update divisions set return_window_days = 30 where id = $1', [divisionId]);
    }
  });

  it('refunds through the processor, records the return log and the refund, and never exceeds the active quantity', async () => {
    const [v] = await product(1);
    const order = await buy('ret.refund@example.com', [[v, 2]]);
    await dispatch(order.id);
    const itemId = order.items[0]!.id;
    const before = await view(order.hash);
    expect(before.items[0]).toMatchObject({ quantity: 2, activeQuantity: 2 });

    let res = await postReturn(order.client, order.hash, [{ itemId, quantity: 3, reason: 'too_big', resolution: 'refund' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: returnMessages.tooMany(before.items[0]!.name, 2), errors: { 'items.0.quantity': [returnMessages.tooMany(before.items[0]!.name, 2)] } });

    res = await postReturn(order.client, order.hash, [{ itemId, quantity: 1, reason: 'too_big', resolution: 'refund' }]);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<ReturnResult>();
    const { rows: item } = await t.ctx.db.query<{ price: number; discount: number }>('select price, discount from order_items where id = $1', [itemId]);
    expect(result.refund).toMatchObject({ ok: true, amount: item[0]!.price, shippingRefunded: false });
    expect(result.view.items[0]).toMatchObject({ activeQuantity: 1 });
    expect(result.view.returns).toEqual([expect.objectContaining({ quantity: 1, reason: 'too_big', resolution: 'refund' })]);
    expect(result.view.refunds).toEqual([expect.objectContaining({ amount: item[0]!.price, status: 'succeeded' })]);
    const { rows: refunds } = await t.ctx.db.query<{ status: string; processor_reference: string; user_id: number | null }>('select status, processor_reference, user_id from refunds where order_id = $1', [order.id]);
    expect(refunds).toEqual([{ status: 'succeeded', processor_reference: expect.stringMatching(/^test_re_/), user_id: null }]);

    // Mails: return accepted and refund issued, each with the order-history link from the configured origin.
    const { rows: mails } = await t.ctx.db.query<{ subject: string; body_text: string; body_html: string }>(`select subject, body_text, body_html from outbox where to_address = 'ret.refund@example.com' order by id`);
    const history = result.view.customerHash;
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining([`Your return for order #${order.id} from Fern & Thread is accepted`, `Refund issued for order #${order.id} from Fern & Thread`]));
    for (const m of mails.slice(-2)) {
      expect(m.body_text).toContain(`/order-history/${history}`);
      // HTML in the store's look: its colour band with the logo or name, and a button to the order history.
      expect(m.body_html).toMatch(/<div style="background:#[0-9a-f]{3,8};color:#[0-9a-f]{3,8};padding:16px 24px">/i);
      expect(m.body_html).toContain(`/order-history/${history}" style="background:`);
    }

    // The order history shows the active quantity too.
    const h = (await shopper().get(`/omnis/v3/order-history/${history}/`)).json<OrderHistoryView>();
    expect(h.orders[0]!.items[0]).toMatchObject({ quantity: 2, activeQuantity: 1 });
    // One unit is left to return: history and receipt offer "Return items".
    expect(h.orders[0]!.returnable).toBe(true);
    expect((await shopper().get(`/omnis/v3/orders/${order.hash}/`)).json<{ returnable: boolean }>().returnable).toBe(true);
  });

  it('lets only one of two concurrent returns of the last unit through', async () => {
    const [v] = await product(2);
    const order = await buy('ret.race@example.com', [[v, 1]]);
    await dispatch(order.id);
    const line = { itemId: order.items[0]!.id, quantity: 1, reason: 'changed_mind', resolution: 'refund' };
    const [a, b] = await Promise.all([postReturn(shopper(), order.hash, [line]), postReturn(shopper(), order.hash, [line])]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const loser = a.statusCode === 200 ? b : a;
    expect(loser.json<{ message: string }>().message).toMatch(/has already been returned\.$/);
    const { rows } = await t.ctx.db.query<{ n: number; refunds: number }>(
      `select (select coalesce(sum(quantity), 0)::int from order_item_returns where order_item_id = $1) as n, (select count(*)::int from refunds where order_id = $2) as refunds`,
      [line.itemId, order.id],
    );
    expect(rows[0]).toEqual({ n: 1, refunds: 1 });
    // Everything refunded with the store not at fault: the order is refunded except shipping, which stays paid.
    expect((await view(order.hash))).toMatchObject({ returnable: false, refusal: 'Everything in this order has already been returned.' });
    expect((await shopper().get(`/omnis/v3/orders/${order.hash}/`)).json<{ returnable: boolean }>().returnable).toBe(false);
  });

  it('exchanges for another size as a §4 child order, reserving stock and never overselling', async () => {
    const [v, other] = await product(3, 50, 1);
    const order = await buy('ret.exchange@example.com', [[v, 2]]);
    await dispatch(order.id);
    const itemId = order.items[0]!.id;
    const exchangeable = (await view(order.hash)).items[0]!.exchangeOptions;
    expect(exchangeable.map((o) => o.variantId)).toContain(other.id);
    expect(exchangeable.map((o) => o.variantId)).not.toContain(v.id);

    // Two units wanted, one in stock: refused, nothing written, stock untouched.
    let res = await postReturn(order.client, order.hash, [{ itemId, quantity: 2, reason: 'too_small', resolution: 'exchange', exchangeVariantId: other.id }]);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toMatch(/^Sorry, .+ is out of stock in .+\.$/);
    expect(await stockOf(other.id)).toBe(1);
    expect((await view(order.hash)).items[0]!.activeQuantity).toBe(2);

    // The same size is not an exchange; a variant of another product is refused.
    res = await postReturn(order.client, order.hash, [{ itemId, quantity: 1, reason: 'too_small', resolution: 'exchange', exchangeVariantId: v.id }]);
    expect(res.statusCode).toBe(422);
    const [stranger] = await product(4);
    res = await postReturn(order.client, order.hash, [{ itemId, quantity: 1, reason: 'too_small', resolution: 'exchange', exchangeVariantId: stranger.id }]);
    expect(res.statusCode).toBe(422);

    res = await postReturn(order.client, order.hash, [{ itemId, quantity: 1, reason: 'too_small', resolution: 'exchange', exchangeVariantId: other.id }]);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<ReturnResult>();
    expect(result.refund).toBeNull();
    expect(await stockOf(other.id)).toBe(0);
    const { rows: child } = await t.ctx.db.query<Record<string, unknown>>('select id, status, parent_order_id, child_order_type, reprint_reason_id, total from orders where hash = $1', [result.exchangeOrder!.hash]);
    expect(child[0]).toMatchObject({ status: 'paid', parent_order_id: order.id, child_order_type: 'exchange', reprint_reason_id: null, total: 0 });
    const { rows: childItems } = await t.ctx.db.query<Record<string, unknown>>('select variant_id, quantity, price from order_items where order_id = $1', [child[0]!.id]);
    expect(childItems).toEqual([{ variant_id: other.id, quantity: 1, price: 0 }]);
    expect(result.view.exchangeOrders).toEqual([expect.objectContaining({ number: child[0]!.id, resent: false })]);

    // No stock left for a second exchange of the other unit.
    res = await postReturn(order.client, order.hash, [{ itemId, quantity: 1, reason: 'too_small', resolution: 'exchange', exchangeVariantId: other.id }]);
    expect(res.statusCode).toBe(422);
    expect(await stockOf(other.id)).toBe(0);
  });

  it('refunds shipping as product EMB-39 when the parcel never arrived, and marks the resend (§4 resent)', async () => {
    const [v, other] = await product(5);
    const order = await buy('ret.lost@example.com', [[v, 2]]);
    // Two of these cost over the free-delivery threshold: this order paid £3.95 shipping all the same.
    await t.ctx.db.query('update orders set shipping = 329, shipping_tax = 66, total = total - shipping - shipping_tax + 395 where id = $1', [order.id]);
    await dispatch(order.id);
    const itemId = order.items[0]!.id;
    const res = await postReturn(order.client, order.hash, [
      { itemId, quantity: 1, reason: 'failed_to_arrive', resolution: 'refund' },
      { itemId, quantity: 1, reason: 'failed_to_arrive', resolution: 'exchange', exchangeVariantId: other.id },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<ReturnResult>();
    const { rows: o } = await t.ctx.db.query<{ shipping: number; shipping_tax: number; status: string }>('select shipping, shipping_tax, status from orders where id = $1', [order.id]);
    const shipping = o[0]!.shipping + o[0]!.shipping_tax;
    expect(shipping).toBeGreaterThan(0);
    expect(result.refund).toMatchObject({ ok: true, shippingRefunded: true });
    expect(result.view.refunds).toEqual(expect.arrayContaining([expect.objectContaining({ sku: SHIPPING_REFUND_SKU, label: 'Shipping refund', amount: shipping, status: 'succeeded' })]));
    expect(result.view.exchangeOrders[0]).toMatchObject({ resent: true });
    // Nothing is left active and an exchange was made: the order is exchanged.
    expect(o[0]!.status).toBe('exchanged');
  });

  it('takes back the refunded lines when the processor refuses the refund', async () => {
    const [v] = await product(6);
    const order = await buy('ret.declined@example.com', [[v, 1]]);
    await dispatch(order.id);
    const refusing = { ...createTestProcessor(), refund: async () => ({ ok: false as const, reference: null, message: 'The refund was declined.' }) };
    const result = await createReturn(t.ctx.db, () => refusing, { divisionId, hash: order.hash, lines: [{ itemId: order.items[0]!.id, quantity: 1, reason: 'faulty', resolution: 'refund' }] });
    expect(result.status).toBe(402);
    expect(result.refund).toMatchObject({ ok: false });
    expect(result.message).toMatch(/^The refund was declined\./);
    const after = await view(order.hash);
    expect(after.items[0]!.activeQuantity).toBe(1);
    // Everything went back for a fault: the item and shipping (EMB-39) were asked for, and both are recorded failed.
    expect(after.refunds.map((r) => [r.sku, r.status])).toEqual([[null, 'failed'], [SHIPPING_REFUND_SKU, 'failed']]);
    expect(after.returns).toEqual([]);
  });

  it('finds an order by number and email without telling whether it exists for another email; unknown hashes give §8 not found', async () => {
    const [v] = await product(7);
    const order = await buy('Ret.Find@example.com', [[v, 1]]);
    const client = shopper();
    let res = await client.post('/omnis/v3/returns/find/', { orderNumber: `#${order.id}`, email: ' ret.find@EXAMPLE.com ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ hash: order.hash });
    const wrongEmail = await client.post('/omnis/v3/returns/find/', { orderNumber: String(order.id), email: 'someone.else@example.com' });
    const noOrder = await client.post('/omnis/v3/returns/find/', { orderNumber: '999999', email: 'ret.find@example.com' });
    for (const r of [wrongEmail, noOrder]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ message: returnMessages.noMatch });
    }
    res = await client.post('/omnis/v3/returns/find/', { orderNumber: '', email: 'nope' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { orderNumber: ['This field is required'], email: ['Please enter a valid email address'] } });

    for (const hash of ['A'.repeat(32), 'bad']) {
      const r = await client.get(`/omnis/v3/returns/${hash}/`);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ message: returnMessages.notFound });
      const p = await postReturn(client, hash, [{ itemId: order.items[0]!.id, quantity: 1, reason: 'faulty', resolution: 'refund' }]);
      expect(p.statusCode).toBe(404);
      expect(p.json()).toEqual({ message: returnMessages.notFound });
    }
    // Another shopper's order item cannot be named in this order's return.
    const [w] = await product(8);
    const mine = await buy('ret.mine@example.com', [[w, 1]]);
    await dispatch(mine.id);
    res = await postReturn(client, mine.hash, [{ itemId: order.items[0]!.id, quantity: 1, reason: 'faulty', resolution: 'refund' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(returnMessages.itemNotInOrder);
  });
});

describe('remill', () => {
  it('awards an accepted return-a-garment request a single-use coupon, mailed to the shopper', async () => {
    const client = shopper();
    const res = await client.post('/omnis/v3/frontend/retex/remill/submit/', { email: 'Remill.Fan@example.com', division: divisionId });
    expect(res.statusCode, res.body).toBe(200);
    const { rows: coupons } = await t.ctx.db.query<{ code: string; percent_off: number; single_use: boolean; division_id: number }>(
      'select c.code, c.percent_off, c.single_use, c.division_id from remill_requests r join coupons c on c.id = r.coupon_id where r.email = $1',
      ['remill.fan@example.com'],
    );
    expect(coupons).toEqual([{ code: expect.stringMatching(/^REMILL-[A-Z2-9]{8}$/), percent_off: REMILL_COUPON_PERCENT, single_use: true, division_id: divisionId }]);
    const code = coupons[0]!.code;
    const { rows: mails } = await t.ctx.db.query<{ body_text: string; body_html: string }>('select body_text, body_html from outbox where to_address = $1', ['remill.fan@example.com']);
    expect(mails[0]!.body_text).toContain(`${REMILL_COUPON_PERCENT}% off your next order: use the code ${code} at checkout (once).`);
    expect(mails[0]!.body_html).toContain(code);

    // Asking again before using it mails the same code.
    expect((await client.post('/omnis/v3/frontend/retex/remill/submit/', { email: 'remill.fan@example.com', division: divisionId })).statusCode).toBe(200);
    const { rows: again } = await t.ctx.db.query<{ code: string }>('select c.code from remill_requests r join coupons c on c.id = r.coupon_id where r.email = $1 order by r.id', ['remill.fan@example.com']);
    expect(again.map((r) => r.code)).toEqual([code, code]);

    // It takes 10% off one order, then it is spent.
    const [v] = await product(9);
    const order = await buy('remill.fan@example.com', [[v, 1]], code);
    const { rows: paid } = await t.ctx.db.query<{ coupon_code: string; discount: number; subtotal: number }>('select coupon_code, discount, subtotal from orders where id = $1', [order.id]);
    expect(paid[0]!.coupon_code).toBe(code);
    expect(paid[0]!.discount).toBeGreaterThan(0);
    const [w] = await product(10);
    const second = shopper();
    expect((await second.post('/omnis/v3/frontend/product/addItemToCart/', { item: { productId: w.productId, productColor: w.colour, productSize: w.size }, name: 'main' })).statusCode).toBe(200);
    const quote = await second.post('/omnis/v3/checkout/quote/', { country: 'GB', coupon: code });
    expect(quote.json()).toMatchObject({ coupon: { code, applied: false, message: 'This coupon code is not valid.' } });
  });
});

