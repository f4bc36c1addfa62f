import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext, demoDivisionId } from '../../testing/testContext';
import { TestClient, createStoreOwner } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { apiMessages } from '../../http/errors';
import { statsMessages } from './stats';

/** Store figures from a known set of orders inserted directly; numbers are exact. */
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER] = DEMO_ACCOUNTS;
const OTHER = {
  email: 'stats.other@example.com',
  password: 'other owner password',
};
let demo = 0;
let otherDivision = 0;
let owner: TestClient;
let other: TestClient;
let ip = 1;
const client = () => new TestClient(t.app, `198.51.100.${ip++}`);
const base = (division: number) => `/omnis/v3/divisions/${division}/stats`;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

let seq = 0;
/** One order with its lines; price is VAT-inclusive, tax the line VAT (as checkout stores them). */
async function order(
  status: string,
  at: Date,
  lines: {
    product: string;
    quantity: number;
    price: number;
    tax: number;
    discount?: number;
  }[],
  division = demo,
) {
  const o = await t.ctx.db.query<{ id: number }>(
    `insert into orders (hash, division_id, email, status, subtotal, shipping, shipping_tax, goods_tax, total, billing_address, shipping_address,
                         shipping_method, payment_method, payment_processor, idempotency_key, created_at)
     values ($1, $2, 'buyer@example.com', $3, 0, 0, 0, 0, 0, '{"firstName":"Ada"}', '{}', 'uk-standard', 'card', 'test', $1, $4) returning id`,
    [`stats-${++seq}`, division, status, at],
  );
  for (const [i, l] of lines.entries()) {
    await t.ctx.db.query(
      `insert into order_items (order_id, product_id, name, sku, quantity, price, vat_rate, tax, discount, position)
       select $1, id, name, sku, $3, $4, 1, $5, $6, $7 from products where division_id = $2 and url_name = $8`,
      [o.rows[0]!.id, division, l.quantity, l.price, l.tax, l.discount ?? 0, i, l.product],
    );
  }
}

beforeAll(async () => {
  t = await openTestContext();
  otherDivision = await createStoreOwner(client(), t.ctx.db, OTHER);
  demo = await demoDivisionId(t.ctx.db);
  // Fern tee (tshirt, 1 print: cost 900), Evergreen hoodie (hoodie, 1 print: cost 1850).
  await order('paid', daysAgo(1), [{ product: 'fern-organic-tee', quantity: 2, price: 2500, tax: 833 }]);
  await order('complete', daysAgo(3), [
    {
      product: 'evergreen-hoodie',
      quantity: 1,
      price: 4800,
      tax: 720,
      discount: 480,
    },
    { product: 'fern-organic-tee', quantity: 1, price: 2500, tax: 417 },
  ]);
  await order('printed', daysAgo(40), [{ product: 'evergreen-hoodie', quantity: 1, price: 4800, tax: 800 }]);
  // Not sales: unpaid, cancelled, refunded.
  await order('to_be_paid', daysAgo(1), [{ product: 'fern-organic-tee', quantity: 5, price: 2500, tax: 2083 }]);
  await order('cancelled', daysAgo(2), [{ product: 'fern-organic-tee', quantity: 1, price: 2500, tax: 417 }]);
  await order('refunded', daysAgo(2), [{ product: 'fern-organic-tee', quantity: 1, price: 2500, tax: 417 }]);
  owner = client();
  await owner.login(OWNER.email, OWNER.password);
  other = client();
  await other.login(OTHER.email, OTHER.password);
});
afterAll(async () => t?.close());

describe('summary', () => {
  it('counts paid-and-later orders in the period, with exact money and top products', async () => {
    const res = await owner.get(`${base(demo)}/summary/?period=30d`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // revenue: 5000 + (4800 − 480) + 2500 = 11820; vat 833 + 720 + 417 = 1970; cost 2×900 + 1850 + 900 = 4550.
    expect(body).toMatchObject({
      period: '30d',
      orders: 2,
      items: 4,
      revenue: 11820,
      vat: 1970,
      cost: 4550,
      profit: 5300,
      averageOrderValue: 5910,
    });
    expect(body.previous).toMatchObject({
      orders: 1,
      items: 1,
      revenue: 4800,
      vat: 800,
      cost: 1850,
      profit: 2150,
    });
    expect(body.topProducts).toEqual([
      expect.objectContaining({
        name: 'Fern Organic Tee',
        quantity: 3,
        revenue: 7500,
      }),
      expect.objectContaining({
        name: 'Evergreen Hoodie',
        quantity: 1,
        revenue: 4320,
      }),
    ]);
  });

  it('all time has every sale and nothing to compare with', async () => {
    const body = (await owner.get(`${base(demo)}/summary/?period=all`)).json();
    expect(body).toMatchObject({
      orders: 3,
      items: 5,
      revenue: 16620,
      previous: null,
    });
  });

  it('401 for visitors, 403 for another store, 422 for a bad period', async () => {
    expect((await client().get(`${base(demo)}/summary/`)).statusCode).toBe(401);
    expect((await other.get(`${base(demo)}/summary/`)).statusCode).toBe(403);
    const bad = await owner.get(`${base(demo)}/summary/?period=2w`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: apiMessages.invalid,
      errors: { period: [statsMessages.period] },
    });
  });

  it('another store sees only its own (empty) figures', async () => {
    const body = (await other.get(`${base(otherDivision)}/summary/?period=all`)).json();
    expect(body).toMatchObject({
      orders: 0,
      revenue: 0,
      averageOrderValue: 0,
      topProducts: [],
    });
  });
});

