import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../../testing/testContext';
import { fromRoot } from '../../paths';
import { readFontCatalogue } from './catalogue';
import { FONT_CACHE_CONTROL } from './fonts';

let t: Awaited<ReturnType<typeof openTestContext>>;
beforeAll(async () => {
  t = await openTestContext({ seed: false });
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ url });
const file = (pkg: string, weight: number) => fs.readFileSync(fromRoot('node_modules', '@fontsource', pkg, 'files', `${pkg}-latin-${weight}-normal.woff2`));

describe('GET /fonts/{family}/{weight}.woff2 (self-hosted theme fonts)', () => {
  it('serves the latin woff2 of an installed @fontsource family with long cache headers', async () => {
    const res = await get('/fonts/lato/400.woff2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.headers['cache-control']).toBe(FONT_CACHE_CONTROL);
    expect(FONT_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(file('lato', 400))).toBe(true);
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');

    const bold = await get('/fonts/playfair-display/700.woff2');
    expect(bold.statusCode).toBe(200);
    expect(bold.rawPayload.equals(file('playfair-display', 700))).toBe(true);
  });

  it('falls back to the nearest weight a display font ships (Pacifico and Bebas Neue have only 400)', async () => {
    for (const pkg of ['pacifico', 'bebas-neue']) {
      const res = await get(`/fonts/${pkg}/700.woff2`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(file(pkg, 400))).toBe(true);
    }
  });

  it('404 JSON for unknown families, other weights, other files and traversal attempts', async () => {
    for (const url of [
      '/fonts/comic-sans/400.woff2',
      '/fonts/lato/300.woff2', // shipped, but only 400 and 700 are served
      '/fonts/lato/400.woff',
      '/fonts/lato/400.css',
      '/fonts/lato/index.css',
      '/fonts/lato/',
      '/fonts/lato/files/lato-latin-400-normal.woff2',
      '/fonts/..%2F..%2Fpackage.json/400.woff2',
      '/fonts/lato/..%2F..%2F..%2Fpackage.json',
      '/fonts/%2e%2e/400.woff2',
      '/fonts/../package.json',
      '/fonts/lato/%2e%2e%2flato-latin-400-normal.woff2',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ message: '404 Not found' });
    }
  });
});

describe('font catalogue (the whitelist)', () => {
  it('is derived from the installed @fontsource packages: every family the named themes use', () => {
    const catalogue = readFontCatalogue();
    const installed = fs.readdirSync(fromRoot('node_modules', '@fontsource'));
    expect(catalogue.slugs()).toEqual([...installed].sort());
    expect(catalogue.slugs()).toHaveLength(29);
    for (const { name } of t.ctx.themes.names()) {
      for (const family of t.ctx.themes.resolve(name).fonts) expect(catalogue.has(family), `${name}: ${family}`).toBe(true);
    }
    expect(catalogue.has('Comic Sans MS')).toBe(false);
  });

  it('an empty or missing folder whitelists nothing', () => {
    const catalogue = readFontCatalogue(fromRoot('.tmp', 'no-such-fontsource-dir'));
    expect(catalogue.slugs()).toEqual([]);
    expect(catalogue.file('lato', 400)).toBeNull();
  });
});
