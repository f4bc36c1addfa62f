import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext, demoDivisionId } from '../../testing/testContext';
import { TestClient, createStoreOwner } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import type { Page, StoreRow } from '../../../src/core/businessAdmin';

/** GET dashboard/stores/: staff list every store with its approval status text, pro, fraud and owners. */
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER, STAFF] = DEMO_ACCOUNTS;
const OTHER = { email: 'stores.other@example.com', password: 'other owner password' };
let ip = 1;
const client = () => new TestClient(t.app, `198.51.100.${ip++}`);
const URL = '/omnis/v3/dashboard/stores/';
let staff: TestClient;
let other = 0;
let demo = 0;

beforeAll(async () => {
  t = await openTestContext();
  other = await createStoreOwner(client(), t.ctx.db, OTHER);
  demo = await demoDivisionId(t.ctx.db);
  staff = client();
  await staff.login(STAFF.email, STAFF.password);
}, 180_000);
afterAll(async () => t?.close());

describe('GET dashboard/stores/', () => {
  it('lists every store with the §3 approval status text, pro, fraud and owners', async () => {
    await t.ctx.db.query(`update divisions set is_fraud = true, has_pro = true where id = $1`, [other]);
    await t.ctx.db.query(`delete from subdomain_approvals where subdomain_id in (select id from subdomains where division_id = $1)`, [other]);
    await t.ctx.db.query(`insert into subdomain_approvals (subdomain_id, approved) select id, 1 from subdomains where division_id = $1 on conflict (subdomain_id) do update set approved = 1`, [demo]);
    const res = await staff.get(`${URL}?perPage=100`);
    expect(res.statusCode).toBe(200);
    const page = res.json<Page<StoreRow>>();
    const demoRow = page.data.find((s) => s.id === demo)!;
    expect(demoRow.approvalStatus).toBe('Approved');
    expect(demoRow.owners.map((o) => o.email)).toContain(OWNER.email);
    const otherRow = page.data.find((s) => s.id === other)!;
    expect(otherRow).toMatchObject({ hasPro: true, isFraud: true });
    expect(otherRow.approvalStatus).toMatch(/^(No approval item|Not modded yet)$/);
    expect(otherRow.owners[0]!.email).toBe(OTHER.email);
    await t.ctx.db.query(`update subdomain_approvals set approved = 0 where subdomain_id in (select id from subdomains where division_id = $1)`, [demo]);
    expect((await staff.get(`${URL}?perPage=100`)).json<Page<StoreRow>>().data.find((s) => s.id === demo)!.approvalStatus).toBe('Not modded yet');
  });

  it('searches by owner email, filters by fraud and paginates on the server', async () => {
    const found = (await staff.get(`${URL}?search=${encodeURIComponent('stores.other@')}`)).json<Page<StoreRow>>();
    expect(found.data.map((s) => s.id)).toEqual([other]);
    const fraud = (await staff.get(`${URL}?fraud=true`)).json<Page<StoreRow>>();
    expect(fraud.data.every((s) => s.isFraud)).toBe(true);
    const first = (await staff.get(`${URL}?perPage=1&page=1`)).json<Page<StoreRow>>();
    expect(first.data).toHaveLength(1);
    expect(first.lastPage).toBe(first.total);
    const second = (await staff.get(`${URL}?perPage=1&page=2`)).json<Page<StoreRow>>();
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
  });

  it('refuses owners and anonymous callers, and bad input with a 400', async () => {
    const owner = client();
    await owner.login(OWNER.email, OWNER.password);
    expect((await owner.get(URL)).statusCode).toBe(403);
    expect((await client().get(URL)).statusCode).toBe(401);
    const bad = await staff.get(`${URL}?page=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The given data was invalid.');
    expect(Object.keys(bad.json().errors ?? {}).join()).toMatch(/page/);
  });
});
