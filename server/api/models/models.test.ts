import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { openTestContext } from '../../testing/testContext';
import { TestClient, createStoreOwner } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { PRINT_COST, garmentCost } from '../stats/costModel';
import { MAX_IDS, accessTable, modelMessages } from '../../models/registry';

const FETCH = '/omnis/v3/models/fetch/';
type Model = Record<string, unknown>;
type ErrorBody = { message: string; errors?: Record<string, string[]> };

let t: Awaited<ReturnType<typeof openTestContext>>;
let ip = 1;
const client = () => new TestClient(t.app, `198.51.100.${ip++}`);

const account = (key: 'owner' | 'staff' | 'shopper') => DEMO_ACCOUNTS.find((a) => a.key === key)!;
const clients = {} as Record<'anon' | 'shopper' | 'otherShopper' | 'owner' | 'otherOwner' | 'staff', TestClient>;
const ids = {} as {
  demo: number;
  otherStore: number;
  shopper: number;
  otherShopper: number;
  fern: number;
  tidal: number;
  otherProduct: number;
  disabled: number;
  shopperOrder: number;
  otherShopperOrder: number;
  otherStoreOrder: number;
};

const one = async <T>(sql: string, params: unknown[] = []) => (await t.ctx.db.query<T>(sql, params)).rows[0]!;

/** An order written straight to the tables (the checkout itself is tested in server/api/checkout). */
async function insertOrder(divisionId: number, userId: number | null, email: string, productId: number): Promise<number> {
  const address = JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', street: '1 Analytical Row', city: 'London', zip: 'N1 9GU', country: 'GB', email });
  const { id } = await one<{ id: number }>(
    `insert into orders (hash, division_id, user_id, email, status, subtotal, shipping, shipping_tax, goods_tax, total, billing_address, shipping_address,
                         shipping_method, payment_method, payment_processor, payment_reference, basket_id, idempotency_key)
     values ($1, $2, $3, $4, 'paid', 2083, 329, 66, 417, 2895, $5, $5, 'uk-standard', 'card', 'test', $6, $7, $8) returning id`,
    [randomUUID().replace(/-/g, ''), divisionId, userId, email, address, `ch_${randomUUID()}`, randomUUID(), randomUUID()],
  );
  await t.ctx.db.query(
    `insert into order_items (order_id, product_id, name, sku, options, quantity, price, vat_rate, tax) values ($1, $2, 'Fern Organic Tee', 'FT-001-f5f3ec-M', '{"colour":"Natural White","size":"M"}', 1, 2500, 1, 417)`,
    [id, productId],
  );
  await t.ctx.db.query(
    `insert into payment_attempts (order_id, is_successful, message, payment_method_name, processor, processor_reference, amount) values
       ($1, false, 'Your card was declined.', 'card', 'test', 'ch_declined', 2895), ($1, true, 'Paid', 'card', 'test', 'ch_paid', 2895)`,
    [id],
  );
  await t.ctx.db.query(
    `insert into order_status_logs (order_id, status, previous_status, note) values ($1, 'pending_payment', null, null), ($1, 'paid', 'pending_payment', 'charge ch_paid')`,
    [id],
  );
  return id;
}

beforeAll(async () => {
  t = await openTestContext();
  const db = t.ctx.db;
  ids.demo = (await one<{ id: number }>("select id from divisions where code = 'demo'")).id;
  const product = async (urlName: string) => (await one<{ id: number }>('select id from products where url_name = $1', [urlName])).id;
  ids.fern = await product('fern-organic-tee');
  ids.tidal = await product('tidal-tee');
  ids.disabled = await product('summit-tee');
  await db.query('update products set enabled = false where id = $1', [ids.disabled]);

  clients.anon = client();
  clients.shopper = client();
  await clients.shopper.login(account('shopper').email, account('shopper').password);
  clients.owner = client();
  await clients.owner.login(account('owner').email, account('owner').password);
  clients.staff = client();
  await clients.staff.login(account('staff').email, account('staff').password);
  clients.otherOwner = client();
  ids.otherStore = await createStoreOwner(clients.otherOwner, db, { email: 'other-owner@example.com', password: 'other-owner-password' });
  clients.otherShopper = client();
  const signUp = await clients.otherShopper.post('/omnis/v3/shop/customer/create/', { email: 'other-shopper@example.com', password: 'other-shopper-password', should_have_store: 0 });
  expect(signUp.statusCode, signUp.body).toBe(201);

  ids.shopper = (await one<{ id: number }>('select id from users where email = $1', [account('shopper').email])).id;
  ids.otherShopper = (await one<{ id: number }>("select id from users where email = 'other-shopper@example.com'")).id;
  ids.otherProduct = (
    await one<{ id: number }>(
      `insert into products (uuid, division_id, sku, name, url_name, type, price) values ($1, $2, 'OS-001', 'Other Store Hoodie', 'other-store-hoodie', 'hoodie', 4000) returning id`,
      [randomUUID(), ids.otherStore],
    )
  ).id;
  ids.shopperOrder = await insertOrder(ids.demo, ids.shopper, account('shopper').email, ids.fern);
  ids.otherShopperOrder = await insertOrder(ids.demo, ids.otherShopper, 'other-shopper@example.com', ids.fern);
  ids.otherStoreOrder = await insertOrder(ids.otherStore, null, 'guest@example.com', ids.otherProduct);
});

