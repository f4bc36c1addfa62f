import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext, csrfHeaders } from './testing/testContext';
import { CSRF_MESSAGE } from './http/csrf';
import { apiMessages } from './http/errors';
import { pageMessages } from './api/divisions/pages';
import { BUNDLES, PRODUCTS } from './db/seed/demoCatalogue';
import { SEED_PAGES, seedDemoStore } from './db/seed/seed';
import { POLICY_SEED_PAGES } from './db/seed/demoPolicies';
import { DEMO_POSTS } from './db/seed/demoBlog';
import { migrate } from './db/migrate';
import type { StoreCoreData, PageDocument } from '../src/core/storeData';

let t: Awaited<ReturnType<typeof openTestContext>>;
beforeAll(async () => {
  t = await openTestContext();
});
afterAll(async () => t?.close());

const coreData = async () => (await t.app.inject({ url: '/omnis/v3/frontend/getStoreCoreData/json/' })).json<StoreCoreData>();

describe('store core data (§7 getStoreCoreData)', () => {
  it('returns the demo store pages as routes and its core state', async () => {
    const data = await coreData();
    expect(data.pages.map((p) => [p.url, p.name])).toEqual(expect.arrayContaining([['/', 'home'], ['/about/', 'about'], ['/new-in/', 'new-in'], ['/404/', '404']]));
    // + the help centre and the campaign page (/teemail/spring-letter/).
    expect(data.pages).toHaveLength(SEED_PAGES.length + POLICY_SEED_PAGES.length + 1 + DEMO_POSTS.length + 1);
    expect(data.state.company.name).toBe('Fern & Thread');
    expect(data.state.currency).toMatchObject({ code: 'GBP', symbol: '£', symbolAlign: 'left' });
    expect(data.state.subdomain.theme.name).toBe('verde');
    expect(data.state.mainMenu.map((m) => m.text)).toEqual(['Shop', 'New in', 'Sustainability', 'About']);
    expect(data.state.mode).toBe('native');
    expect(data.state.paymentProcessor.type).toBe('first-party');
  });

  it('answers by division id or code too, and 404 for an unknown store', async () => {
    const { state } = await coreData();
    const byId = await t.app.inject({ url: `/omnis/v3/frontend/${state.subdomain.division.id}/getStoreCoreData/json/` });
    expect(byId.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/omnis/v3/frontend/demo/getStoreCoreData/json/' })).statusCode).toBe(200);
    const unknown = await t.app.inject({ url: '/omnis/v3/frontend/nope/getStoreCoreData/json/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Store not found' });
  });
});

describe('pages (§7 GET page)', () => {
  it('serves a page with every block complete: schema defaults applied on write', async () => {
    const { pages, state } = await coreData();
    const home = pages.find((p) => p.homepage)!;
    const res = await t.app.inject({ url: `/omnis/v3/divisions/${state.subdomain.division.id}/pages/${home.id}/?imageType=object` });
    expect(res.statusCode).toBe(200);
    const page = res.json<PageDocument>();
    const button = page.blocks.find((b) => b.type === 'button')!;
    expect(button.properties).toMatchObject({ target: '_self', iconPosition: 'left' });
    const hero = page.blocks.find((b) => b.uid === 'home-hero')!;
    expect(hero.properties).toMatchObject({ type: 'standard', font: 'Lato', fontScale: 1, buttonStyle: 'primary' });
    expect(hero.order).toBe(0);
    expect(page.blocks.map((b) => b.order)).toEqual(page.blocks.map((_, i) => i));
    expect(page.version).toBe(1);
  });

  it("404s an unknown page and refuses another store's page", async () => {
    const { pages, state } = await coreData();
    const div = state.subdomain.division.id;
    const missing = await t.app.inject({ url: `/omnis/v3/divisions/${div}/pages/999999/` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(pageMessages.notFound);
    const other = await t.app.inject({ url: `/omnis/v3/divisions/${div + 1}/pages/${pages[0]!.id}/` });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe("Oops... Looks like you're trying to access a page from another store");
  });
});

describe('HTTP conventions (§7, DESIGN §5)', () => {
  it('sets the XSRF-TOKEN cookie and refuses state-changing calls without the matching header', async () => {
    const first = await t.app.inject({ url: '/omnis/v3/frontend/getStoreCoreData/json/' });
    const cookie = first.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    const noHeader = await t.app.inject({ method: 'POST', url: '/omnis/v3/anything', cookies: { 'XSRF-TOKEN': cookie!.value } });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toEqual({ message: CSRF_MESSAGE });
    const wrong = await t.app.inject({ method: 'POST', url: '/omnis/v3/anything', cookies: { 'XSRF-TOKEN': cookie!.value }, headers: { 'x-csrf-token': 'f'.repeat(64) } });
    expect(wrong.statusCode).toBe(403);
    const good = await t.app.inject({ method: 'POST', url: '/omnis/v3/anything', headers: await csrfHeaders(t.app) });
    expect(good.statusCode).toBe(404); // past the CSRF check: an unknown route
  });

  it('answers unknown API paths and malformed JSON with JSON errors, never a stack trace', async () => {
    const unknown = await t.app.inject({ url: '/omnis/v3/no/such/thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/application\/json/);
    expect(unknown.json()).toEqual({ message: apiMessages.notFound });
    const bad = await t.app.inject({ method: 'POST', url: '/omnis/v3/anything', headers: { ...(await csrfHeaders(t.app)), 'content-type': 'application/json' }, payload: '{"broken":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: apiMessages.malformedJson });
    expect(bad.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('serves generated product mockups (cacheable: no cookie) and rejects bad parameters', async () => {
    const ok = await t.app.inject({ url: '/media/mockup/hoodie/2f5d3a/leaf.svg' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['set-cookie']).toBeUndefined();
    expect(ok.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(ok.body).toContain('fill="#2f5d3a"');
    for (const url of ['/media/mockup/hoodie/zzzzzz/leaf.svg', '/media/mockup/cape/2f5d3a/leaf.svg', '/media/mockup/hoodie/2f5d3a/<script>.svg']) {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    }
  });

  it("draws the store logo in the theme's logo text colour", async () => {
    const { state } = await coreData();
    const res = await t.app.inject({ url: '/media/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Fern &#38; Thread');
    expect(res.body).toContain(`fill="${state.subdomain.theme.properties['logo.text.color']}"`);
    const onPage = await t.app.inject({ url: '/media/logo.svg?tone=page' });
    expect(onPage.body).toContain(`fill="${state.subdomain.theme.properties['text.color']}"`);
  });

  it('lists published sitemap pages in sitemap.xml and keeps /404/ out', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'localhost:3000' } });
    expect(res.headers['content-type']).toMatch(/xml/);
    expect(res.body).toContain('<loc>http://localhost:3000/about/</loc>');
    expect(res.body).not.toContain('/404/');
  });
});

describe('database', () => {
  it('migrations and the demo seed are idempotent', async () => {
    expect(await migrate(t.ctx.db)).toEqual([]);
    expect(await seedDemoStore(t.ctx.db, t.ctx.registry)).toBe(false);
    const { rows } = await t.ctx.db.query<{ n: number }>('select count(*)::int as n from products');
    expect(rows[0]!.n).toBe(PRODUCTS.length + BUNDLES.length);
  });

  it('seeds 12+ products in 3 collections, each with colours, sizes and stock (bundles: through their items)', async () => {
    const { rows } = await t.ctx.db.query<{ collections: number; products: number; without_variants: number; in_stock: number }>(`
      select (select count(*)::int from collections) as collections,
             (select count(*)::int from products) as products,
             (select count(*)::int from products p where not p.is_bundle and not exists (select 1 from product_variants v where v.product_id = p.id)) as without_variants,
             (select count(*)::int from product_variants where stock > 0) as in_stock`);
    expect(rows[0]!.collections).toBe(3);
    expect(rows[0]!.products).toBeGreaterThanOrEqual(12);
    expect(rows[0]!.without_variants).toBe(0);
    expect(rows[0]!.in_stock).toBeGreaterThan(100);
  });

  it('a failed transaction leaves nothing half-written', async () => {
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await tx.query(`insert into companies (name) values ('Half written')`);
        await tx.query('select * from no_such_table');
      }),
    ).rejects.toThrow();
    const { rows } = await t.ctx.db.query(`select 1 from companies where name = 'Half written'`);
    expect(rows).toHaveLength(0);
  });
});
