import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { boot } from '../boot';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import type { FastifyInstance } from 'fastify';

let ctx: AppContext;
let app: FastifyInstance;
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pod-client-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>Store</title></head><body><div id="root"></div></body></html>');
  ctx = await boot({ dataDir: null });
  app = await buildApp(ctx, { clientDir });
});
afterAll(async () => {
  await app?.close();
  await ctx?.db.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ url, headers: { host: 'localhost:3000', accept: 'text/html' } });
const jsonLd = (html: string) => [...html.matchAll(/<script data-head type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

it('the first HTML response of a store page carries its title, description, canonical and JSON-LD (curl sees them)', async () => {
  const res = await get('/');
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('<title>Organic clothing, printed to order | Fern &amp; Thread</title>');
  expect(res.body).toContain('<meta data-head name="description" content="Fern &amp; Thread makes organic cotton tees');
  expect(res.body).toContain('<link data-head rel="canonical" href="http://localhost:3000/">');
  expect(res.body).toContain('<meta data-head property="og:title" content="Organic clothing, printed to order">');
  const data = jsonLd(res.body);
  expect(data.map((d) => d['@type'])).toEqual(['WebSite', 'ItemList', 'BreadcrumbList']);
  // The home page's best-sellers grid, as the block lists it.
  expect(data[1].itemListElement.slice(0, 2).map((i: { name: string }) => i.name)).toEqual(['Fern Organic Tee', 'Summit Tee']);
  expect(res.body).not.toContain('name="robots"');
});

it('other pages get their own head; the gallery lists its FAQ; unknown paths are noindex', async () => {
  const about = await get('/about/');
  expect(about.body).toContain('<title>About us | Fern &amp; Thread</title>');
  expect(jsonLd(about.body).map((d) => d['@type'])).toEqual(['BreadcrumbList']);

  const gallery = await get('/blocks');
  expect(gallery.body).toContain('<meta data-head name="robots" content="noindex">'); // out of the sitemap
  const faq = jsonLd(gallery.body).find((d) => d['@type'] === 'FAQPage');
  expect(faq.mainEntity[0].name).toBe('How long does delivery take?');

  const missing = await get('/no-such-page/');
  expect(missing.body).toContain('<title>Page not found | Fern &amp; Thread</title>');
  expect(missing.body).toContain('name="robots" content="noindex"');
});
