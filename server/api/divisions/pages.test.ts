import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDivisionId, openTestContext } from '../../testing/testContext';
import { TestClient, createStoreOwner } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { pageWriteMessages } from '../../pages/writes';
import { pageMessages } from './pages';
import type { PageDocument } from '../../../src/core/storeData';

/** The §7 pages API with every status it answers, as the builder and the outside-editor bridge use it. */
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER, STAFF] = DEMO_ACCOUNTS;
const OTHER = { email: 'pages.other@example.com', password: 'other owner password' };
const ids = { demo: 0, other: 0, otherHome: 0, demoHome: 0, about: 0 };
let owner: TestClient;
let other: TestClient;
let staff: TestClient;
let ip = 1;
const client = () => new TestClient(t.app, `198.51.100.${ip++}`);
const pages = (division: number, page?: number) => `/omnis/v3/divisions/${division}/pages/${page === undefined ? '' : `${page}/`}`;
const newPage = (url: string, blocks: unknown[] = [{ uid: 'b1', type: 'textBlock', properties: { text: '<p>Hi</p>' } }]) => ({ url, properties: { title: `Page ${url}` }, blocks });

beforeAll(async () => {
  t = await openTestContext();
  ids.other = await createStoreOwner(client(), t.ctx.db, OTHER);
  const q = async (sql: string, params: unknown[]) => (await t.ctx.db.query<{ id: number }>(sql, params)).rows[0]!.id;
  ids.demo = await demoDivisionId(t.ctx.db);
  ids.demoHome = await q(`select id from pages where division_id = $1 and url = '/'`, [ids.demo]);
  ids.about = await q(`select id from pages where division_id = $1 and url = '/about/'`, [ids.demo]);
  ids.otherHome = await q(`select id from pages where division_id = $1 and url = '/'`, [ids.other]);
  owner = client();
  await owner.login(OWNER.email, OWNER.password);
  other = client();
  await other.login(OTHER.email, OTHER.password);
  staff = client();
  await staff.login(STAFF.email, STAFF.password);
});
afterAll(async () => t?.close());

describe('create (POST)', () => {
  it('an owner creates a page: 201, defaults filled from the schemas, version 1, listed as a store page', async () => {
    const res = await owner.post(pages(ids.demo), newPage('/lookbook/'));
    expect(res.statusCode).toBe(201);
    const page = res.json<PageDocument>();
    expect(page).toMatchObject({ url: '/lookbook/', version: 1, layout: 'standard', published: true, sitemap: true, divisionId: ids.demo });
    expect(page.properties).toMatchObject({ title: 'Page /lookbook/', loginState: 'everyone' });
    expect(page.blocks[0]).toMatchObject({ uid: 'b1', order: 0, size: { x: 12, y: 6 }, properties: { align: 'left' } });
    const list = await owner.get(`${pages(ids.demo)}?page-type=StorePage`);
    expect(list.json().data.map((p: { url: string }) => p.url)).toContain('/lookbook/');
  });

  it('422 "Page failed validation" lists the failing fields and writes nothing', async () => {
    const res = await owner.post(pages(ids.demo), newPage('/broken/', [{ uid: 'x', type: 'banner', properties: { fontScale: 0 } }, { uid: 'y', type: 'nope' }]));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: pageWriteMessages.invalid,
      errors: { '/blocks/0/properties/fontScale': ['Must be greater than 0'], '/blocks/1/type': ["Block type of nope hasn't been registered"] },
    });
    expect((await t.ctx.db.query(`select 1 from pages where url = '/broken/'`)).rows).toHaveLength(0);
    const taken = await owner.post(pages(ids.demo), newPage('/about/'));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ '/url': [pageWriteMessages.urlTaken] });
  });

  it('402 "Pro required to save this page" for a Pro-only block in a store without Pro; a Pro store saves it', async () => {
    const html = [{ uid: 'h', type: 'html', properties: { html: '<p>Custom</p>' } }];
    const refused = await other.post(pages(ids.other), newPage('/custom/', html));
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe('Pro required to save this page');
    expect((await owner.post(pages(ids.demo), newPage('/custom/', html))).statusCode).toBe(201);
  });

  it('401 for visitors and 403 for the owner of another store', async () => {
    expect((await client().post(pages(ids.demo), newPage('/anon/'))).statusCode).toBe(401);
    const res = await other.post(pages(ids.demo), newPage('/intruder/'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Permission denied');
  });
});

