import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot } from '../boot';
import { pgliteSnapshot } from '../testing/testContext';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import type { FastifyInstance } from 'fastify';
import { isSafeCssValue, renderPageHtml, renderThemeHead } from './pageHtml';
import { buildScreenHeadData, collectionScreen, productScreen, renderHeadHtml } from '../../src/core/head';
import type { CollectionSummary, Paginated, ProductDetail, ProductSummary } from '../../src/core/catalogue';
import { FONT_WEIGHTS, fontUrl } from '../../src/core/theme/fonts';
import type { StoreTheme } from '../../src/core/storeData';
import { fallbackFaceCss } from '../../src/core/theme/fontFallbackFaces';

let ctx: AppContext;
let app: FastifyInstance;
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pod-client-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>Store</title></head><body><div id="root"></div></body></html>');
  ctx = await boot({ dataDir: null, snapshot: pgliteSnapshot() });
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

describe('product and collection pages (the first response has their real head)', () => {
  const ORIGIN = 'http://localhost:3000';
  const api = async <T,>(url: string) => (await get(url)).json() as T;
  const divisionId = async () => (await api<{ state: { subdomain: { division: { id: number } } } }>('/omnis/v3/frontend/getStoreCoreData/json/')).state.subdomain.division.id;
  const headOf = (html: string) => /<title>[\s\S]*?(?=\n\s*<style data-store-theme>)/.exec(html)?.[0];
  const meta = (html: string, key: string) => new RegExp(`<meta data-head (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];

  it('GET /product/<urlName>/ carries the product title, description, canonical, og:type product, its image and Product JSON-LD', async () => {
    const res = await get('/product/fern-organic-tee/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>Fern Organic Tee | Fern &amp; Thread</title>');
    expect(res.body).toContain('<link data-head rel="canonical" href="http://localhost:3000/product/fern-organic-tee/">');
    expect(meta(res.body, 'description')).toBe('Our bestselling tee: soft 100% organic cotton with a hand-drawn fern on the chest.');
    expect(meta(res.body, 'og:type')).toBe('product');
    expect(meta(res.body, 'og:title')).toBe('Fern Organic Tee');
    expect(meta(res.body, 'og:image')).toBe('http://localhost:3000/media/mockup/tshirt/f5f3ec/fern.svg');
    const data = jsonLd(res.body);
    expect(data.map((d) => d['@type'])).toEqual(['Product', 'BreadcrumbList']);
    const validUntil = new Date();
    validUntil.setUTCFullYear(validUntil.getUTCFullYear() + 1);
    expect(data[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Fern Organic Tee',
      description: 'Our bestselling tee: soft 100% organic cotton with a hand-drawn fern on the chest.',
      sku: 'FT-001',
      image: ['http://localhost:3000/media/mockup/tshirt/f5f3ec/fern.svg'],
      brand: { '@type': 'Brand', name: 'Fern & Thread' },
      offers: {
        '@type': 'Offer',
        url: 'http://localhost:3000/product/fern-organic-tee/',
        price: '25.00',
        priceCurrency: 'GBP',
        priceValidUntil: validUntil.toISOString().slice(0, 10), // §9: valid one year
        availability: 'https://schema.org/InStock',
      },
    });
    expect(res.body).not.toContain('name="robots"');
  });

  it('is exactly the head the product page applies from the §7 product payload (same pure builder)', async () => {
    const division = await divisionId();
    const product = await api<ProductDetail>(`/omnis/v3/division/${division}/products/tidal-tee/`);
    for (const [path, colour] of [['/product/tidal-tee/', null], ['/product/tidal-tee/navy/', 'navy']] as const) {
      const res = await get(path);
      const screen = productScreen(ORIGIN, product, { colour, currency: 'GBP', today: new Date() });
      expect(headOf(res.body)).toBe(renderHeadHtml(buildScreenHeadData(ORIGIN, 'Fern & Thread', screen)));
    }
    // The colour in the address (any case) picks its picture and gives the canonical colour address; the sale price is offered.
    const navy = await get('/product/tidal-tee/navy/');
    expect(navy.body).toContain('<link data-head rel="canonical" href="http://localhost:3000/product/tidal-tee/Navy/">');
    expect(meta(navy.body, 'og:image')).toBe('http://localhost:3000/media/mockup/tshirt/1e2a44/wave.svg');
    expect(jsonLd(navy.body)[0].offers.price).toBe('19.00');
  });

  it('GET /collection/<urlName>/ carries its title, description, canonical and its first page as an ItemList', async () => {
    const division = await divisionId();
    const res = await get('/collection/t-shirts/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>T-Shirts | Fern &amp; Thread</title>');
    expect(meta(res.body, 'description')).toBe('Organic cotton tees, printed to order in our renewable-powered factory.');
    expect(res.body).toContain('<link data-head rel="canonical" href="http://localhost:3000/collection/t-shirts/">');
    const [list] = jsonLd(res.body);
    expect(list['@type']).toBe('ItemList');
    // The products the collection page shows first, in the same order.
    const shown = await api<Paginated<ProductSummary>>(`/omnis/v3/division/${division}/products/?collection=t-shirts&limit=24`);
    expect(list.itemListElement.map((i: { name: string }) => i.name)).toEqual(shown.data.map((p) => p.name));
    expect(list.itemListElement[0]).toEqual({ '@type': 'ListItem', position: 1, name: 'Fern Organic Tee', url: 'http://localhost:3000/product/fern-organic-tee/', image: 'http://localhost:3000/media/mockup/tshirt/f5f3ec/fern.svg' });
    const { data: collections } = await api<{ data: CollectionSummary[] }>(`/omnis/v3/collections/get/${division}/`);
    const screen = collectionScreen(ORIGIN, collections.find((c) => c.urlName === 't-shirts')!, shown.data);
    expect(headOf(res.body)).toBe(renderHeadHtml(buildScreenHeadData(ORIGIN, 'Fern & Thread', screen)));
  });

  it.each([
    ['/product/no-such-tee/', 'Product not found'],
    ['/product/fern_organic;tee/', 'Product not found'],
    ['/collection/no-such-collection/', 'Collection not found'],
  ])('answers %s with 404 and a noindex not-found head', async (path, title) => {
    const res = await get(path);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/); // still the app, which shows the not-found screen
    expect(res.body).toContain(`<title>${title} | Fern &amp; Thread</title>`);
    expect(res.body).toContain('<meta data-head name="robots" content="noindex">');
    expect(jsonLd(res.body)).toEqual([]);
    expect(res.body).toContain('<div id="root">');
  });
});

describe('first paint in the theme (no flash of unthemed content)', () => {
  const styleOf = (html: string) => /<style data-store-theme>(.*?)<\/style>/s.exec(html)?.[1] ?? '';

  it("inlines the store theme's CSS variables on :root in the first response, and neither declares nor preloads its fonts", async () => {
    const res = await get('/');
    const theme = ctx.themes.resolve('verde'); // the demo store's theme
    const css = styleOf(res.body);
    // The same variables the SPA's applyTheme sets, so nothing changes when it runs.
    const rootRule = /^:root\{(.*?)\}/.exec(css)![1]!;
    const declared = Object.fromEntries(rootRule.split(';').map((d) => [d.slice(0, d.indexOf(':')), d.slice(d.indexOf(':') + 1)]));
    expect(declared).toEqual(theme.variables);
    expect(declared['--primary-color']).toMatch(/^(#|rgb)/);
    // The app adds the web faces together once they have loaded and the visitor acts (src/app/fonts.ts); a web face
    // declared here would swap in by itself, and a font preload would make Chromium hold the first paint for it.
    // Only the installed stand-ins drawn to the web fonts' metrics are declared.
    expect(css.slice(css.indexOf('}') + 1)).toBe(fallbackFaceCss(theme.fonts));
    expect(res.body).not.toMatch(/@font-face\{[^}]*url\(/);
    expect(res.body).not.toMatch(/<link[^>]*as="font"/);
    expect(res.body.indexOf('<style data-store-theme>')).toBeLessThan(res.body.indexOf('</head>'));
    // Every face the app will ask for is served.
    for (const family of theme.fonts) {
      for (const weight of FONT_WEIGHTS) {
        const font = await app.inject({ url: fontUrl(family, weight) });
        expect(font.statusCode, fontUrl(family, weight)).toBe(200);
        expect(font.headers['content-type']).toBe('font/woff2');
      }
    }
  });

  it('renderThemeHead keeps store-supplied values that could escape the <style> out of the page', () => {
    const theme: StoreTheme = {
      name: 'evil',
      properties: { 'primary.font': 'Lato', 'heading1.font': '</style><script>alert(1)</script>' },
      fonts: ['Lato', '</style><script>alert(1)</script>', 'Not Installed', 'Playfair Display'],
      variables: {
        '--ok': '#112233',
        '--stack': '"Lato", "Helvetica Neue", Arial, sans-serif',
        '--image': 'url("/media/scene/forest.svg")',
        '--close': '</style><script>alert(1)</script>',
        '--close-upper': 'red</STYLE >',
        '--lt': 'a < b',
        '--rule': 'red;} body{display:none',
        '--brace': 'red}',
        '--escape': '\\3c /style\\3e',
        '--comment': 'red /* swallow',
        '--quote': '"unbalanced',
        '--single': "'x'",
        '--newline': 'red\nblue',
        '--important': 'red !important',
        'not-a-variable': 'red',
        '--bad name': 'red',
      },
    };
    const html = renderThemeHead(theme);
    expect(html).not.toMatch(/<\/style[^>]*>.*<\/style>/is); // exactly one closing tag: the element's own
    expect(html.match(/</g)).toHaveLength(2); // <style>, </style>
    // The font stand-ins are those of the catalogue's fonts only: no rule names the unsafe or unknown families.
    expect(styleOf(html)).toBe(
      ':root{--ok:#112233;--stack:"Lato", "Helvetica Neue", Arial, sans-serif;--image:url("/media/scene/forest.svg")}' + fallbackFaceCss(['Lato', 'Playfair Display']),
    );
    expect(styleOf(html)).toContain('@font-face{font-family:"Lato Fallback 1";src:local("Arial"), local("ArialMT"), local("Liberation Sans"), local("LiberationSans");font-weight:400;size-adjust:');
    // The unsafe heading font is not declared.
    expect(html).not.toContain('alert');
  });

  it('isSafeCssValue accepts the values every named theme produces', () => {
    for (const { name } of ctx.themes.names()) {
      for (const [variable, value] of Object.entries(ctx.themes.resolve(name).variables)) expect(isSafeCssValue(value), `${name} ${variable}: ${value}`).toBe(true);
    }
  });

  it('a page title containing "$&" or "$\'" stays literal text in the written head', async () => {
    // Runs last: it renames the about page.
    await ctx.db.query(`update pages set properties = properties || $1::jsonb where url = '/about/'`, [JSON.stringify({ title: "Tees $& more $'" })]);
    const html = await renderPageHtml(ctx, '<html><head><title>Store</title></head><body></body></html>', { host: 'localhost:3000', origin: 'http://localhost:3000', path: '/about/' });
    expect(html).toContain(`<title>Tees $&amp; more $' | Fern &amp; Thread</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<style data-store-theme>:root{');
  });
});

