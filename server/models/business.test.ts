import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext, demoDivisionId } from '../testing/testContext';
import { TestClient, createStoreOwner } from '../auth/testClient';
import { DEMO_ACCOUNTS } from '../db/seed/demoAccounts';
import { seedDemoOrders } from '../db/seed/demoOrders';

/** models/fetch for customer and manufacturer: who sees the row, and which fields each level may read. */
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER, STAFF] = DEMO_ACCOUNTS;
const OTHER = { email: 'models.other@example.com', password: 'other owner password' };
const FETCH = '/omnis/v3/models/fetch/';
let ip = 1;
const client = () => new TestClient(t.app, `198.51.100.${ip++}`);
let owner: TestClient;
let staff: TestClient;
let other: TestClient;
let ownerId = 0;
let project = 0;

beforeAll(async () => {
  t = await openTestContext();
  await createStoreOwner(client(), t.ctx.db, OTHER);
  owner = client();
  await owner.login(OWNER.email, OWNER.password);
  staff = client();
  await staff.login(STAFF.email, STAFF.password);
  other = client();
  await other.login(OTHER.email, OTHER.password);
  ownerId = (await t.ctx.db.query<{ id: number }>('select id from users where email = $1', [OWNER.email])).rows[0]!.id;
  project = (await t.ctx.db.query<{ id: number }>('select project_id as id from divisions where id = $1', [await demoDivisionId(t.ctx.db)])).rows[0]!.id;
}, 180_000);
afterAll(async () => t?.close());

describe('models/fetch customer and manufacturer', () => {
  it('a customer reads their own contact fields, staff also the CRM facts; others get 404', async () => {
    await t.ctx.db.query(`insert into customer_profiles (user_id, notes, lead_status) values ($1, 'Staff note', 'won')`, [ownerId]);
    const self = (await owner.post(FETCH, { type: 'customer', ids: [ownerId] })).json();
    expect(self).toMatchObject({ id: ownerId, email: OWNER.email });
    expect(self).not.toHaveProperty('notes');
    const denied = await owner.post(FETCH, { type: 'customer', ids: [ownerId], attributes: ['notes'] });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Permission denied: you may not read "notes" of customer');
    expect((await staff.post(FETCH, { type: 'customer', ids: [ownerId] })).json()).toMatchObject({ notes: 'Staff note', leadStatus: 'won', tags: [] });
    expect((await other.post(FETCH, { type: 'customer', ids: [ownerId] })).statusCode).toBe(404);
  });

  it("a manufacturer is read by its store's owner without the staff fields, by staff in full, not by others", async () => {
    const own = await owner.post(FETCH, { type: 'manufacturer', ids: [project] });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: project, currency: 'GBP' });
    expect(own.json()).not.toHaveProperty('isFraud');
    expect((await owner.post(FETCH, { type: 'manufacturer', ids: [project], attributes: ['isFraud'] })).statusCode).toBe(403);
    expect((await staff.post(FETCH, { type: 'project', ids: [project] })).json()).toMatchObject({ isFraud: false, isVip: false, betas: [] });
    expect((await other.post(FETCH, { type: 'manufacturer', ids: [project] })).statusCode).toBe(404);
    // The division model keeps its own field rules: isFraud is staff only.
    const demo = await demoDivisionId(t.ctx.db);
    expect((await owner.post(FETCH, { type: 'division', ids: [demo], attributes: ['isFraud'] })).statusCode).toBe(403);
  });

  it("a factory label is read by its order's store without the floor's own facts, by staff with its logs, not by others", async () => {
    await seedDemoOrders(t.ctx.db);
    const label = (
      await t.ctx.db.query<{ id: number; order_id: number }>(
        `select l.id, l.order_id from factory_labels l join label_print_logs p on p.label_id = l.id
         join orders o on o.id = l.order_id where o.division_id = $1 order by l.id limit 1`,
        [await demoDivisionId(t.ctx.db)],
      )
    ).rows[0]!;
    const own = await owner.post(FETCH, { type: 'factory_label', ids: [label.id], relations: ['order'] });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: label.id, orderId: label.order_id, cancelled: false, order: { id: label.order_id } });
    expect(own.json()).not.toHaveProperty('printLogs');
    const denied = await owner.post(FETCH, { type: 'factory_label', ids: [label.id], attributes: ['printLogs'] });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Permission denied: you may not read "printLogs" of factory_label');
    const full = (await staff.post(FETCH, { type: 'factory_label', ids: [label.id], attributes: ['printLogs', 'pretreatLogs'] })).json();
    expect(full.printLogs.length).toBeGreaterThan(0);
    expect(full.printLogs[0]).toMatchObject({ format: expect.stringMatching(/^(pdf|zpl)$/) });
    expect(Array.isArray(full.pretreatLogs)).toBe(true);
    expect((await other.post(FETCH, { type: 'factory_label', ids: [label.id] })).statusCode).toBe(404);
    expect((await client().post(FETCH, { type: 'factory_label', ids: [label.id] })).statusCode).toBe(404);
  });
});
