import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders, openTestContext, demoDivisionId } from '../../testing/testContext';
import { BASKET_ALLOWANCE } from '../../auth/rateLimit';
import { buildApp } from '../../app';

let t: Awaited<ReturnType<typeof openTestContext>>;
beforeAll(async () => {
  t = await openTestContext();
}, 180_000);
afterAll(async () => t?.close());

describe('sitemap.xml', () => {
  it('lists only pages an anonymous visitor may open', async () => {
    const demo = await demoDivisionId(t.ctx.db);
    const insert = (url: string, loginState: string) =>
      t.ctx.db.query(
        `insert into pages (uuid, division_id, url, layout, properties, blocks, published, sitemap)
         select gen_random_uuid(), $1, $2, layout, jsonb_set(properties, '{loginState}', to_jsonb($3::text)), blocks, true, true from pages where division_id = $1 and url = '/about/'`,
        [demo, url, loginState],
      );
    await insert('/members-only/', 'logged-in');
    await insert('/owners-only/', 'dashboard-access');
    await insert('/visitors-only/', 'logged-out');
    const res = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'localhost:3000' } });
    expect(res.body).toContain('<loc>http://localhost:3000/about/</loc>');
    expect(res.body).toContain('/visitors-only/');
    expect(res.body).not.toContain('/members-only/');
    expect(res.body).not.toContain('/owners-only/');
  });
});

describe('built files', () => {
  it('serves the bundles but never their source maps', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pod-client-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'assets', 'app.js.map'), '{"version":3,"sources":["secret.ts"]}');
    const app = await buildApp(t.ctx, { clientDir: dir });
    try {
      expect((await app.inject({ url: '/assets/app.js' })).statusCode).toBe(200);
      const map = await app.inject({ url: '/assets/app.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret.ts');
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('anonymous baskets', () => {
  it('one address creates at most BASKET_ALLOWANCE baskets per window, then 429; another address is unaffected', async () => {
    const { rows } = await t.ctx.db.query<{ colour_name: string; size: string }>(
      `select o.colour_name, v.size from product_variants v join product_options o on o.id = v.option_id join products p on p.id = v.product_id
       where p.url_name = 'fern-organic-tee' and v.stock > 0 limit 1`,
    );
    const item = { productUrl: 'fern-organic-tee', productColor: rows[0]!.colour_name, productSize: rows[0]!.size };
    const headers = await csrfHeaders(t.app);
    // Each call comes without a basket cookie, like a script that drops cookies.
    const add = (ip: string) => t.app.inject({ method: 'POST', url: '/omnis/v3/frontend/product/addItemToCart/', remoteAddress: ip, headers, payload: { item, name: 'main' } });
    const before = await t.ctx.db.query<{ n: number }>('select count(*)::int as n from baskets');
    for (let i = 0; i < BASKET_ALLOWANCE; i++) expect((await add('198.18.0.1')).statusCode).toBe(200);
    const refused = await add('198.18.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await add('198.18.0.2')).statusCode).toBe(200);
    const after = await t.ctx.db.query<{ n: number }>('select count(*)::int as n from baskets');
    expect(after.rows[0]!.n - before.rows[0]!.n).toBe(BASKET_ALLOWANCE + 1);
  });
});
