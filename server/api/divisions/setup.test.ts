import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { migrationsDir, splitStatements } from '../../db/migrate';
import { demoDivisionId, openTestContext } from '../../testing/testContext';
import { TestClient, createStoreOwner } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { updatePage } from '../../pages/writes';
import { getPage } from '../../pages/repository';
import { setupAfterPageSave } from '../../setup/storeSetup';
import { SALE_STATUSES } from '../stats/stats';
import type { PageDocument } from '../../../src/core/storeData';
import type { PageSaveSetup, StoreSetup } from '../../../src/core/setupSteps';

/** Store set-up steps (§4 Page save): recorded with the homepage save, derived for the rest. */
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER, STAFF] = DEMO_ACCOUNTS;
const NEW = { email: 'setup.new@example.com', password: 'new owner password' };
const OTHER = { email: 'setup.other@example.com', password: 'other owner password' };
const ids = { demo: 0, store: 0, home: 0, other: 0 };
let owner: TestClient;
let staff: TestClient;
let fresh: TestClient;
let other: TestClient;
let ip = 1;
const client = () => new TestClient(t.app, `198.51.100.${ip++}`);
const setupUrl = (division: number) => `/omnis/v3/divisions/${division}/setup/`;
const pages = (division: number, page?: number) => `/omnis/v3/divisions/${division}/pages/${page === undefined ? '' : `${page}/`}`;

const TITLES = ['Design your homepage', 'Add a collection', 'Create a product with your design', 'Choose the look of your store', 'Make your first sale'];

async function setupOf(c: TestClient, division: number): Promise<StoreSetup> {
  const res = await c.get(setupUrl(division));
  expect(res.statusCode).toBe(200);
  return res.json<StoreSetup>();
}
const doneCodes = (setup: StoreSetup) => setup.steps.filter((s) => s.done).map((s) => s.code);
const recorded = async (division: number) =>
  (await t.ctx.db.query<{ step: string; completed_at: string }>('select step, completed_at from store_setup_steps where division_id = $1 order by step', [division])).rows;
const nextRecorded = async (division: number) =>
  (await t.ctx.db.query<{ next_step: string | null }>('select next_step from store_setup where division_id = $1', [division])).rows[0]?.next_step;
const homepage = async (c: TestClient) => (await c.get(pages(ids.store, ids.home))).json<PageDocument>();

beforeAll(async () => {
  t = await openTestContext();
  ids.store = await createStoreOwner(client(), t.ctx.db, NEW);
  ids.other = await createStoreOwner(client(), t.ctx.db, OTHER);
  const q = async (sql: string, params: unknown[]) => (await t.ctx.db.query<{ id: number }>(sql, params)).rows[0]!.id;
  ids.demo = await demoDivisionId(t.ctx.db);
  ids.home = await q(`select id from pages where division_id = $1 and url = '/'`, [ids.store]);
  owner = client();
  await owner.login(OWNER.email, OWNER.password);
  staff = client();
  await staff.login(STAFF.email, STAFF.password);
  fresh = client();
  await fresh.login(NEW.email, NEW.password);
  other = client();
  await other.login(OTHER.email, OTHER.password);
});
afterAll(async () => t?.close());

describe('GET /omnis/v3/divisions/{divisionId}/setup/', () => {
  it('a new store starts at the homepage: every step to do, in order, with its title and where it is done', async () => {
    const setup = await setupOf(fresh, ids.store);
    expect(setup.next).toBe('homepage');
    expect(setup.steps.map((s) => s.code)).toEqual(['homepage', 'collection', 'product', 'theme', 'sale']);
    expect(setup.steps.map((s) => s.title)).toEqual(TITLES);
    expect(doneCodes(setup)).toEqual([]);
    const builder = `/dashboard/pages/${ids.home}/edit?store=${ids.store}`;
    expect(setup.steps.map((s) => s.href)).toEqual([builder, null, null, builder, null]);
    expect(await nextRecorded(ids.store)).toBe('homepage');
    expect(await recorded(ids.store)).toEqual([]);
  });

  it('401 signed out, 403 for the owner of another store; staff read any store; 404 for a store that does not exist', async () => {
    const anonymous = await client().get(setupUrl(ids.store));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
    const elsewhere = await other.get(setupUrl(ids.store));
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('Permission denied');
    expect((await setupOf(staff, ids.store)).next).toBe('homepage');
    expect((await staff.get(setupUrl(999999))).statusCode).toBe(404);
    expect((await fresh.get('/omnis/v3/divisions/abc/setup/')).statusCode).toBe(404);
  });

  it('derives the steps the store has done by itself: the demo store has collections and designed products', async () => {
    const setup = await setupOf(owner, ids.demo);
    expect(doneCodes(setup)).toEqual(expect.arrayContaining(['collection', 'product']));
    expect(setup.steps.find((s) => s.code === 'homepage')!.done).toBe(false);
    expect(setup.next).toBe('homepage');
  });
});

