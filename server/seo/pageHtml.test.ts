import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot } from '../boot';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import type { FastifyInstance } from 'fastify';
import { isSafeCssValue, renderPageHtml, renderThemeHead } from './pageHtml';
import { fontSlug } from '../../src/app/fonts';
import type { FontCatalogue } from '../api/fonts/catalogue';
import type { StoreTheme } from '../../src/core/storeData';

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

describe('first paint in the theme (no flash of unthemed content)', () => {
  const styleOf = (html: string) => /<style data-head>(.*?)<\/style>/s.exec(html)?.[1] ?? '';

  it("inlines the store theme's CSS variables on :root, @font-face rules and font preloads in the first response", async () => {
    const res = await get('/');
    const theme = ctx.themes.resolve('verde'); // the demo store's theme
    const css = styleOf(res.body);
    // The same variables the SPA's applyTheme sets, so nothing changes when it runs.
    const rootRule = /^:root\{(.*?)\}/.exec(css)![1]!;
    const declared = Object.fromEntries(rootRule.split(';').map((d) => [d.slice(0, d.indexOf(':')), d.slice(d.indexOf(':') + 1)]));
    expect(declared).toEqual(theme.variables);
    expect(declared['--primary-color']).toMatch(/^(#|rgb)/);
    for (const family of theme.fonts) {
      expect(css).toContain(`@font-face{font-family:"${family}";font-style:normal;font-weight:400;font-display:swap;src:url(/fonts/${fontSlug(family)}/400.woff2) format("woff2")}`);
    }
    const text = String(theme.properties['text.font'] || theme.properties['primary.font']);
    const heading = String(theme.properties['heading1.font'] || theme.properties['primary.font']);
    expect(res.body).toContain(`<link data-head rel="preload" as="font" type="font/woff2" href="/fonts/${fontSlug(text)}/400.woff2" crossorigin>`);
    expect(res.body).toContain(`<link data-head rel="preload" as="font" type="font/woff2" href="/fonts/${fontSlug(heading)}/700.woff2" crossorigin>`);
    // Before the app's own scripts and styles, so the browser starts on the fonts at once.
    expect(res.body.indexOf('<style data-head>')).toBeLessThan(res.body.indexOf('</head>'));

    // Every preloaded font is really served.
    for (const [, href] of res.body.matchAll(/rel="preload" as="font" type="font\/woff2" href="([^"]+)"/g)) {
      const font = await app.inject({ url: href! });
      expect(font.statusCode, href).toBe(200);
      expect(font.headers['content-type']).toBe('font/woff2');
    }
  });

  it('renderThemeHead keeps store-supplied values that could escape the <style> out of the page', () => {
    const fonts: FontCatalogue = { has: (f) => ['lato', 'playfair-display'].includes(fontSlug(f)), file: () => null, slugs: () => [] };
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
    const html = renderThemeHead(theme, fonts);
    expect(html).not.toMatch(/<\/style[^>]*>.*<\/style>/is); // exactly one closing tag: the element's own
    expect(html.match(/</g)).toHaveLength(3); // <style>, </style>, one <link>
    expect(styleOf(html)).toBe(
      ':root{--ok:#112233;--stack:"Lato", "Helvetica Neue", Arial, sans-serif;--image:url("/media/scene/forest.svg")}' +
        '@font-face{font-family:"Lato";font-style:normal;font-weight:400;font-display:swap;src:url(/fonts/lato/400.woff2) format("woff2")}' +
        '@font-face{font-family:"Lato";font-style:normal;font-weight:700;font-display:swap;src:url(/fonts/lato/700.woff2) format("woff2")}' +
        '@font-face{font-family:"Playfair Display";font-style:normal;font-weight:400;font-display:swap;src:url(/fonts/playfair-display/400.woff2) format("woff2")}' +
        '@font-face{font-family:"Playfair Display";font-style:normal;font-weight:700;font-display:swap;src:url(/fonts/playfair-display/700.woff2) format("woff2")}',
    );
    // The text font is preloaded; the unsafe heading font is neither preloaded nor declared.
    expect(html).toContain('<link data-head rel="preload" as="font" type="font/woff2" href="/fonts/lato/400.woff2" crossorigin>');
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
    expect(html).toContain('<style data-head>:root{');
  });
});
