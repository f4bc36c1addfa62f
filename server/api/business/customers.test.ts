import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext, demoDivisionId } from '../../testing/testContext';
import { TestClient, createStoreOwner } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { customerMessages, type CustomerRow, type Page } from '../../../src/core/businessAdmin';

/** §3 Customers: owners see and annotate their store's customers, staff everyone; "Unknown" for missing names. */
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER, STAFF, SHOPPER] = DEMO_ACCOUNTS;
const OTHER = { email: 'customers.other@example.com', password: 'other owner password' };
let ip = 1;
const client = () => new TestClient(t.app, `198.51.100.${ip++}`);
const API = '/omnis/v3/dashboard/customers';
let owner: TestClient;
let staff: TestClient;
let other: TestClient;
let demo = 0;
let buyer = 0;

beforeAll(async () => {
  t = await openTestContext();
  await createStoreOwner(client(), t.ctx.db, OTHER);
  demo = await demoDivisionId(t.ctx.db);
  owner = client();
  await owner.login(OWNER.email, OWNER.password);
  staff = client();
  await staff.login(STAFF.email, STAFF.password);
  other = client();
  await other.login(OTHER.email, OTHER.password);
  // A nameless customer who ordered from the demo store.
  buyer = (await t.ctx.db.query<{ id: number }>(`insert into users (email, password_hash) values ('nameless.buyer@example.com', 'x') returning id`)).rows[0]!.id;
  const address = JSON.stringify({ firstName: 'N', lastName: 'B', street: '1 Row', city: 'Leeds', zip: 'LS1 1AA', country: 'GB' });
  await t.ctx.db.query(
    `insert into orders (hash, division_id, email, status, subtotal, shipping, shipping_tax, goods_tax, total, billing_address, shipping_address, shipping_method, payment_method, payment_processor, idempotency_key)
     values (replace(gen_random_uuid()::text, '-', ''), $1, 'nameless.buyer@example.com', 'paid', 1000, 0, 0, 200, 1200, $2, $2, 'uk-standard', 'card', 'test', gen_random_uuid()::text)`,
    [demo, address],
  );
}, 180_000);
afterAll(async () => t?.close());

describe('GET dashboard/customers/', () => {
  it('shows an owner the customers of their store, with "Unknown" for a missing name and their orders', async () => {
    const res = await owner.get(`${API}/?store=${demo}&search=nameless`);
    expect(res.statusCode).toBe(200);
    const page = res.json<Page<CustomerRow>>();
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ id: buyer, name: 'Unknown', orders: 1, leadStatus: 'new', tags: [] });
    // Another store's owner does not see them, nor can they read the demo store's list.
    expect((await other.get(`${API}/?search=nameless`)).statusCode).toBe(403);
    expect((await other.get(`${API}/?store=${demo}`)).statusCode).toBe(403);
    const own = (await owner.get(`${API}/?store=${demo}`)).json<Page<CustomerRow>>();
    expect(own.data.map((c) => c.email)).not.toContain(OTHER.email);
    // Staff see everyone without a store.
    const all = (await staff.get(`${API}/?perPage=100`)).json<Page<CustomerRow>>();
    expect(all.data.map((c) => c.email)).toEqual(expect.arrayContaining([OTHER.email, 'nameless.buyer@example.com', SHOPPER.email]));
  });

  it('edits tags of both types, notes, lead status and potential value, and filters by them', async () => {
    const res = await owner.patch(`${API}/${buyer}/?store=${demo}`, {
      tags: [{ type: 'services', name: 'Screen printing' }, { type: 'industries', name: 'Music' }],
      notes: 'Wants 200 tour shirts',
      leadStatus: 'qualified',
      potentialValue: 250000,
      social: { website: 'https://band.example' },
    });
    expect(res.statusCode).toBe(200);
    const found = (await owner.get(`${API}/?store=${demo}&lead=qualified&tag=music`)).json<Page<CustomerRow>>();
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({
      notes: 'Wants 200 tour shirts',
      leadStatus: 'qualified',
      potentialValue: 250000,
      social: { website: 'https://band.example' },
      tags: [{ type: 'industries', name: 'Music' }, { type: 'services', name: 'Screen printing' }],
    });
    // The owner's notes stay in their store: staff's view of the customer is their own.
    const staffView = (await staff.get(`${API}/?search=nameless`)).json<Page<CustomerRow>>();
    expect(staffView.data[0]).toMatchObject({ notes: '', leadStatus: 'new', tags: [] });
    // Replacing the tags removes the old ones.
    await owner.patch(`${API}/${buyer}/?store=${demo}`, { tags: [{ type: 'services', name: 'screen printing' }] });
    const again = (await owner.get(`${API}/?store=${demo}&search=nameless`)).json<Page<CustomerRow>>();
    expect(again.data[0]!.tags).toEqual([{ type: 'services', name: 'Screen printing' }]);
  });

  it('refuses bad input with a 400, a customer of another store with a 404, and other roles', async () => {
    const badType = await owner.patch(`${API}/${buyer}/?store=${demo}`, { tags: [{ type: 'colours', name: 'Red' }] });
    expect(badType.statusCode).toBe(400);
    expect(Object.keys(badType.json().errors ?? {}).join()).toMatch(/tags/);
    expect((await owner.patch(`${API}/${buyer}/?store=${demo}`, { leadStatus: 'hot' })).statusCode).toBe(400);
    expect((await owner.get(`${API}/?store=${demo}&lead=hot`)).statusCode).toBe(400);
    const otherId = (await t.ctx.db.query<{ id: number }>('select id from users where email = $1', [OTHER.email])).rows[0]!.id;
    const foreign = await owner.patch(`${API}/${otherId}/?store=${demo}`, { notes: 'x' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(customerMessages.notFound);
    expect((await other.patch(`${API}/${buyer}/?store=${demo}`, { notes: 'x' })).statusCode).toBe(403);
    expect((await owner.patch(`${API}/${buyer}/`, { notes: 'x' })).statusCode).toBe(403);
    expect((await client().get(`${API}/?store=${demo}`)).statusCode).toBe(401);
  });
});
