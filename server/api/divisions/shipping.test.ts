import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { openTestContext } from '../../testing/testContext';
import { TestClient, createStoreOwner } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { DEMO_FREE_UK_DELIVERY_OVER } from '../../db/seed/demoShipping';
import { shippingMessages } from '../../orders/shippingZones';
import { TEST_CARDS } from '../../payments/testProcessor';
import type { OrderView, QuoteView } from '../../../src/core/api/orders';
import type { ShippingSettingsView } from '../../../src/core/api/shipping';

let t: Awaited<ReturnType<typeof openTestContext>>;
let demo = 0;
let ip = 10;
const [OWNER] = DEMO_ACCOUNTS;
beforeAll(async () => {
  t = await openTestContext();
  demo = (await t.ctx.db.query<{ id: number }>(`select id from divisions where code = 'demo'`)).rows[0]!.id;
}, 300_000);
afterAll(async () => t?.close());

/** A full-price variant (VAT rate 1) with plenty of stock. */
async function variant() {
  const { rows } = await t.ctx.db.query<Record<string, unknown>>(
    `select v.id, p.id as product_id, o.colour_name, v.size, p.price from product_variants v
     join products p on p.id = v.product_id join product_options o on o.id = v.option_id
     where p.enabled and p.enable_add_to_cart and p.sale_price is null and p.vat_rate = 1 and not p.is_bundle and p.division_id = $1 order by v.id limit 1`,
    [demo],
  );
  const r = rows[0]!;
  await t.ctx.db.query('update product_variants set stock = 500 where id = $1', [r.id]);
  return { productId: r.product_id as number, colour: r.colour_name as string, size: r.size as string, price: r.price as number };
}

/** A shopper whose basket holds `quantity` of the variant. */
async function basketOf(quantity: number) {
  const v = await variant();
  const client = new TestClient(t.app, `198.51.100.${ip++}`);
  const res = await client.post('/omnis/v3/frontend/product/addItemToCart/', { item: { productId: v.productId, productColor: v.colour, productSize: v.size, quantity }, name: 'main' });
  expect(res.statusCode, res.body).toBe(200);
  return { client, goods: v.price * quantity, price: v.price };
}

const quote = async (client: TestClient, body: object) => (await client.post('/omnis/v3/checkout/quote/', body)).json<QuoteView>();
const smallest = (price: number) => Math.ceil(DEMO_FREE_UK_DELIVERY_OVER / price);