describe('the status of an address (§2.2 catch-all)', () => {
  it.each([['/no-such-page/'], ['/about/typo/'], ['/404/'], ['/login/extra/'], ['/creator/nobody/'], ['/creator/Ines%20Fern/'], ['/plugins/no-such-feature'], ['/teemail/no-such-letter/'], ['/help/question/no-such-question/'], ['/help/no-such-question/'], ['/help/group/nope/']])('answers %s with 404 while serving the app that shows the not-found screen', async (path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.body).toContain('<meta data-head name="robots" content="noindex">');
  });

  it.each([
    ['/help/', 'Help centre'],
    ['/help/when-will-my-order-arrive/', 'When will my order arrive?'],
    ['/help/question/when-will-my-order-arrive/', 'When will my order arrive?'],
    ['/help/group/payments/', 'Payments'],
    ['/help/reason/orders-and-delivery/', 'Contact us about orders and delivery'],
  ])('answers the help address %s with 200 and its own title, indexable, at its own address', async (path, title) => {
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${title} | Fern &amp; Thread</title>`);
    expect(res.body).not.toContain('noindex');
    expect(res.body).toContain(`<link data-head rel="canonical" href="http://localhost:3000${path}">`);
  });

  it.each([['/'], ['/about/'], ['/login/'], ['/basket/'], ['/receipt/abc123'], ['/dashboard/pages/1/edit'], ['/creator/ines-fern/'], ['/plugins/currency'], ['/teemail/spring-letter/']])('answers %s with 200', async (path) => {
    expect((await get(path)).statusCode).toBe(200);
  });
});

it('writes the store’s verification meta tags into the first response, rebuilt from their attributes', async () => {
  const tracking = {
    googleVerification: '<meta name="google-site-verification" content="abc&123" />',
    pinterestVerification: "<meta name='p:domain_verify' content='pin42'>",
    facebookVerification: '',
  };
  await ctx.db.query(`update subdomains set settings = settings || $1::jsonb where division_id = (select id from divisions where code = 'demo')`, [JSON.stringify({ tracking })]);
  try {
    for (const url of ['/', '/product/fern-organic-tee/']) {
      const html = (await get(url)).body;
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain('<meta name="google-site-verification" content="abc&amp;123">');
      expect(head).toContain('<meta name="p:domain_verify" content="pin42">');
    }
  } finally {
    await ctx.db.query(`update subdomains set settings = settings - 'tracking' where division_id = (select id from divisions where code = 'demo')`);
  }
});