afterAll(async () => t?.close());

const fetchAs = (who: TestClient, body: unknown) => who.post(FETCH, body);
const json = <T>(res: LightMyRequestResponse) => res.json() as T;

describe('POST /omnis/v3/models/fetch/ — shape', () => {
  it('answers one model (not a list) for a single id and a list, in the asked order, for several', async () => {
    const single = await fetchAs(clients.anon, { type: 'product', ids: [ids.fern] });
    expect(single.statusCode).toBe(200);
    const fern = json<Model>(single);
    expect(Array.isArray(fern)).toBe(false);
    expect(fern).toMatchObject({ id: ids.fern, name: 'Fern Organic Tee', urlName: 'fern-organic-tee', sku: 'FT-001', price: 2500, onSale: false, vatRate: 1, enabled: true });

    const several = await fetchAs(clients.anon, { type: 'product', ids: [ids.tidal, 987654, ids.fern, ids.tidal] });
    expect(several.statusCode).toBe(200);
    const list = json<Model[]>(several);
    expect(list.map((p) => p.id)).toEqual([ids.tidal, ids.fern]);
    expect(list[0]).toMatchObject({ salePrice: 1900, onSale: true });
  });

  it('answers 404 for a single unknown id and [] for no ids', async () => {
    const res = await fetchAs(clients.anon, { type: 'product', ids: [987654] });
    expect(res.statusCode).toBe(404);
    expect(json<ErrorBody>(res).message).toBe('Product not found');
    const none = await fetchAs(clients.anon, { type: 'product', ids: [] });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it('returns only the attributes asked for (plus id), in camelCase or snake_case', async () => {
    const res = await fetchAs(clients.anon, { type: 'product', ids: [ids.fern, ids.tidal], attributes: ['name', 'url_name', 'salePrice'] });
    expect(res.statusCode).toBe(200);
    expect(json<Model[]>(res)).toEqual([
      { id: ids.fern, name: 'Fern Organic Tee', urlName: 'fern-organic-tee', salePrice: null },
      { id: ids.tidal, name: 'Tidal Tee', urlName: 'tidal-tee', salePrice: 1900 },
    ]);
  });

  it('knows the models the storefront and dashboard read', () => {
    expect(Object.keys(accessTable()).sort()).toEqual(
      ['blog_post', 'collection', 'division', 'order', 'order_item', 'page', 'payment_attempt', 'product', 'product_variant', 'status_log', 'user', 'customer', 'manufacturer', 'factory_label'].sort(),
    );
  });
});

describe('POST /omnis/v3/models/fetch/ — product fields', () => {
  it('leaves cost fields out for shoppers and 403s when a shopper names one', async () => {
    for (const who of [clients.anon, clients.shopper]) {
      const plain = json<Model>(await fetchAs(who, { type: 'product', ids: [ids.fern] }));
      expect(plain).not.toHaveProperty('baseCost');
      expect(plain).not.toHaveProperty('printCosts');
      const asked = await fetchAs(who, { type: 'product', ids: [ids.fern], attributes: ['name', 'baseCost'] });
      expect(asked.statusCode).toBe(403);
      expect(json<ErrorBody>(asked).message).toBe(modelMessages.forbidden('product', 'baseCost'));
      expect(json<ErrorBody>(asked).message).toContain('baseCost');
    }
  });

  it('gives the store owner and staff the cost fields of the store’s products', async () => {
    const expected = { baseCost: garmentCost('tshirt'), printCosts: { perPrint: PRINT_COST, prints: 1, total: PRINT_COST } };
    for (const who of [clients.owner, clients.staff]) {
      const res = await fetchAs(who, { type: 'product', ids: [ids.fern], attributes: ['baseCost', 'printCosts'] });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<Model>(res)).toEqual({ id: ids.fern, ...expected });
    }
    const all = json<Model>(await fetchAs(clients.owner, { type: 'product', ids: [ids.fern] }));
    expect(all).toMatchObject({ name: 'Fern Organic Tee', ...expected });
  });

  it('refuses another store’s cost fields to an owner, who still reads their own', async () => {
    const foreign = await fetchAs(clients.otherOwner, { type: 'product', ids: [ids.fern], attributes: ['baseCost'] });
    expect(foreign.statusCode).toBe(403);
    expect(json<ErrorBody>(foreign).message).toContain('baseCost');
    const mixed = await fetchAs(clients.owner, { type: 'product', ids: [ids.fern, ids.otherProduct], attributes: ['baseCost'] });
    expect(mixed.statusCode).toBe(403);
    const own = await fetchAs(clients.otherOwner, { type: 'product', ids: [ids.otherProduct], attributes: ['name', 'baseCost'] });
    expect(own.statusCode).toBe(200);
    expect(json<Model>(own)).toEqual({ id: ids.otherProduct, name: 'Other Store Hoodie', baseCost: garmentCost('hoodie') });
    // Without attributes each row carries what the viewer may read of it.
    const list = json<Model[]>(await fetchAs(clients.owner, { type: 'product', ids: [ids.fern, ids.otherProduct] }));
    expect(list[0]).toHaveProperty('baseCost');
    expect(list[1]).not.toHaveProperty('baseCost');
  });

  it('hides disabled products from shoppers but not from their store', async () => {
    expect((await fetchAs(clients.anon, { type: 'product', ids: [ids.disabled] })).statusCode).toBe(404);
    expect((await fetchAs(clients.otherOwner, { type: 'product', ids: [ids.disabled] })).statusCode).toBe(404);
    const owner = await fetchAs(clients.owner, { type: 'product', ids: [ids.disabled] });
    expect(owner.statusCode).toBe(200);
    expect(json<Model>(owner)).toMatchObject({ urlName: 'summit-tee', enabled: false });
  });
});

describe('POST /omnis/v3/models/fetch/ — orders', () => {
  it('lets a shopper read their own order only', async () => {
    const own = await fetchAs(clients.shopper, { type: 'order', ids: [ids.shopperOrder] });
    expect(own.statusCode).toBe(200);
    expect(json<Model>(own)).toMatchObject({ id: ids.shopperOrder, status: 'paid', total: 2895, customerId: ids.shopper, email: account('shopper').email });
    expect(json<Model>(own)).not.toHaveProperty('paymentTransaction');
    expect(json<Model>(own)).not.toHaveProperty('basketId');

    const other = await fetchAs(clients.shopper, { type: 'order', ids: [ids.otherShopperOrder] });
    expect(other.statusCode).toBe(404);
    expect(json<ErrorBody>(other).message).toBe('Order not found');
    const list = json<Model[]>(await fetchAs(clients.shopper, { type: 'order', ids: [ids.otherShopperOrder, ids.shopperOrder, ids.otherStoreOrder] }));
    expect(list.map((o) => o.id)).toEqual([ids.shopperOrder]);
    expect((await fetchAs(clients.anon, { type: 'order', ids: [ids.shopperOrder] })).statusCode).toBe(404);
    expect((await fetchAs(clients.otherShopper, { type: 'order', ids: [ids.shopperOrder] })).statusCode).toBe(404);
  });

  it('lets the store read its orders and staff read every order', async () => {
    const owner = json<Model[]>(await fetchAs(clients.owner, { type: 'order', ids: [ids.shopperOrder, ids.otherShopperOrder, ids.otherStoreOrder] }));
    expect(owner.map((o) => o.id)).toEqual([ids.shopperOrder, ids.otherShopperOrder]);
    expect(owner[0]).toMatchObject({ paymentProcessor: 'test' });
    expect(owner[0]).not.toHaveProperty('paymentTransaction');
    expect(json<Model[]>(await fetchAs(clients.otherOwner, { type: 'order', ids: [ids.shopperOrder, ids.otherStoreOrder] })).map((o) => o.id)).toEqual([ids.otherStoreOrder]);

    const staff = json<Model[]>(await fetchAs(clients.staff, { type: 'order', ids: [ids.shopperOrder, ids.otherShopperOrder, ids.otherStoreOrder] }));
    expect(staff).toHaveLength(3);
    expect(staff[0]!.paymentTransaction).toMatch(/^ch_/);
    expect(staff[0]).not.toHaveProperty('basketId');
  });

  it('403s fields above the viewer’s level, and secrets for everyone', async () => {
    const shopper = await fetchAs(clients.shopper, { type: 'order', ids: [ids.shopperOrder], attributes: ['total', 'paymentTransaction'] });
    expect(shopper.statusCode).toBe(403);
    expect(json<ErrorBody>(shopper).message).toContain('paymentTransaction');
    expect((await fetchAs(clients.owner, { type: 'order', ids: [ids.shopperOrder], attributes: ['paymentTransaction'] })).statusCode).toBe(403);
    expect((await fetchAs(clients.staff, { type: 'order', ids: [ids.shopperOrder], attributes: ['paymentTransaction'] })).statusCode).toBe(200);
    const basket = await fetchAs(clients.staff, { type: 'order', ids: [ids.shopperOrder], attributes: ['basket_id'] });
    expect(basket.statusCode).toBe(403);
    expect(json<ErrorBody>(basket).message).toContain('basketId');
  });

  it('embeds items, payment attempts and status log records under the same rules', async () => {
    const body = { type: 'order', ids: [ids.shopperOrder], relations: ['items', 'payment_attempts', 'statusLogRecords', 'customer'] };
    const shopper = json<Model & { items: Model[]; paymentAttempts: Model[]; statusLogRecords: Model[]; customer: Model }>(await fetchAs(clients.shopper, body));
    expect(shopper.items).toEqual([expect.objectContaining({ orderId: ids.shopperOrder, sku: 'FT-001-f5f3ec-M', quantity: 1, price: 2500, vatRate: 1 })]);
    expect(shopper.paymentAttempts.map((a) => [a.isSuccessful, a.message])).toEqual([
      [false, 'Your card was declined.'],
      [true, 'Paid'],
    ]);
    expect(shopper.paymentAttempts[0]).not.toHaveProperty('processor');
    expect(shopper.paymentAttempts[0]).not.toHaveProperty('processorReference');
    expect(shopper.statusLogRecords.map((s) => s.status)).toEqual(['pending_payment', 'paid']);
    expect(shopper.statusLogRecords[1]).not.toHaveProperty('note');
    expect(shopper.customer).toMatchObject({ id: ids.shopper, email: account('shopper').email });

    const owner = json<typeof shopper>(await fetchAs(clients.owner, body));
    expect(owner.paymentAttempts[0]).toMatchObject({ processor: 'test' });
    expect(owner.paymentAttempts[0]).not.toHaveProperty('processorReference');
    expect(owner.statusLogRecords[1]).toMatchObject({ note: 'charge ch_paid' });
    // The store sees its order, not the customer's account.
    expect(owner.customer).toBeNull();

    const staff = json<typeof shopper>(await fetchAs(clients.staff, body));
    expect(staff.paymentAttempts[1]).toMatchObject({ processorReference: 'ch_paid' });
    expect(staff.customer).toMatchObject({ id: ids.shopper, internal: false });
  });

  it('follows nested relations and applies each model’s rules to them', async () => {
    await t.ctx.db.query('update products set enabled = false where id = $1', [ids.fern]);
    try {
      const body = { type: 'order', ids: [ids.shopperOrder], relations: ['items.product'] };
      const shopper = json<{ items: Model[] }>(await fetchAs(clients.shopper, body));
      // The product is disabled: a shopper no longer sees it, its store does (with its costs).
      expect(shopper.items[0]!.product).toBeNull();
      const owner = json<{ items: Model[] }>(await fetchAs(clients.owner, body));
      expect(owner.items[0]!.product).toMatchObject({ id: ids.fern, baseCost: garmentCost('tshirt') });
    } finally {
      await t.ctx.db.query('update products set enabled = true where id = $1', [ids.fern]);
    }
    const order = json<{ items: { id: number }[] }>(await fetchAs(clients.shopper, { type: 'order', ids: [ids.shopperOrder], relations: ['items'] }));
    const item = await fetchAs(clients.shopper, { type: 'order_item', ids: [order.items[0]!.id], relations: ['order'] });
    expect(json<{ order: Model }>(item).order).toMatchObject({ id: ids.shopperOrder });
    expect((await fetchAs(clients.otherShopper, { type: 'order_item', ids: [order.items[0]!.id] })).statusCode).toBe(404);
  });

  it('embeds a product’s collections and variants for anyone', async () => {
    const fern = json<{ collections: Model[]; variants: Model[] }>(await fetchAs(clients.anon, { type: 'product', ids: [ids.fern], relations: ['collections', 'variants'] }));
    expect(fern.collections.map((c) => c.urlName)).toEqual(['t-shirts']);
    expect(fern.variants).toHaveLength(4 * 6);
    expect(fern.variants[0]).toMatchObject({ sku: 'FT-001-f5f3ec-XS', colour: 'Natural White', size: 'XS' });
  });
});

describe('POST /omnis/v3/models/fetch/ — users, pages, stores', () => {
  it('never returns secrets, and lets a user read only their own record', async () => {
    const own = await fetchAs(clients.shopper, { type: 'user', ids: [ids.shopper] });
    expect(own.statusCode).toBe(200);
    expect(json<Model>(own)).toMatchObject({ id: ids.shopper, email: account('shopper').email, verified: true, twoFactorAuthEnabled: false });
    expect(json<Model>(own)).not.toHaveProperty('internal');
    expect((await fetchAs(clients.shopper, { type: 'user', ids: [ids.otherShopper] })).statusCode).toBe(404);
    expect((await fetchAs(clients.owner, { type: 'user', ids: [ids.shopper] })).statusCode).toBe(404);

    const staff = await fetchAs(clients.staff, { type: 'user', ids: [ids.shopper, ids.otherShopper], relations: ['orders'] });
    expect(staff.statusCode).toBe(200);
    expect(json<Model[]>(staff).map((u) => u.internal)).toEqual([false, false]);
    expect(json<{ orders: Model[] }[]>(staff)[0]!.orders.map((o) => o.id)).toEqual([ids.shopperOrder]);
    expect(staff.body).not.toMatch(/argon2|password|secret/i);

    for (const secret of ['password', 'password_hash', 'twoFactorSecret', 'recovery_codes', 'sessions', 'tokens']) {
      const res = await fetchAs(clients.staff, { type: 'user', ids: [ids.shopper], attributes: ['email', secret] });
      expect(res.statusCode, secret).toBe(403);
    }
    expect((await fetchAs(clients.shopper, { type: 'user', ids: [ids.shopper], attributes: ['internal'] })).statusCode).toBe(403);
  });

  it('shows unpublished pages to their store only', async () => {
    const { id } = await one<{ id: number }>(
      `insert into pages (uuid, division_id, url, published, properties) values ($1, $2, '/draft/', false, '{"title":"Draft"}') returning id`,
      [randomUUID(), ids.demo],
    );
    expect((await fetchAs(clients.anon, { type: 'page', ids: [id] })).statusCode).toBe(404);
    expect((await fetchAs(clients.otherOwner, { type: 'page', ids: [id] })).statusCode).toBe(404);
    const owner = await fetchAs(clients.owner, { type: 'page', ids: [id], attributes: ['url', 'published'] });
    expect(json<Model>(owner)).toEqual({ id, url: '/draft/', published: false });
    const home = await one<{ id: number }>("select id from pages where division_id = $1 and url = '/'", [ids.demo]);
    const anon = json<Model>(await fetchAs(clients.anon, { type: 'page', ids: [home.id] }));
    expect(anon).toMatchObject({ url: '/', published: true });
    expect(anon).not.toHaveProperty('temporaryUrl');
  });

  it('answers the store as division (alias store) with staff-only fraud flag', async () => {
    const anon = json<Model>(await fetchAs(clients.anon, { type: 'store', ids: [ids.demo] }));
    expect(anon).toMatchObject({ id: ids.demo, code: 'demo', companyName: 'Fern & Thread', enabled: true });
    expect(anon).not.toHaveProperty('isFraud');
    expect((await fetchAs(clients.owner, { type: 'division', ids: [ids.demo], attributes: ['isFraud'] })).statusCode).toBe(403);
    expect(json<Model>(await fetchAs(clients.staff, { type: 'division', ids: [ids.demo], attributes: ['isFraud'] }))).toEqual({ id: ids.demo, isFraud: false });
    const withCollections = json<{ collections: Model[] }>(await fetchAs(clients.anon, { type: 'division', ids: [ids.demo], relations: ['collections'] }));
    expect(withCollections.collections.map((c) => c.urlName)).toEqual(['t-shirts', 'hoodies-and-sweatshirts', 'accessories']);
  });

  it('hides blog posts scheduled for later from shoppers', async () => {
    const { id } = await one<{ id: number }>(
      `insert into blog_posts (division_id, url, title, published_at) values ($1, 'later', 'Later', now() + interval '1 day') returning id`,
      [ids.demo],
    );
    expect((await fetchAs(clients.anon, { type: 'blog_post', ids: [id] })).statusCode).toBe(404);
    expect(json<Model>(await fetchAs(clients.owner, { type: 'blog_post', ids: [id], attributes: ['title'] }))).toEqual({ id, title: 'Later' });
  });
});

describe('POST /omnis/v3/models/fetch/ — bad requests', () => {
  it('answers 400 for an unknown type, attribute or relation, naming it', async () => {
    const type = await fetchAs(clients.anon, { type: 'password_reset', ids: [1] });
    expect(type.statusCode).toBe(400);
    expect(json<ErrorBody>(type).message).toBe('Unknown model type');
    const attribute = await fetchAs(clients.anon, { type: 'product', ids: [ids.fern], attributes: ['name', 'colourPalette'] });
    expect(attribute.statusCode).toBe(400);
    expect(json<ErrorBody>(attribute).message).toBe('Unknown attribute "colourPalette" for product');
    const proto = await fetchAs(clients.anon, { type: 'product', ids: [ids.fern], attributes: ['__proto__', 'constructor'] });
    expect(proto.statusCode).toBe(400);
    const relation = await fetchAs(clients.anon, { type: 'order', ids: [1], relations: ['items.secrets'] });
    expect(relation.statusCode).toBe(400);
    expect(json<ErrorBody>(relation).message).toBe('Unknown relation "secrets" for order_item');
  });

  it.each([
    ['no type', { ids: [1] }, '/type'],
    ['no ids', { type: 'product' }, '/ids'],
    ['text ids', { type: 'product', ids: ['one'] }, '/ids/0'],
    ['negative id', { type: 'product', ids: [-1] }, '/ids/0'],
    ['huge id', { type: 'product', ids: [2 ** 40] }, '/ids/0'],
    ['too many ids', { type: 'product', ids: Array.from({ length: MAX_IDS + 1 }, (_, i) => i + 1) }, '/ids'],
    ['object ids', { type: 'product', ids: { a: 1 } }, '/ids'],
    ['relations of objects', { type: 'product', ids: [1], relations: [{ name: 'items' }] }, '/relations/0'],
    ['attributes of objects', { type: 'product', ids: [1], attributes: { name: true } }, '/attributes'],
    ['array body', [], '/'],
  ])('answers 400 for %s, never 500', async (_name, body, field) => {
    const res = await fetchAs(clients.anon, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(json<ErrorBody>(res).message).toBe('The given data was invalid.');
    expect(Object.keys(json<ErrorBody>(res).errors ?? {})).toContain(field);
  });

  it('accepts exactly 100 ids', async () => {
    const res = await fetchAs(clients.anon, { type: 'product', ids: Array.from({ length: MAX_IDS }, (_, i) => i + 1) });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('answers 400 for malformed JSON and other non-object bodies', async () => {
    const headers = { 'content-type': 'application/json' };
    for (const payload of ['{"type": "product", "ids": [1,', 'null', '"product"', '42']) {
      await clients.anon.get('/omnis/v3/frontend/getStoreCoreData/json/');
      const res = await clients.anon.request('POST', FETCH, payload, headers);
      expect(res.statusCode, payload).toBe(400);
      expect(json<ErrorBody>(res).message).toBeTruthy();
    }
  });

  it('refuses a request without the anti-forgery token', async () => {
    const res = await t.app.inject({ method: 'POST', url: FETCH, payload: { type: 'product', ids: [ids.fern] } });
    expect(res.statusCode).toBe(403);
    const wrong = await t.app.inject({ method: 'POST', url: FETCH, payload: { type: 'product', ids: [ids.fern] }, cookies: clients.anon.cookies, headers: { 'x-csrf-token': '0'.repeat(64) } });
    expect(wrong.statusCode).toBe(403);
  });
});
