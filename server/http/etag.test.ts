import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDivisionId, openTestContext } from '../testing/testContext';

/** ETag/304 on the storefront's repeated API reads; never on personal ones. */
let t: Awaited<ReturnType<typeof openTestContext>>;
let division = 0;
beforeAll(async () => {
  t = await openTestContext();
  division = await demoDivisionId(t.ctx.db);
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...headers } });

describe('ETag and 304', () => {
  it('catalogue reads: a public ETag; the same tag answers 304 with no body, whatever the encoding', async () => {
    for (const url of [`/omnis/v3/collections/get/${division}/`, `/omnis/v3/division/${division}/products/fern-organic-tee/`]) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const again = await get(url, { 'if-none-match': etag, 'accept-encoding': 'br' });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      // A stale tag gets the answer.
      expect((await get(url, { 'if-none-match': 'W/"stale"' })).statusCode).toBe(200);
    }
  });

  it('store core data and page reads depend on the session: private, Vary: Cookie', async () => {
    const core = await get('/omnis/v3/frontend/getStoreCoreData/json/');
    expect(core.statusCode).toBe(200);
    expect(core.headers['cache-control']).toBe('private, no-cache');
    expect(String(core.headers.vary)).toMatch(/Cookie/);
    expect((await get('/omnis/v3/frontend/getStoreCoreData/json/', { 'if-none-match': String(core.headers.etag) })).statusCode).toBe(304);
  });

  it('a changed answer gets a new tag (an owner edited the catalogue)', async () => {
    const url = `/omnis/v3/division/${division}/products/fern-organic-tee/`;
    const before = String((await get(url)).headers.etag);
    await t.ctx.db.query(`update products set name = name || ' (new)' where url_name = 'fern-organic-tee'`);
    const after = await get(url, { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });

  it('no ETag on personal reads (the basket) or on errors', async () => {
    const basket = await get('/omnis/v3/basket/main/list/');
    expect(basket.headers.etag).toBeUndefined();
    const missing = await get(`/omnis/v3/division/${division}/products/no-such-product/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});