describe('series', () => {
  it('daily buckets with empty days, ending today', async () => {
    const body = (await owner.get(`${base(demo)}/series/?metric=items&period=7d`)).json();
    expect(body.unit).toBe('day');
    expect(body.data).toHaveLength(7);
    expect(body.data.at(-1).key).toBe(new Date().toISOString().slice(0, 10));
    expect(body.data.reduce((a: number, b: { value: number }) => a + b.value, 0)).toBe(4);
    expect(body.data.find((b: { key: string }) => b.key === daysAgo(1).toISOString().slice(0, 10)).value).toBe(2);
    expect(body.data.find((b: { key: string }) => b.key === daysAgo(3).toISOString().slice(0, 10)).value).toBe(2);
  });

  it('monthly buckets for 12 months; revenue sums to the summary', async () => {
    const body = (await owner.get(`${base(demo)}/series/?metric=revenue&period=12m`)).json();
    expect(body.unit).toBe('month');
    expect(body.data).toHaveLength(12);
    expect(body.data.reduce((a: number, b: { value: number }) => a + b.value, 0)).toBe(16620);
  });

  it('422 for an unknown metric', async () => {
    const res = await owner.get(`${base(demo)}/series/?metric=visitors`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ metric: [statsMessages.metric] });
  });
});

describe('profit per month', () => {
  it('revenue, cost, VAT and profit per month add up to the all-time figures', async () => {
    const body = (await owner.get(`${base(demo)}/profit-per-month/?months=12`)).json();
    expect(body.data).toHaveLength(12);
    const total = body.data.reduce(
      (a: Record<string, number>, m: Record<string, number>) => ({
        revenue: a.revenue! + m.revenue!,
        cost: a.cost! + m.cost!,
        vat: a.vat! + m.vat!,
        profit: a.profit! + m.profit!,
      }),
      { revenue: 0, cost: 0, vat: 0, profit: 0 },
    );
    expect(total).toEqual({
      revenue: 16620,
      cost: 6400,
      vat: 2770,
      profit: 7450,
    });
    expect(body.costModel).toMatchObject({
      perPrint: 150,
      garments: { tshirt: 750, hoodie: 1700 },
    });
  });

  it('422 for months out of range; 401 anonymous', async () => {
    expect((await owner.get(`${base(demo)}/profit-per-month/?months=0`)).statusCode).toBe(422);
    expect((await client().get(`${base(demo)}/profit-per-month/`)).statusCode).toBe(401);
  });
});

describe('price breakdown (public)', () => {
  it('gives shoppers making costs as one sum, never the store-only garment and print lines', async () => {
    const res = await client().get(`/omnis/v3/products/evergreen-hoodie/price-breakdown/?division=${demo}`);
    expect(res.statusCode).toBe(200);
    // 4800 inc. 20% VAT → VAT 800; hoodie 1700 + one print 150; margin 4800 − 800 − 1850 = 2150.
    expect(res.json()).toEqual({ name: 'Evergreen Hoodie', currency: 'GBP', price: 4800, vat: 800, making: 1850, margin: 2150, estimated: true });
    expect((await other.get(`/omnis/v3/products/evergreen-hoodie/price-breakdown/?division=${demo}`)).json()).not.toHaveProperty('production');
  });

  it('splits making into production and print for the store owner', async () => {
    const res = await owner.get(`/omnis/v3/products/evergreen-hoodie/price-breakdown/?division=${demo}`);
    expect(res.json()).toMatchObject({ price: 4800, vat: 800, making: 1850, production: 1700, print: 150, prints: 1, margin: 2150, estimated: true });
  });

  it('uses the sale price when there is one; 404 for an unknown product', async () => {
    // Tidal Tee: 2500 on sale at 1900 → VAT 317, tshirt 750 + 150.
    expect((await client().get(`/omnis/v3/products/tidal-tee/price-breakdown/?division=${demo}`)).json()).toMatchObject({ price: 1900, vat: 317, margin: 683 });
    expect((await client().get(`/omnis/v3/products/nope/price-breakdown/?division=${demo}`)).statusCode).toBe(404);
  });
});

describe('interactions and onboarding', () => {
  it('recent sales newest first, first names only', async () => {
    const body = (await owner.get(`${base(demo)}/interactions/?limit=2`)).json();
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      type: 'orders',
      name: 'Ada',
      items: 2,
    });
    expect((await other.get(`${base(demo)}/interactions/`)).statusCode).toBe(403);
  });

  it('onboarding badges derived from the store', async () => {
    const body = (await owner.get(`${base(demo)}/onboarding/`)).json();
    const state = Object.fromEntries(body.data.map((b: { code: string; unlocked: boolean }) => [b.code, b.unlocked]));
    expect(state).toMatchObject({
      'sign-up': true,
      card: false,
      designer: true,
      profile: true,
      entrepreneur: true,
    });
  });
});

describe('profit estimate (public)', () => {
  it('profit per item: price less VAT at 20% less the cost; cost 0 uses the default product', async () => {
    expect((await client().get('/omnis/v3/stats/profit-estimate/?price=2500&cost=1000')).json()).toEqual({
      price: 2500,
      cost: 1000,
      vat: 417,
      profitPerItem: 1083,
      estimated: true,
    });
    expect((await client().get('/omnis/v3/stats/profit-estimate/?price=2500&cost=0')).json()).toMatchObject({ cost: 900, profitPerItem: 1183 });
    expect((await client().get('/omnis/v3/stats/profit-estimate/?price=-1')).statusCode).toBe(422);
  });
});