describe('a page save completes the homepage step (§4 Page save)', () => {
  it('saving a page that is not the homepage changes nothing', async () => {
    const created = await fresh.post(pages(ids.store), { url: '/about-us/', properties: { title: 'About us' }, blocks: [] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).not.toHaveProperty('setup');
    const page = created.json<PageDocument>();
    const saved = await fresh.patch(pages(ids.store, page.id), { version: page.version, properties: { ...page.properties, title: 'Our story' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).not.toHaveProperty('setup');
    expect((await setupOf(fresh, ids.store)).next).toBe('homepage');
    expect(await recorded(ids.store)).toEqual([]);
    expect(await nextRecorded(ids.store)).toBe('homepage');
  });

  it('a refused save of the homepage (409 stale, 422 invalid) marks nothing', async () => {
    const home = await homepage(fresh);
    const stale = await fresh.patch(pages(ids.store, ids.home), { version: home.version + 100, properties: home.properties });
    expect(stale.statusCode).toBe(409);
    const invalid = await fresh.patch(pages(ids.store, ids.home), { version: home.version, blocks: [{ uid: 'x', type: 'banner', properties: { fontScale: 0 } }] });
    expect(invalid.statusCode).toBe(422);
    const noVersion = await fresh.patch(pages(ids.store, ids.home), { properties: home.properties });
    expect(noVersion.statusCode).toBe(422);
    expect(await recorded(ids.store)).toEqual([]);
    expect((await setupOf(fresh, ids.store)).next).toBe('homepage');
  });

  it('the step is recorded in the transaction of the page write: when that transaction fails, neither stays', async () => {
    const current = (await getPage(t.ctx.db, ids.home))!;
    await expect(
      t.ctx.db.transaction(async (tx) => {
        const updated = await updatePage(tx, t.ctx.registry, current, false, { version: current.version, properties: { ...current.properties, title: 'Rolled back' } });
        expect((await setupAfterPageSave(tx, updated))!.completed).toEqual(['homepage']);
        throw new Error('the write fails after the step was recorded');
      }),
    ).rejects.toThrow('the write fails');
    expect(await recorded(ids.store)).toEqual([]);
    expect((await getPage(t.ctx.db, ids.home))!).toMatchObject({ version: current.version, properties: { title: current.properties.title } });
  });

  it('saving the homepage marks it complete and the next step becomes collection; the response carries the progress', async () => {
    const home = await homepage(fresh);
    const res = await fresh.patch(pages(ids.store, ids.home), { version: home.version, properties: { ...home.properties, title: 'Welcome to my shop' } });
    expect(res.statusCode).toBe(200);
    const body = res.json<PageDocument & { setup: PageSaveSetup }>();
    expect(body).toMatchObject({ id: ids.home, version: home.version + 1, properties: { title: 'Welcome to my shop' } });
    expect(body.setup.completed).toEqual(['homepage']);
    expect(body.setup.next).toBe('collection');
    expect(body.setup.steps.map((s) => [s.code, s.title, s.done])).toEqual([
      ['homepage', 'Design your homepage', true],
      ['collection', 'Add a collection', false],
      ['product', 'Create a product with your design', false],
      ['theme', 'Choose the look of your store', false],
      ['sale', 'Make your first sale', false],
    ]);
    const { completed: _completed, ...progress } = body.setup;
    expect(await setupOf(fresh, ids.store)).toEqual(progress);
    expect((await recorded(ids.store)).map((r) => r.step)).toEqual(['homepage']);
    expect(await nextRecorded(ids.store)).toBe('collection');
    // The page itself is what it always was (GET answers it without the progress).
    expect((await fresh.get(pages(ids.store, ids.home))).json()).not.toHaveProperty('setup');
  });

  it('is idempotent: saving the homepage again completes nothing new and keeps the first completion time', async () => {
    const [before] = await recorded(ids.store);
    const home = await homepage(fresh);
    const res = await fresh.patch(pages(ids.store, ids.home), { version: home.version, properties: { ...home.properties, title: 'Welcome again' } });
    expect(res.statusCode).toBe(200);
    const setup = res.json<{ setup: PageSaveSetup }>().setup;
    expect(setup.completed).toEqual([]);
    expect(setup.next).toBe('collection');
    expect(await recorded(ids.store)).toEqual([before]);
    expect(await nextRecorded(ids.store)).toBe('collection');
  });

  it('staff saving the store’s homepage count too; another owner cannot save it (403) and marks nothing', async () => {
    const home = (await other.get(pages(ids.other))).json<{ data: { id: number; homepage: boolean }[] }>().data.find((p) => p.homepage)!;
    const intruder = await fresh.patch(pages(ids.other, home.id), { version: 1 });
    expect(intruder.statusCode).toBe(403);
    expect(await recorded(ids.other)).toEqual([]);
    const page = (await staff.get(pages(ids.other, home.id))).json<PageDocument>();
    const saved = await staff.patch(pages(ids.other, home.id), { version: page.version, properties: page.properties });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ setup: PageSaveSetup }>().setup).toMatchObject({ completed: ['homepage'], next: 'collection' });
  });
});

describe('the other steps', () => {
  it('a collection, a designed product and a first sale tick their steps off; a saved theme is recorded', async () => {
    await t.ctx.db.query(`insert into collections (division_id, name, url_name) values ($1, 'Summer tees', 'summer-tees')`, [ids.store]);
    expect((await setupOf(fresh, ids.store)).next).toBe('product');
    await t.ctx.db.query(`insert into products (uuid, division_id, sku, name, url_name, price, designs) values ($1, $2, 'TEE-1', 'Wave tee', 'wave-tee', 2000, $3)`, [
      randomUUID(),
      ids.store,
      JSON.stringify({ front: '/media/wave.png' }),
    ]);
    expect((await setupOf(fresh, ids.store)).next).toBe('theme');

    const theme = await t.app.inject({
      method: 'PUT',
      url: `/omnis/v3/divisions/${ids.store}/theme/`,
      payload: { name: 'tropic', properties: {} },
      cookies: fresh.cookies,
      remoteAddress: fresh.ip,
      headers: { 'x-csrf-token': fresh.cookies['XSRF-TOKEN'] ?? '' },
    });
    expect(theme.statusCode).toBe(200);
    expect((await recorded(ids.store)).map((r) => r.step)).toEqual(['homepage', 'theme']);
    expect(await nextRecorded(ids.store)).toBe('sale');
    const setup = await setupOf(fresh, ids.store);
    expect(setup.next).toBe('sale');
    expect(doneCodes(setup)).toEqual(['homepage', 'collection', 'product', 'theme']);

    const order = (status: string, key: string) =>
      t.ctx.db.query(
        `insert into orders (hash, division_id, email, status, subtotal, shipping, shipping_tax, goods_tax, total, billing_address, shipping_address,
                             shipping_method, payment_method, payment_processor, idempotency_key)
         values ($1, $2, 'shopper@example.com', $3, 2000, 0, 0, 333, 2000, '{}', '{}', 'standard', 'card', 'test', $4)`,
        [randomUUID(), ids.store, status, key],
      );
    await order('to_be_paid', 'unpaid');
    expect((await setupOf(fresh, ids.store)).next).toBe('sale');
    await order(SALE_STATUSES[0]!, 'paid');
    const complete = await setupOf(fresh, ids.store);
    expect(complete.next).toBeNull();
    expect(complete.steps.every((s) => s.done)).toBe(true);
  });
});

describe('migration 010 on an existing database', () => {
  it('starts every store at the homepage, except those whose homepage was already saved: those are at collection', async () => {
    const sql = fs.readFileSync(path.join(migrationsDir(), '010_store_setup.sql'), 'utf8');
    const backfill = splitStatements(sql).filter((statement) => !/^create /i.test(statement));
    expect(backfill.length).toBeGreaterThan(0);
    const untouched = await createStoreOwner(client(), t.ctx.db, { email: 'setup.later@example.com', password: 'later owner password' });
    await t.ctx.db.query(`update pages set version = version + 1 where division_id = $1 and url = '/'`, [ids.demo]);
    await t.ctx.db.transaction(async (tx) => {
      await tx.query('delete from store_setup_steps');
      await tx.query('delete from store_setup');
      for (const statement of backfill) await tx.query(statement);
    });
    expect((await recorded(ids.demo)).map((r) => r.step)).toEqual(['homepage']);
    expect(await nextRecorded(ids.demo)).toBe('collection');
    expect(await nextRecorded(untouched)).toBe('homepage');
    expect(await recorded(untouched)).toEqual([]);
  });
});