describe('update (PATCH) with optimistic concurrency', () => {
  it('saves with the current version and bumps it; a stale version is refused with 409 and changes nothing', async () => {
    const current = (await owner.get(pages(ids.demo, ids.about))).json<PageDocument>();
    const saved = await owner.patch(pages(ids.demo, ids.about), { version: current.version, properties: { ...current.properties, title: 'About the studio' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<PageDocument>()).toMatchObject({ version: current.version + 1, properties: { title: 'About the studio' } });

    const stale = await staff.patch(pages(ids.demo, ids.about), { version: current.version, properties: { ...current.properties, title: 'Overwritten' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(pageWriteMessages.stale);
    expect((await owner.get(pages(ids.demo, ids.about))).json<PageDocument>().properties.title).toBe('About the studio');
  });

  it('two saves of the same version: exactly one wins', async () => {
    const current = (await owner.get(pages(ids.demo, ids.about))).json<PageDocument>();
    const [a, b] = await Promise.all([
      owner.patch(pages(ids.demo, ids.about), { version: current.version, properties: { ...current.properties, title: 'A' } }),
      staff.patch(pages(ids.demo, ids.about), { version: current.version, properties: { ...current.properties, title: 'B' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('422 without a version; 404 for a missing page; 403 for another store’s page', async () => {
    const noVersion = await owner.patch(pages(ids.demo, ids.about), { properties: { title: 'x' } });
    expect(noVersion.statusCode).toBe(422);
    expect(noVersion.json().errors).toEqual({ '/version': [pageWriteMessages.versionRequired] });
    const missing = await owner.patch(pages(ids.demo, 999999), { version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(pageMessages.notFound);
    const elsewhere = await staff.patch(pages(ids.demo, ids.otherHome), { version: 1 });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe("Oops... Looks like you're trying to access a page from another store");
  });

  it('the homepage keeps its url and flag whatever the client sends', async () => {
    const home = (await owner.get(pages(ids.demo, ids.demoHome))).json<PageDocument>();
    const res = await owner.patch(pages(ids.demo, ids.demoHome), { version: home.version, url: '/elsewhere/', flags: { homepage: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json<PageDocument>()).toMatchObject({ url: '/', flags: { homepage: true } });
  });
});

describe('per-device overrides (block.responsive)', () => {
  const banner = (responsive: unknown) => [{ uid: 'hero', type: 'banner', properties: { title: 'Sale' }, responsive }];

  it('saves a phone-only alignment beside the desktop properties, holding only what it overrides', async () => {
    const res = await owner.post(pages(ids.demo), newPage('/phone-left/', banner({ phone: { textAlign: 'left' } })));
    expect(res.statusCode).toBe(201);
    const saved = res.json<PageDocument>().blocks[0]!;
    expect(saved.properties).toMatchObject({ title: 'Sale', textAlign: 'center' });
    expect(saved.responsive).toEqual({ phone: { textAlign: 'left' } });
    const read = (await owner.get(pages(ids.demo, res.json<PageDocument>().id))).json<PageDocument>();
    expect(read.blocks[0]!.responsive).toEqual({ phone: { textAlign: 'left' } });
  });

  it('422 for an override of a setting that is the same on every device, an invalid value or desktop; nothing is written', async () => {
    const res = await owner.post(pages(ids.demo), newPage('/phone-bad/', banner({ phone: { title: 'Short', textAlign: 'middle' }, tablet: { fontScale: 0 } })));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: pageWriteMessages.invalid,
      errors: {
        '/blocks/0/responsive/phone/title': ['Title is the same on every device: it cannot be set for tablet or phone only'],
        '/blocks/0/responsive/phone/textAlign': ['must be one of: left, center, right'],
        '/blocks/0/responsive/tablet/fontScale': ['Must be greater than 0'],
      },
    });
    const desktop = await owner.post(pages(ids.demo), newPage('/phone-bad/', banner({ desktop: { textAlign: 'left' } })));
    expect(desktop.statusCode).toBe(422);
    expect(desktop.json().errors).toEqual({ '/blocks/0/responsive': ["Only tablet and phone settings can be overridden: desktop settings are the block's properties"] });
    expect((await t.ctx.db.query(`select 1 from pages where url = '/phone-bad/'`)).rows).toHaveLength(0);
  });
});

describe('delete (DELETE)', () => {
  it('refuses the homepage, deletes other pages', async () => {
    const home = await owner.delete(pages(ids.demo, ids.demoHome));
    expect(home.statusCode).toBe(422);
    expect(home.json().message).toBe(pageWriteMessages.homepage);
    const created = (await owner.post(pages(ids.demo), newPage('/temporary/'))).json<PageDocument>();
    expect((await owner.delete(pages(ids.demo, created.id))).statusCode).toBe(200);
    expect((await owner.get(pages(ids.demo, created.id))).statusCode).toBe(404);
    const audit = await t.ctx.db.query(`select action from audit_log where subject_type = 'page' and subject_id = $1 order by id`, [String(created.id)]);
    expect(audit.rows.map((r) => (r as { action: string }).action)).toEqual(['page_created', 'page_deleted']);
  });
});

describe('reading', () => {
  it('owners read their unpublished pages; shoppers get 404', async () => {
    const draft = (await owner.post(pages(ids.demo), { ...newPage('/draft-x/'), published: false })).json<PageDocument>();
    expect((await owner.get(pages(ids.demo, draft.id))).statusCode).toBe(200);
    expect((await client().get(pages(ids.demo, draft.id))).statusCode).toBe(404);
    expect((await client().get(pages(ids.demo))).statusCode).toBe(401);
  });
});
