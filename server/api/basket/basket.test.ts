import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestContext } from '../../testing/testContext';
import { TestClient } from '../../auth/testClient';
import type { AppContext } from '../../context';
import type { BasketList } from '../../../src/core/api/basket';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { basketMessages, loadBasket, clearBasket } from '../../commerce/basket';
import { CSRF_MESSAGE } from '../../http/csrf';

let ctx: AppContext;
let app: FastifyInstance;
let close: () => Promise<void>;
let ip = 10;

beforeAll(async () => {
  ({ ctx, app, close } = await openTestContext());
});
afterAll(async () => close?.());

const client = () => new TestClient(app, `198.51.100.${ip++}`);
const ADD = '/omnis/v3/frontend/product/addItemToCart/';
const BULK = '/omnis/v3/frontend/product/bulkAddItemsToCart/';
const shopper = DEMO_ACCOUNTS.find((a) => a.key === 'shopper')!;

/** A colour and size of a product with the given stock (the demo stock varies from 0 to 24). */
async function variantWithStock(predicate: (stock: number) => boolean, urlName = 'fern-organic-tee') {
  const { rows } = await ctx.db.query<{ colour_name: string; size: string; stock: number; price: number; sale_price: number | null; id: number }>(
    `select o.colour_name, v.size, v.stock, p.price, p.sale_price, v.id from product_variants v
     join product_options o on o.id = v.option_id join products p on p.id = v.product_id
     where p.url_name = $1 order by o.position, v.position`,
    [urlName],
  );
  const hit = rows.find((r) => predicate(r.stock));
  if (!hit) throw new Error('no such variant in the demo stock');
  return hit;
}

