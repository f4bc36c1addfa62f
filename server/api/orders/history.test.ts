import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { openTestContext } from '../../testing/testContext';
import { TestClient } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { TEST_CARDS } from '../../payments/testProcessor';
import { apiMessages } from '../../http/errors';
import type { OrderView } from '../../../src/core/api/orders';
import type { OrderHistoryView } from '../../../src/core/api/orderHistory';
import type { BasketList } from '../../../src/core/api/basket';

let t: Awaited<ReturnType<typeof openTestContext>>;
let ip = 20;
const SHOPPER = DEMO_ACCOUNTS[2];
beforeAll(async () => {
  t = await openTestContext();
}, 300_000);
afterAll(async () => t?.close());

async function variant(offset: number) {
  const { rows } = await t.ctx.db.query<Record<string, unknown>>(
    `select v.id, p.id as product_id, o.colour_name, v.size from product_variants v
     join products p on p.id = v.product_id join product_options o on o.id = v.option_id
     where p.enabled and p.enable_add_to_cart and not p.is_bundle order by v.id offset $1 limit 1`,
    [offset],
  );
  const r = rows[0]!;
  await t.ctx.db.query('update product_variants set stock = 50 where id = $1', [r.id]);
  return { id: r.id as number, productId: r.product_id as number, colour: r.colour_name as string, size: r.size as string };
}

/** A shopper buys one unit of each variant with `email`; answers the order's hash and the client. */
async function buy(email: string, ...offsets: number[]) {
  const client = new TestClient(t.app, `198.51.100.${ip++}`);
  for (const offset of offsets) {
    const v = await variant(offset);
    expect((await client.post('/omnis/v3/frontend/product/addItemToCart/', { item: { productId: v.productId, productColor: v.colour, productSize: v.size }, name: 'main' })).statusCode).toBe(200);
  }
  const res = await client.request(
    'POST',
    '/omnis/v3/checkout/place/',
    {
      email,
      shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', street: '1 Analytical Row', city: 'London', zip: 'N1 9GU', country: 'GB' },
      billingSameAsShipping: true,
      shippingMethod: 'uk-standard',
      payment: { method: 'card', card: { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' } },
    },
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(200);
  return { hash: res.json<{ order: { hash: string } }>().order.hash, client };
}

const receipt = async (hash: string) => (await t.app.inject({ url: `/omnis/v3/orders/${hash}/` })).json<OrderView>();
const history = (hash: string) => t.app.inject({ url: `/omnis/v3/order-history/${hash}/` });

describe('order history', () => {
  it('lists every order of the shopper (newest first) from the receipt link, and nothing of another shopper', async () => {
    const first = await buy('Hist.One@example.com', 0);
    const second = await buy('hist.one@example.com', 1, 2);
    const other = await buy('hist.two@example.com', 3);
    const a = await receipt(first.hash);
    const b = await receipt(second.hash);
    expect(a.customerHash).toBeTruthy();
    expect(b.customerHash).toBe(a.customerHash);
    const mine = await history(a.customerHash!);
    expect(mine.statusCode).toBe(200);
    const view = mine.json<OrderHistoryView>();
    expect(view.email).toBe('hist.one@example.com');
    expect(view.orders.map((o) => o.hash)).toEqual([second.hash, first.hash]);
    expect(view.orders[0]).toMatchObject({ status: 'paid', statusLabel: 'Paid', total: b.totals.total, currency: 'GBP', progressKind: 'normal' });
    expect(view.orders[0]!.progress).toBe(b.progress);
    expect(view.orders[0]!.items).toHaveLength(2);
    expect(view.orders[0]!.items[0]).toMatchObject({ quantity: 1, activeQuantity: 1 });

    // The order confirmation links to the history too.
    const { rows: mails } = await t.ctx.db.query<{ body_text: string; body_html: string }>('select body_text, body_html from outbox where to_address = $1 order by id', ['hist.one@example.com']);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.at(-1)!.body_text).toContain(`/order-history/${a.customerHash}`);
    expect(mails.at(-1)!.body_html).toContain(`/order-history/${a.customerHash}`);

    const theirs = (await receipt(other.hash)).customerHash!;
    expect(theirs).not.toBe(a.customerHash);
    const their = (await history(theirs)).json<OrderHistoryView>();
    expect(their.orders.map((o) => o.hash)).toEqual([other.hash]);
    expect(JSON.stringify(their)).not.toContain('hist.one');
  });

  it('answers an unknown or malformed hash with §8 "404 Not found"', async () => {
    for (const hash of ['A'.repeat(24), 'nope', '..%2F..%2Fetc']) {
      const res = await history(hash);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: apiMessages.notFound });
    }
  });

  it('reorders through bulkAddItemsToCart and names the positions no longer available', async () => {
    const { hash } = await buy('hist.three@example.com', 4, 100);
    const view = (await history((await receipt(hash)).customerHash!)).json<OrderHistoryView>();
    const items = view.orders[0]!.items;
    // The second product is withdrawn since.
    await t.ctx.db.query('update products set enabled = false where id = $1', [items[1]!.productId]);
    try {
      const shopper = new TestClient(t.app, `198.51.100.${ip++}`);
      const body = { name: 'main', items: items.map((i) => ({ productId: i.productId, productColor: i.colour, productSize: i.size, quantity: i.activeQuantity })) };
      const res = await shopper.post('/omnis/v3/frontend/product/bulkAddItemsToCart/', body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<BasketList>()).toMatchObject({ count: 1, message: '1 of 2 items were added to basket', unavailable: [1] });
    } finally {
      await t.ctx.db.query('update products set enabled = true where id = $1', [items[1]!.productId]);
    }
  });

  it('gives a signed-in, verified shopper their own history hash ("My orders")', async () => {
    const { hash } = await buy(SHOPPER.email, 6);
    const client = new TestClient(t.app, `198.51.100.${ip++}`);
    expect((await client.get('/omnis/v3/order-history/')).statusCode).toBe(401);
    await client.login(SHOPPER.email, SHOPPER.password);
    const res = await client.get('/omnis/v3/order-history/');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ hash: string }>().hash).toBe((await receipt(hash)).customerHash);
  });
});
