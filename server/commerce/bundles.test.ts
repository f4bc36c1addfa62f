import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { openTestContext, demoDivisionId } from '../testing/testContext';
import { TestClient } from '../auth/testClient';
import { BASKET_COOKIE } from './basket';
import { bundleMessages } from './bundles';
import { checkoutMessages } from '../orders/checkoutBasket';
import { placeOrder } from '../orders/placeOrder';
import { expireUnpaidOrders, reserveOrderStock } from '../orders/expiry';
import { paymentMessages, type PaymentProcessor } from '../payments/types';
import { TEST_CARDS } from '../payments/testProcessor';
import { BUNDLES } from '../db/seed/demoCatalogue';
import type { BasketList } from '../../src/core/api/basket';
import type { ProductDetail } from '../../src/core/catalogue';
import type { OrderView, QuoteView } from '../../src/core/api/orders';

/**
 * Bundles end to end (§3 isBundle/bundleItems, Order item parentItemId; §7 addItemToCart bundleOptions; §8):
 * the demo store's "Trail Day Set" = Summit Tee (3 colours × 6 sizes) + Market Tote Bag (2 colours, one size).
 */

let t: Awaited<ReturnType<typeof openTestContext>>;
let ip = 20;
let division: number;
let bundle: ProductDetail;

beforeAll(async () => {
  t = await openTestContext();
  division = await demoDivisionId(t.ctx.db);
  bundle = (await t.app.inject({ url: `/omnis/v3/division/${division}/products/trail-day-set/` })).json<ProductDetail>();
});
afterAll(async () => t?.close());

const ADD = '/omnis/v3/frontend/product/addItemToCart/';
const client = () => new TestClient(t.app, `198.51.100.${ip++ % 250}`);
const tee = () => bundle.bundleItems[0]!;
const tote = () => bundle.bundleItems[1]!;
const addBundle = (c: TestClient, bundleOptions: unknown, quantity?: number) =>
  c.post(ADD, { item: { productUrl: 'trail-day-set', ...(quantity ? { quantity } : {}) }, name: 'main', bundleOptions });
/** The variant id of a colour and size of a bundle item's product. */
const variantOf = (item: ProductDetail['bundleItems'][number], colour: string, size: string) =>
  item.options.find((o) => o.colourName === colour)!.sizes.find((s) => s.size === size)!.variantId;
const setStock = (variantId: number, stock: number) => t.ctx.db.query('update product_variants set stock = $2 where id = $1', [variantId, stock]);
const stockOf = async (variantId: number) => (await t.ctx.db.query<{ stock: number }>('select stock from product_variants where id = $1', [variantId])).rows[0]!.stock;
const choose = (teeColour: string, teeSize: string, toteColour: string) => [
  { bundleItemId: tee().id, productColor: teeColour, productSize: teeSize },
  { bundleItemId: tote().id, productColor: toteColour },
];