describe('shipping the store promises', () => {
  it('delivers UK standard free from £50 of goods and charges it below (the demo banner)', async () => {
    const v = await variant();
    const over = await basketOf(smallest(v.price));
    expect(over.goods).toBeGreaterThanOrEqual(5000);
    const q = await quote(over.client, { country: 'GB' });
    expect(q.shippingMethod).toBe('uk-standard');
    expect(q.totals.shippingIncTax).toBe(0);
    expect(q.totals.total).toBe(over.goods);
    expect(q.delivery).toEqual({ zone: 'United Kingdom', freeOver: 5000, free: true, remaining: 0 });
    // Express is still charged.
    expect((await quote(over.client, { country: 'GB', shippingMethod: 'uk-express' })).totals.shippingIncTax).toBe(695);

    const under = await basketOf(smallest(v.price) - 1);
    expect(under.goods).toBeLessThan(5000);
    const u = await quote(under.client, { country: 'GB' });
    expect(u.totals.shippingIncTax).toBe(395);
    expect(u.delivery).toEqual({ zone: 'United Kingdom', freeOver: 5000, free: false, remaining: 5000 - under.goods });
    // The basket (no country yet) speaks for the home zone.
    expect((await quote(under.client, {})).delivery?.zone).toBe('United Kingdom');
  });

  it('counts the goods after the coupon, and charges abroad', async () => {
    const v = await variant();
    const { client, goods } = await basketOf(smallest(v.price));
    const discounted = await quote(client, { country: 'GB', coupon: 'FIVEOFF' });
    expect(goods - 500 < 5000).toBe(discounted.totals.shippingIncTax === 395);
    const abroad = await quote(client, { country: 'DE' });
    expect(abroad.shippingMethod).toBe('international');
    expect(abroad.totals.shippingIncTax).toBe(1295);
    expect(abroad.delivery).toMatchObject({ zone: 'Rest of the world', free: false, remaining: null });
    expect(abroad.shippingMethods.map((m) => m.code)).toEqual(['international']);
  });

  it('charges the zone price when the order is placed (£96 UK order: no shipping)', async () => {
    const v = await variant();
    const { client, goods } = await basketOf(smallest(v.price) + 1);
    const res = await client.request(
      'POST',
      '/omnis/v3/checkout/place/',
      {
        email: 'free@example.com',
        shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', street: '1 Analytical Row', city: 'London', zip: 'N1 9GU', country: 'GB' },
        billingSameAsShipping: true,
        shippingMethod: 'uk-standard',
        payment: { method: 'card', card: { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' } },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = (await t.app.inject({ url: `/omnis/v3/orders/${res.json<{ order: { hash: string } }>().order.hash}/` })).json<OrderView>();
    expect(order.totals.shippingIncTax).toBe(0);
    expect(order.totals.total).toBe(goods);
  });
});

describe('shipping settings', () => {
  const url = () => `/omnis/v3/divisions/${demo}/shipping/`;
  const owner = async () => {
    const c = new TestClient(t.app, `198.51.100.${ip++}`);
    await c.login(OWNER.email, OWNER.password);
    return c;
  };

  it('shows the zones and the methods a zone can offer', async () => {
    const res = await (await owner()).get(url());
    expect(res.statusCode).toBe(200);
    const view = res.json<ShippingSettingsView>();
    expect(view.defaults).toBe(false);
    expect(view.zones.map((z) => [z.name, z.countries, z.freeOver])).toEqual([
      ['United Kingdom', ['GB'], 5000],
      ['Rest of the world', [], null],
    ]);
    expect(view.methods.map((m) => m.code)).toEqual(['uk-standard', 'uk-express', 'international']);
  });

  it('refuses a country in two zones, two rest-of-world zones, a zone without methods and an unknown method', async () => {
    const c = await owner();
    const zone = (name: string, countries: string[], rates = [{ method: 'uk-standard', price: 100 }]) => ({ name, countries, freeOver: null, rates });
    const refused = async (zones: unknown[], message: string) => {
      const res = await c.put(url(), { zones });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json<{ message: string }>().message).toBe(message);
    };
    await refused([zone('A', ['GB']), zone('B', ['gb'])], shippingMessages.twice('GB'));
    await refused([zone('A', []), zone('B', [])], shippingMessages.restTwice);
    await refused([zone('A', ['FR'], [])], shippingMessages.noRates);
    await refused([zone('A', ['FR'], [{ method: 'teleport', price: 1 }])], shippingMessages.method('teleport'));
    await refused([zone(' ', ['FR'])], shippingMessages.zoneName);
    await refused([], shippingMessages.noZones);
    expect((await c.put(url(), { zones: 'nope' })).statusCode).toBe(422);
  });

  it('saves zones that the quote uses at once; another store owner cannot', async () => {
    const c = await owner();
    const before = (await c.get(url())).json<ShippingSettingsView>();
    const zones = [
      { name: 'UK and Ireland', countries: ['GB', 'ie'], freeOver: 3000, rates: [{ method: 'uk-standard', price: 250 }] },
      { name: 'Everywhere else', countries: [], freeOver: null, rates: [{ method: 'international', price: 999 }] },
    ];
    const saved = await c.put(url(), { zones });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ShippingSettingsView>().zones[0]).toMatchObject({ name: 'UK and Ireland', countries: ['GB', 'IE'], freeOver: 3000 });
    const shopper = await basketOf(1);
    const ie = await quote(shopper.client, { country: 'IE' });
    expect(ie.delivery?.zone).toBe('UK and Ireland');
    expect(ie.totals.shippingIncTax).toBe(shopper.goods >= 3000 ? 0 : 250);

    const other = new TestClient(t.app, `198.51.100.${ip++}`);
    await createStoreOwner(other, t.ctx.db, { email: 'zones.other@example.com', password: 'zones other password' });
    expect((await other.put(url(), { zones })).statusCode).toBe(403);
    expect((await other.get(url())).statusCode).toBe(403);

    // Back to the seed for the other tests.
    const restore = await c.put(url(), { zones: before.zones.map(({ id: _id, ...z }) => z) });
    expect(restore.statusCode, restore.body).toBe(200);
  });
});