describe('addItemToCart and the main list', () => {
  it('adds by productUrl, sets the httpOnly basket cookie and the script-readable marker, and lists the §7 fields', async () => {
    const c = client();
    const v = await variantWithStock((s) => s >= 5);
    const res = await c.post(ADD, { item: { productUrl: 'fern-organic-tee', productColor: v.colour_name, productSize: v.size }, name: 'main' });
    expect(res.statusCode).toBe(200);
    const basketCookie = res.cookies.find((k) => k.name === 'pod_basket')!;
    expect(basketCookie.httpOnly).toBe(true);
    const marker = res.cookies.find((k) => k.name === 'pod_has_basket')!;
    expect(marker.value).toBe('1');
    expect(marker.httpOnly).toBeFalsy();
    const body = res.json<BasketList>();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ quantity: 1, name: 'Fern Organic Tee', priceIncTax: 2500, options: { colour: v.colour_name, size: v.size }, productUrl: 'fern-organic-tee' });
    expect(body.items[0]!.productUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.subtotal).toBe(2500);

    // The same colour and size again is the same line, one more of it; the list call answers the same.
    const again = await c.post(ADD, { item: { productUrl: '/product/fern-organic-tee/', productColor: v.colour_name.toUpperCase(), productSize: v.size }, name: 'main' });
    expect(again.json<BasketList>().items).toMatchObject([{ quantity: 2 }]);
    const list = await c.get('/omnis/v3/basket/main/list/');
    expect(list.json<BasketList>()).toMatchObject({ subtotal: 5000, count: 2 });
    // A product address with a broken escape names no product: unavailable, not a crash.
    const broken = await c.post(ADD, { item: { productUrl: '/product/fern%/', productColor: v.colour_name, productSize: v.size }, name: 'main' });
    expect(broken.statusCode).toBe(404);
  });

  it('adds by variant SKU, as an embedded frame names a variant (§5.2 variantId); an unknown SKU is no longer available', async () => {
    const c = client();
    const v = await variantWithStock((s) => s >= 2);
    const { rows } = await ctx.db.query<{ sku: string }>('select sku from product_variants where id = $1', [v.id]);
    const res = await c.post(ADD, { item: { variantSku: rows[0]!.sku, quantity: 2 }, name: 'main' });
    expect(res.statusCode).toBe(200);
    expect(res.json<BasketList>().items[0]).toMatchObject({ quantity: 2, options: { colour: v.colour_name, size: v.size } });
    const gone = await c.post(ADD, { item: { variantSku: 'NOPE-1' }, name: 'main' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Oops... Looks like this product is no longer available');
  });

  it('charges the sale price when it is lower, and adds by productId', async () => {
    const c = client();
    const v = await variantWithStock((s) => s > 0, 'tidal-tee');
    const { rows } = await ctx.db.query<{ id: number }>("select id from products where url_name = 'tidal-tee'");
    const res = await c.post(ADD, { item: { productId: rows[0]!.id, productColor: v.colour_name, productSize: v.size }, name: 'main' });
    expect(res.json<BasketList>().items[0]!.priceIncTax).toBe(1900);
  });

  it('refuses more than is in stock with 422 and a clear message, and out-of-stock sizes', async () => {
    const c = client();
    const v = await variantWithStock((s) => s >= 1 && s <= 5);
    const over = await c.post(ADD, { item: { productUrl: 'fern-organic-tee', productColor: v.colour_name, productSize: v.size, quantity: v.stock + 1 }, name: 'main' });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ message: basketMessages.onlyLeft(v.stock) });
    const exact = await c.post(ADD, { item: { productUrl: 'fern-organic-tee', productColor: v.colour_name, productSize: v.size, quantity: v.stock }, name: 'main' });
    expect(exact.statusCode).toBe(200);
    const oneMore = await c.post(ADD, { item: { productUrl: 'fern-organic-tee', productColor: v.colour_name, productSize: v.size }, name: 'main' });
    expect(oneMore.statusCode).toBe(422);
    const empty = await variantWithStock((s) => s === 0, 'summit-tee').catch(() => null);
    if (empty) {
      const none = await c.post(ADD, { item: { productUrl: 'summit-tee', productColor: empty.colour_name, productSize: empty.size }, name: 'main' });
      expect(none.statusCode).toBe(422);
      expect(none.json()).toMatchObject({ message: basketMessages.outOfStock });
    }
  });

  it('answers §8 "no longer available" for unknown products, colours and sizes; a missing size or colour is a 422', async () => {
    const c = client();
    for (const item of [
      { productUrl: 'no-such-product', productColor: 'Black', productSize: 'M' },
      { productUrl: 'fern-organic-tee', productColor: 'Purple', productSize: 'M' },
      { productUrl: 'fern-organic-tee', productColor: 'Black', productSize: '5XL' },
      { productId: 999999, productColor: 'Black', productSize: 'M' },
    ]) {
      const res = await c.post(ADD, { item, name: 'main' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Oops... Looks like this product is no longer available' });
    }
    const noSize = await c.post(ADD, { item: { productUrl: 'fern-organic-tee', productColor: 'Black' }, name: 'main' });
    expect(noSize.statusCode).toBe(422);
    expect(noSize.json()).toMatchObject({ errors: { productSize: ['Please select a size'] } });
    const noColour = await c.post(ADD, { item: { productUrl: 'fern-organic-tee', productSize: 'M' }, name: 'main' });
    expect(noColour.statusCode).toBe(422);
    expect(noColour.json()).toMatchObject({ errors: { productColor: ['Please select a colour'] } });
  });

  it('validates input (422) and requires the anti-forgery token (403)', async () => {
    const c = client();
    for (const body of [{}, { item: {}, name: 'main' }, { item: { productUrl: 'x' }, name: 'cart' }, { item: { productId: 'abc' }, name: 'main' }, { item: { productUrl: 'x', quantity: 0 }, name: 'main' }]) {
      const res = await c.post(ADD, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const forged = await app.inject({ method: 'POST', url: ADD, payload: { item: { productUrl: 'fern-organic-tee' }, name: 'favourites' } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ message: CSRF_MESSAGE });
    for (const url of ['/omnis/v3/basket/remove/', '/omnis/v3/basket/update/', BULK, '/omnis/v3/basket/favourites/recover/', '/omnis/v3/basket/favourites/email-for-later']) {
      expect((await app.inject({ method: 'POST', url, payload: {} })).statusCode, url).toBe(403);
    }
  });

  it('lists nothing (200, no cookie) for a new visitor', async () => {
    const res = await client().get('/omnis/v3/basket/main/list/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], subtotal: 0, count: 0 });
    expect(res.cookies.find((k) => k.name === 'pod_basket')).toBeUndefined();
  });
});

describe('basket/update and basket/remove', () => {
  it('sets quantities within stock, 0 removes, and remove takes a line out', async () => {
    const c = client();
    const a = await variantWithStock((s) => s >= 3);
    const b = await variantWithStock((s) => s >= 1, 'market-tote');
    await c.post(ADD, { item: { productUrl: 'fern-organic-tee', productColor: a.colour_name, productSize: a.size }, name: 'main' });
    const added = (await c.post(ADD, { item: { productUrl: 'market-tote', productColor: b.colour_name, productSize: b.size }, name: 'main' })).json<BasketList>();
    const [first, second] = added.items;

    const up = await c.post('/omnis/v3/basket/update/', { key: first!.key, quantity: 3 });
    expect(up.statusCode).toBe(200);
    expect(up.json<BasketList>().items.find((i) => i.key === first!.key)!.quantity).toBe(3);
    expect(up.json<BasketList>().subtotal).toBe(3 * 2500 + 1500);

    const tooMany = await c.post('/omnis/v3/basket/update/', { key: first!.key, quantity: a.stock + 1 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ message: basketMessages.onlyLeft(a.stock) });

    const negative = await c.post('/omnis/v3/basket/update/', { key: first!.key, quantity: -1 });
    expect(negative.statusCode).toBe(422);
    const unknown = await c.post('/omnis/v3/basket/update/', { key: 'nope', quantity: 1 });
    expect(unknown.statusCode).toBe(404);

    const zero = await c.post('/omnis/v3/basket/update/', { key: first!.key, quantity: 0 });
    expect(zero.json<BasketList>().items.map((i) => i.key)).toEqual([second!.key]);
    const removed = await c.post('/omnis/v3/basket/remove/', { key: second!.key, name: 'main' });
    expect(removed.json<BasketList>()).toEqual({ items: [], subtotal: 0, count: 0 });
    expect((await c.post('/omnis/v3/basket/remove/', { name: 'main' })).statusCode).toBe(422);
  });
});

describe('bulkAddItemsToCart', () => {
  it('adds what it can, says how many, and answers 400 "No items were added to basket" when none could be', async () => {
    const c = client();
    const ok = await variantWithStock((s) => s >= 1, 'fern-tote');
    const res = await c.post(BULK, {
      name: 'main',
      items: [
        { productUrl: 'fern-tote', productColor: ok.colour_name, productSize: ok.size },
        { productUrl: 'gone', productColor: 'Black', productSize: 'M' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<BasketList>()).toMatchObject({ count: 1, message: '1 of 2 items were added to basket' });
    const none = await c.post(BULK, { name: 'main', items: [{ productUrl: 'gone' }] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'No items were added to basket' });
    expect((await c.post(BULK, { name: 'main', items: [] })).statusCode).toBe(400);
    expect((await c.post(BULK, { name: 'main', items: 'x' })).statusCode).toBe(422);
  });
});

describe('favourites', () => {
  it('keeps one of each without a size, lists, recovers by share token and mails it for later', async () => {
    const c = client();
    const first = await c.post(ADD, { item: { productUrl: 'evergreen-hoodie', productColor: 'Black' }, name: 'favourites' });
    expect(first.statusCode).toBe(200);
    await c.post(ADD, { item: { productUrl: 'evergreen-hoodie', productColor: 'Black' }, name: 'favourites' });
    await c.post(ADD, { item: { productUrl: 'market-tote' }, name: 'favourites' });
    const list = (await c.get('/omnis/v3/basket/favourites/list/')).json<BasketList>();
    expect(list.items.map((i) => [i.name, i.quantity, i.options.size])).toEqual([
      ['Evergreen Hoodie', 1, null],
      ['Market Tote Bag', 1, null],
    ]);
    // Favourites do not touch the main list.
    expect((await c.get('/omnis/v3/basket/main/list/')).json<BasketList>().items).toEqual([]);

    const bad = await c.post('/omnis/v3/basket/favourites/email-for-later', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { email: ['Please enter a valid email address'] } });
    const mailed = await c.post('/omnis/v3/basket/favourites/email-for-later', { email: 'Later@Example.com' });
    expect(mailed.statusCode).toBe(200);
    const { rows } = await ctx.db.query<{ to_address: string; body_text: string }>("select to_address, body_text from outbox where to_address = 'later@example.com'");
    expect(rows).toHaveLength(1);
    const br = /br=([A-Za-z0-9_-]+)/.exec(rows[0]!.body_text)![1]!;
    expect(rows[0]!.body_text).toContain('Evergreen Hoodie (Black)');

    const other = client();
    const recovered = await other.post('/omnis/v3/basket/favourites/recover/', { br });
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json<BasketList>().items.map((i) => i.name)).toEqual(['Evergreen Hoodie', 'Market Tote Bag']);
    expect((await other.post('/omnis/v3/basket/favourites/recover/', { br: 'unknown-token' })).statusCode).toBe(404);
    expect((await other.post('/omnis/v3/basket/favourites/recover/', {})).statusCode).toBe(422);

    const emptyMail = await client().post('/omnis/v3/basket/favourites/email-for-later/', { email: 'a@example.com' });
    expect(emptyMail.statusCode).toBe(422);
    expect(emptyMail.json()).toMatchObject({ message: basketMessages.favouritesEmpty });

    // Move to basket: the favourites without a size cannot be added to the main list → §8 message.
    const move = await c.post(BULK, { name: 'main', items: list.items.filter((i) => i.name === 'Evergreen Hoodie').map((i) => ({ productUrl: i.productUrl, productColor: i.productColor })) });
    expect(move.statusCode).toBe(400);
    expect(move.json()).toEqual({ message: 'No items were added to basket' });
  });
});

describe('a signed-in shopper’s basket follows them', () => {
  it('claims the cookie basket at the first call after login and finds it again from another browser', async () => {
    const phone = client();
    const v = await variantWithStock((s) => s >= 2, 'starry-tote');
    await phone.post(ADD, { item: { productUrl: 'starry-tote', productColor: v.colour_name, productSize: v.size }, name: 'main' });
    await phone.login(shopper.email, shopper.password);
    expect((await phone.get('/omnis/v3/basket/main/list/')).json<BasketList>().count).toBe(1);

    const laptop = client();
    await laptop.login(shopper.email, shopper.password);
    const list = await laptop.get('/omnis/v3/basket/main/list/');
    expect(list.json<BasketList>().items.map((i) => i.name)).toEqual(['Starry Tote Bag']);
    expect(list.cookies.find((k) => k.name === 'pod_basket')).toBeDefined();

    // After signing out, the shared computer does not show the shopper's basket to the next visitor.
    await laptop.post('/omnis/v3/dashboard/secure/logout/');
    expect((await laptop.get('/omnis/v3/basket/main/list/')).json<BasketList>().items).toEqual([]);
  });
});

describe('repository for checkout', () => {
  it('loadBasket gives unit prices and stock; clearBasket empties one list', async () => {
    const c = client();
    const v = await variantWithStock((s) => s >= 1, 'coastline-hoodie');
    const res = await c.post(ADD, { item: { productUrl: 'coastline-hoodie', productColor: v.colour_name, productSize: v.size }, name: 'main' });
    await c.post(ADD, { item: { productUrl: 'coastline-hoodie', productColor: v.colour_name }, name: 'favourites' });
    const id = res.cookies.find((k) => k.name === 'pod_basket')!.value;
    const lines = await loadBasket(ctx.db, id, 'main');
    expect(lines).toMatchObject([{ name: 'Coastline Hoodie', unitPrice: 3900, quantity: 1, vatRate: 1, colour: v.colour_name, size: v.size, stock: v.stock, variantId: v.id }]);
    await clearBasket(ctx.db, id, 'main');
    expect(await loadBasket(ctx.db, id, 'main')).toEqual([]);
    expect(await loadBasket(ctx.db, id, 'favourites')).toHaveLength(1);
  });
});