const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', street: '1 Analytical Row', city: 'London', zip: 'N1 9GU', country: 'GB' };
const placeBody = { email: 'ada@example.com', shippingAddress: ADDRESS, billingSameAsShipping: true, shippingMethod: 'uk-standard', payment: { method: 'card', card: { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' } } };
const place = (c: TestClient) => c.request('POST', '/omnis/v3/checkout/place/', placeBody, { 'idempotency-key': randomUUID() });
const orderCount = async () => (await t.ctx.db.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]!.n;

/** A Stripe-like processor: the order stays to_be_paid holding its stock. */
const pendingProcessor: PaymentProcessor = {
  name: 'test',
  methodName: () => 'Card',
  validate: () => null,
  charge: async () => ({ outcome: 'pending', reference: `pi_${randomUUID().slice(0, 8)}`, message: paymentMessages.pending }),
};

describe('a bundle product (§3 isBundle, bundleItems, derived print count)', () => {
  it('exposes isBundle and its items with names, images, colours and sizes with stock; it has no colours of its own', async () => {
    expect(bundle).toMatchObject({ name: 'Trail Day Set', urlName: 'trail-day-set', price: BUNDLES[0]!.price, isBundle: true, options: [], colours: [], sizes: [] });
    expect(bundle.bundleItems.map((i) => [i.name, i.urlName, i.quantity, i.available])).toEqual([
      ['Summit Tee', 'summit-tee', 1, true],
      ['Market Tote Bag', 'market-tote', 1, true],
    ]);
    expect(tee().colours.map((c) => c.text)).toEqual(['Heather Grey', 'Navy', 'Natural White']);
    expect(tee().options[0]!.sizes.map((s) => s.size)).toEqual(['XS', 'S', 'M', 'L', 'XL', '2XL']);
    expect(tee().image?.src).toBe('/media/mockup/tshirt/b7b9bc/mountain.svg');
    expect(tote().options.map((o) => o.sizes.map((s) => s.size))).toEqual([['One Size'], ['One Size']]);
    expect(bundle.images[0]!.src).toBe('/media/set/tshirt.b7b9bc.mountain+tote.f5f3ec.sun.svg');
    // The picture it names is drawn.
    const picture = await t.app.inject({ url: bundle.images[0]!.src });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    // Its price is below the items' own prices together.
    const { rows } = await t.ctx.db.query<{ total: number }>("select sum(price)::int as total from products where url_name in ('summit-tee', 'market-tote')");
    expect(bundle.bundleItems.reduce((sum, i) => sum + i.price * i.quantity, 0)).toBe(rows[0]!.total);
    expect(bundle.price).toBeLessThan(rows[0]!.total);
    // A plain product says it is not a bundle.
    const plain = (await t.app.inject({ url: `/omnis/v3/division/${division}/products/summit-tee/` })).json<ProductDetail>();
    expect(plain).toMatchObject({ isBundle: false, bundleItems: [], printCount: 1 });
  });

  it('print count of a bundle is the sum over its items (units counted), the same in the product API and models fetch', async () => {
    expect(bundle.printCount).toBe(2);
    const c = client();
    const fetch = async () => (await c.post('/omnis/v3/models/fetch/', { type: 'product', ids: [bundle.id], attributes: ['printCount', 'isBundle'] })).json<Record<string, unknown>>();
    expect(await fetch()).toEqual({ id: bundle.id, printCount: 2, isBundle: true });
    await t.ctx.db.query("update products set designs = '{\"front\":\"mountain\",\"back\":\"sun\"}' where url_name = 'summit-tee'");
    await t.ctx.db.query('update product_bundle_items set quantity = 2 where id = $1', [tote().id]);
    try {
      expect(await fetch()).toMatchObject({ printCount: 2 + 2 * 1 });
      const again = (await t.app.inject({ url: `/omnis/v3/division/${division}/products/trail-day-set/` })).json<ProductDetail>();
      expect(again.printCount).toBe(4);
    } finally {
      await t.ctx.db.query("update products set designs = '{\"front\":\"mountain\"}' where url_name = 'summit-tee'");
      await t.ctx.db.query('update product_bundle_items set quantity = 1 where id = $1', [tote().id]);
    }
    const items = (await c.post('/omnis/v3/models/fetch/', { type: 'product', ids: [bundle.id], attributes: ['name'], relations: ['bundleItems'] })).json<{ bundleItems: { name: string }[] }>();
    expect(items.bundleItems.map((p) => p.name)).toEqual(['Summit Tee', 'Market Tote Bag']);
  });
});

describe('addItemToCart with bundleOptions (§7 name main)', () => {
  it('needs a colour and size for every item that has a choice, with the §5.1 messages naming the item', async () => {
    const c = client();
    const none = await addBundle(c, undefined);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ message: 'Please select a colour for Summit Tee', errors: { [`bundleOptions.${tee().id}.productColor`]: ['Please select a colour'] } });
    const noSize = await addBundle(c, [{ bundleItemId: tee().id, productColor: 'Navy' }]);
    expect(noSize.statusCode).toBe(422);
    expect(noSize.json()).toEqual({ message: 'Please select a size for Summit Tee', errors: { [`bundleOptions.${tee().id}.productSize`]: ['Please select a size'] } });
    const noTote = await addBundle(c, [{ bundleItemId: tee().id, productColor: 'Navy', productSize: 'M' }]);
    expect(noTote.json().message).toBe('Please select a colour for Market Tote Bag');
    // Nothing was added by any of them.
    expect((await c.get('/omnis/v3/basket/main/list/')).json<BasketList>().items).toEqual([]);
  });

  it('refuses a colour or size the item does not have, an item not in the bundle, and a malformed shape', async () => {
    const c = client();
    const colour = await addBundle(c, choose('Purple', 'M', 'Black'));
    expect(colour.statusCode).toBe(422);
    expect(colour.json()).toMatchObject({ message: 'Summit Tee does not come in "Purple"', errors: { [`bundleOptions.${tee().id}.productColor`]: ['Summit Tee does not come in "Purple"'] } });
    const size = await addBundle(c, choose('Navy', '5XL', 'Black'));
    expect(size.json().message).toBe('Summit Tee does not come in size "5XL" in Navy');
    const stranger = await addBundle(c, [...choose('Navy', 'M', 'Black'), { bundleItemId: 999999, productColor: 'Navy' }]);
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json()).toMatchObject({ message: bundleMessages.notInBundle, errors: { bundleOptions: [bundleMessages.notInBundle] } });
    const twice = await addBundle(c, [...choose('Navy', 'M', 'Black'), { bundleItemId: tee().id, productColor: 'Navy', productSize: 'S' }]);
    expect(twice.json().message).toBe(bundleMessages.notInBundle);
    for (const shape of [{ [tee().id]: { productColor: 'Navy' } }, [{ productColor: 'Navy' }], [{ bundleItemId: tee().id, colour: 'Navy' }], 'Navy']) {
      const res = await addBundle(c, shape);
      expect(res.statusCode, JSON.stringify(shape)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await c.get('/omnis/v3/basket/main/list/')).json<BasketList>().items).toEqual([]);
  });

  it('answers the §8 "no longer available" when an item is gone, and refuses an item out of stock in the chosen size', async () => {
    const c = client();
    await t.ctx.db.query("update products set enabled = false where url_name = 'market-tote'");
    try {
      const gone = await addBundle(c, choose('Navy', 'M', 'Natural White'));
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBe('Oops... Looks like this product is no longer available');
      const page = (await t.app.inject({ url: `/omnis/v3/division/${division}/products/trail-day-set/` })).json<ProductDetail>();
      expect(page.bundleItems[1]!.available).toBe(false);
    } finally {
      await t.ctx.db.query("update products set enabled = true where url_name = 'market-tote'");
    }
    const black = variantOf(tote(), 'Black', 'One Size');
    const before = await stockOf(black);
    await setStock(black, 0);
    try {
      const empty = await addBundle(c, choose('Navy', 'M', 'Black'));
      expect(empty.statusCode).toBe(422);
      expect(empty.json().message).toBe('Sorry, Market Tote Bag is out of stock in this size');
    } finally {
      await setStock(black, before);
    }
  });

  it('lists the bundle with its price and the colour and size of each item; same choices → same line, others → another line', async () => {
    const c = client();
    const navyM = variantOf(tee(), 'Navy', 'M');
    const white = variantOf(tote(), 'Natural White', 'One Size');
    await setStock(navyM, 10);
    await setStock(white, 10);
    const first = await addBundle(c, choose('Navy', 'M', 'Natural White'));
    expect(first.statusCode, first.body).toBe(200);
    const list = first.json<BasketList>();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      name: 'Trail Day Set',
      priceIncTax: 3500,
      quantity: 1,
      options: { colour: null, size: null },
      stock: 10,
      image: '/media/set/tshirt.b7b9bc.mountain+tote.f5f3ec.sun.svg',
      bundleItems: [
        { name: 'Summit Tee', colour: 'Navy', size: 'M', quantity: 1, productUrl: 'summit-tee', image: '/media/mockup/tshirt/1e2a44/mountain.svg' },
        { name: 'Market Tote Bag', colour: 'Natural White', size: 'One Size', quantity: 1, productUrl: 'market-tote' },
      ],
    });
    // The same choices spelt differently and in another order: the same line, one more of it.
    const same = await addBundle(c, [{ bundleItemId: tote().id, productColor: 'natural white', productSize: 'one size' }, { bundleItemId: tee().id, productColor: 'NAVY', productSize: 'm' }]);
    expect(same.json<BasketList>().items.map((i) => [i.key, i.quantity])).toEqual([[list.items[0]!.key, 2]]);
    // Another size: its own line.
    const other = await addBundle(c, choose('Navy', 'L', 'Natural White'));
    const lines = other.json<BasketList>().items;
    expect(lines).toHaveLength(2);
    expect(lines[1]!.key).not.toBe(lines[0]!.key);
    expect(lines[1]!.bundleItems![0]).toMatchObject({ colour: 'Navy', size: 'L' });
    expect(other.json<BasketList>().subtotal).toBe(3 * 3500);

    // More than the items' stock allows: on add and on update.
    await setStock(navyM, 3);
    const tooMany = await addBundle(c, choose('Navy', 'M', 'Natural White'), 2);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('Sorry, only 3 sets are left with Summit Tee in this size');
    const update = await c.post('/omnis/v3/basket/update/', { key: lines[0]!.key, quantity: 4 });
    expect(update.statusCode).toBe(422);
    expect((await c.post('/omnis/v3/basket/update/', { key: lines[0]!.key, quantity: 3 })).statusCode).toBe(200);
  });

  it('ignores bundleOptions for a product that is not a bundle (same line as without)', async () => {
    const c = client();
    const plain = { productUrl: 'summit-tee', productColor: 'Navy', productSize: 'M' };
    await setStock(variantOf(tee(), 'Navy', 'M'), 10);
    const a = await c.post(ADD, { item: plain, name: 'main' });
    const b = await c.post(ADD, { item: plain, name: 'main', bundleOptions: choose('Navy', 'S', 'Black') });
    expect(b.statusCode).toBe(200);
    expect(b.json<BasketList>().items.map((i) => [i.key, i.quantity])).toEqual([[a.json<BasketList>().items[0]!.key, 2]]);
    expect(b.json<BasketList>().items[0]).not.toHaveProperty('bundleItems');
  });
});

describe('ordering a bundle', () => {
  it('makes one parent item (bundle price, its tax) and a price-0 child item per item, takes every item’s stock and shows it on the receipt', async () => {
    const c = client();
    const navyS = variantOf(tee(), 'Navy', 'S');
    const white = variantOf(tote(), 'Natural White', 'One Size');
    await setStock(navyS, 5);
    await setStock(white, 5);
    expect((await addBundle(c, choose('Navy', 'S', 'Natural White'), 2)).statusCode).toBe(200);
    const quote = (await c.post('/omnis/v3/checkout/quote/', { country: 'GB' })).json<QuoteView>();
    expect(quote.lines).toMatchObject([{ name: 'Trail Day Set', quantity: 2, lineTotal: 7000, available: true, components: [{ name: 'Summit Tee', colour: 'Navy', size: 'S', quantity: 1 }, { name: 'Market Tote Bag', colour: 'Natural White' }] }]);
    const res = await place(c);
    expect(res.statusCode, res.body).toBe(200);
    const hash = res.json<{ order: { hash: string } }>().order.hash;
    const { rows: items } = await t.ctx.db.query<Record<string, unknown>>(
      `select i.id, i.parent_item_id, i.product_id, i.variant_id, i.name, i.quantity, i.price, i.tax, i.discount, i.bundle_item_id
       from order_items i join orders o on o.id = i.order_id where o.hash = $1 order by i.id`,
      [hash],
    );
    expect(items).toHaveLength(3);
    const [parent, shirt, bag] = items;
    expect(parent).toMatchObject({ parent_item_id: null, product_id: bundle.id, variant_id: null, name: 'Trail Day Set', quantity: 2, price: 3500, tax: Math.round((7000 * 0.2) / 1.2) });
    expect(shirt).toMatchObject({ parent_item_id: parent!.id, variant_id: navyS, name: 'Summit Tee', quantity: 2, price: 0, tax: 0, discount: 0, bundle_item_id: tee().id });
    expect(bag).toMatchObject({ parent_item_id: parent!.id, variant_id: white, name: 'Market Tote Bag', quantity: 2, price: 0, tax: 0 });
    expect([await stockOf(navyS), await stockOf(white)]).toEqual([3, 3]);
    // Paid: the bundle line left the basket.
    expect((await c.get('/omnis/v3/basket/main/list/')).json<BasketList>().items).toEqual([]);

    const view = (await t.app.inject({ url: `/omnis/v3/orders/${hash}/` })).json<OrderView>();
    expect(view.items).toHaveLength(1);
    expect(view.items[0]).toMatchObject({
      name: 'Trail Day Set',
      quantity: 2,
      lineTotal: 7000,
      components: [
        { name: 'Summit Tee', colour: 'Navy', size: 'S', quantity: 1 },
        { name: 'Market Tote Bag', colour: 'Natural White', size: 'One Size', quantity: 1 },
      ],
    });
    expect(view.totals.itemsIncTax).toBe(7000);
    expect(view.vat.reduce((sum, v) => sum + v.vat, 0)).toBe(view.totals.tax);
    const mail = (await t.ctx.db.query<{ body_text: string }>('select body_text from outbox where subject like $1 order by id desc limit 1', [`Your order #${view.number} %`])).rows[0]!;
    expect(mail.body_text).toContain('2 × Trail Day Set — £70.00\n    Summit Tee (Navy, S)\n    Market Tote Bag (Natural White, One Size)');
  });

  it('a component with no stock: nothing is reserved for any line, no order is made, the shopper gets the out-of-stock answer', async () => {
    const c = client();
    const fern = (await t.ctx.db.query<{ id: number; colour_name: string; size: string }>(
      `select v.id, o.colour_name, v.size from product_variants v join product_options o on o.id = v.option_id join products p on p.id = v.product_id
       where p.url_name = 'fern-organic-tee' order by v.id limit 1`,
    )).rows[0]!;
    const navyXL = variantOf(tee(), 'Navy', 'XL');
    const black = variantOf(tote(), 'Black', 'One Size');
    await setStock(fern.id, 5);
    await setStock(navyXL, 5);
    await setStock(black, 5);
    expect((await c.post(ADD, { item: { productUrl: 'fern-organic-tee', productColor: fern.colour_name, productSize: fern.size, quantity: 2 }, name: 'main' })).statusCode).toBe(200);
    expect((await addBundle(c, choose('Navy', 'XL', 'Black'))).statusCode).toBe(200);
    await setStock(black, 0);
    const orders = await orderCount();
    const res = await place(c);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(checkoutMessages.noLongerAvailable);
    expect(await orderCount()).toBe(orders);
    expect([await stockOf(fern.id), await stockOf(navyXL), await stockOf(black)]).toEqual([5, 5, 0]);
  });

  it('units of one variant wanted by a line and by a bundle are reserved together, all or nothing (ascending variant id)', async () => {
    const c = client();
    const navyL = variantOf(tee(), 'Navy', 'L');
    const white = variantOf(tote(), 'Natural White', 'One Size');
    const fern = (await t.ctx.db.query<{ id: number; colour_name: string; size: string }>(
      `select v.id, o.colour_name, v.size from product_variants v join product_options o on o.id = v.option_id join products p on p.id = v.product_id
       where p.url_name = 'fern-organic-tee' and v.id < $1 order by v.id desc limit 1`,
      [navyL],
    )).rows[0]!;
    await setStock(fern.id, 4);
    await setStock(navyL, 1);
    await setStock(white, 4);
    // Each line fits on its own; together they want 2 Navy L of which there is 1.
    expect((await c.post(ADD, { item: { productUrl: 'fern-organic-tee', productColor: fern.colour_name, productSize: fern.size }, name: 'main' })).statusCode).toBe(200);
    expect((await c.post(ADD, { item: { productUrl: 'summit-tee', productColor: 'Navy', productSize: 'L' }, name: 'main' })).statusCode).toBe(200);
    expect((await addBundle(c, choose('Navy', 'L', 'Natural White'))).statusCode).toBe(200);
    const orders = await orderCount();
    const res = await place(c);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: checkoutMessages.noLongerAvailable });
    expect(Object.values(res.json<{ errors: Record<string, string[]> }>().errors).flat().join(' ')).toContain('Trail Day Set: Summit Tee (Navy, L): 1 left');
    expect(await orderCount()).toBe(orders);
    // The fern tee (a lower variant id, reserved first) was given back with everything else.
    expect([await stockOf(fern.id), await stockOf(navyL), await stockOf(white)]).toEqual([4, 1, 4]);
  });

  it('the expiry sweep gives every component’s units back exactly once; a late payment takes them again', async () => {
    const c = client();
    const heatherXS = variantOf(tee(), 'Heather Grey', 'XS');
    const white = variantOf(tote(), 'Natural White', 'One Size');
    await setStock(heatherXS, 6);
    await setStock(white, 6);
    expect((await addBundle(c, choose('Heather Grey', 'XS', 'Natural White'), 2)).statusCode).toBe(200);
    const outcome = await placeOrder(t.ctx.db, () => pendingProcessor, {
      basketId: c.cookies[BASKET_COOKIE]!, idempotencyKey: randomUUID(), userId: null, email: 'ada@example.com', shippingAddress: ADDRESS, billingAddress: ADDRESS,
      shippingMethod: 'uk-standard', coupon: null, payment: { method: 'card', card: { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' } }, origin: null,
    });
    expect(outcome.kind).toBe('pending');
    expect([await stockOf(heatherXS), await stockOf(white)]).toEqual([4, 4]);
    await t.ctx.db.query("update orders set created_at = now() - interval '2 hours' where id = $1", [outcome.orderId]);
    const [a, b] = await Promise.all([expireUnpaidOrders(t.ctx.db, { windowMinutes: 60 }), expireUnpaidOrders(t.ctx.db, { windowMinutes: 60 })]);
    expect([...a, ...b].filter((o) => o.id === outcome.orderId)).toHaveLength(1);
    expect([await stockOf(heatherXS), await stockOf(white)]).toEqual([6, 6]);
    await expireUnpaidOrders(t.ctx.db, { windowMinutes: 60 });
    expect([await stockOf(heatherXS), await stockOf(white)]).toEqual([6, 6]);
    // A payment that arrives late reserves the components again (the bundle's own item holds no stock).
    expect(await t.ctx.db.transaction((tx) => reserveOrderStock(tx, outcome.orderId))).toBe(true);
    expect([await stockOf(heatherXS), await stockOf(white)]).toEqual([4, 4]);
  });

  it('a bundle edited since it was put in the basket is no longer available at checkout', async () => {
    const c = client();
    await setStock(variantOf(tee(), 'Navy', 'XS'), 5);
    await setStock(variantOf(tote(), 'Natural White', 'One Size'), 5);
    expect((await addBundle(c, choose('Navy', 'XS', 'Natural White'))).statusCode).toBe(200);
    const { rows } = await t.ctx.db.query<{ id: number }>("select id from products where url_name = 'fern-tote'");
    const added = await t.ctx.db.query<{ id: number }>('insert into product_bundle_items (bundle_id, product_id, quantity, position) values ($1, $2, 1, 9) returning id', [bundle.id, rows[0]!.id]);
    try {
      const list = (await c.get('/omnis/v3/basket/main/list/')).json<BasketList>();
      expect(list.items[0]).toMatchObject({ name: 'Trail Day Set', stock: 0, bundleItems: [] });
      const res = await place(c);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(checkoutMessages.noLongerAvailable);
    } finally {
      await t.ctx.db.query('delete from product_bundle_items where id = $1', [added.rows[0]!.id]);
    }
  });
});
