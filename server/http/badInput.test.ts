import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDivisionId, openTestContext } from '../testing/testContext';
import { registeredRoutes } from './routeList';
import { findBadInput, inputMessages } from './inputGuard';
import { TestClient } from '../auth/testClient';
import { jsonDepth, tooDeepMessage } from './bodyDepth';

let t: Awaited<ReturnType<typeof openTestContext>>;
beforeAll(async () => {
  t = await openTestContext();
}, 180_000);
afterAll(async () => t?.close());

describe('hostile input is a 400, never a 500', () => {
  it('refuses 10,000-deep JSON before any handler sees it', async () => {
    const c = new TestClient(t.app, '198.51.100.200');
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const response = await c.request('POST', '/omnis/v3/checkout/quote/', undefined, { 'content-type': 'application/json' });
    expect(response.statusCode).toBeLessThan(500);
    const res = await t.app.inject({ method: 'POST', url: '/omnis/v3/dashboard/secure/login/', payload: `{"email":${deep}}`, headers: { 'content-type': 'application/json', 'x-csrf-token': c.cookies['XSRF-TOKEN']! }, cookies: c.cookies });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The given data was invalid.', errors: { '/': [tooDeepMessage] } });
    expect(jsonDepth({ a: [{ b: 1 }] })).toBe(3);
  });

  it('answers 400 for a NUL byte the database cannot store', async () => {
    const c = new TestClient(t.app, '198.51.100.201');
    const res = await c.post('/omnis/v3/dashboard/secure/request-reset/', { email: 'a\u0000b@example.com' });
    expect(res.statusCode).toBeLessThan(500);
    const search = await c.get('/omnis/v3/search/?q=%00tee');
    expect(search.statusCode).toBeLessThan(500);
  });
});

describe('ids and text the database cannot hold are a 400 naming the field, on every route that takes ids', () => {
  const badIds = ['99999999999999999999', '-1', '1e309', '2147483648', '1.5'];
  const idRoutes = () =>
    registeredRoutes(t.app)
      .filter((r) => /:(id|[a-z][a-zA-Z]*Id)\b/.test(r.url))
      .map((r) => ({ ...r, params: [...r.url.matchAll(/:([a-zA-Z]+)/g)].map((m) => m[1]!) }));

  it('finds the id routes from Fastify itself', () => {
    expect(idRoutes().length).toBeGreaterThan(20);
  });

  it('answers 400 with the parameter named for ids out of range, negative or not whole', async () => {
    const c = new TestClient(t.app, '198.51.100.210');
    for (const route of idRoutes()) {
      for (const bad of badIds) {
        for (const param of route.params.filter((p) => /^(id|[a-z][a-zA-Z]*Id)$/.test(p))) {
          const url = route.url.replace(/:([a-zA-Z]+)/g, (_m, name: string) => (name === param ? encodeURIComponent(bad) : name.endsWith('Id') || name === 'id' ? '1' : 'x'));
          const res = await c.request(route.method as 'GET', url, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
          expect({ route: `${route.method} ${route.url}`, bad, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, bad, status: 400 });
          expect(res.json()).toEqual({ message: 'The given data was invalid.', errors: { [`/${param}`]: [inputMessages.badId] } });
        }
      }
    }
  });

  it('answers 400 with the field named for lone surrogates and NUL in path ids, queries and JSON bodies', async () => {
    const c = new TestClient(t.app, '198.51.100.211');
    const division = await demoDivisionId(t.ctx.db);
    for (const url of [`/omnis/v3/divisions/${division}/pages/%ED%A0%80/`, `/omnis/v3/divisions/${division}/pages/%00/`]) {
      const res = await c.get(url);
      expect(res.statusCode, url).toBe(400);
    }
    const query = await c.get('/omnis/v3/search/?q=%ED%A0%80tee');
    expect(query.statusCode).toBeLessThan(500);
    const nul = await c.get('/omnis/v3/search/?q=%00tee');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ message: 'The given data was invalid.', errors: { '/q': [inputMessages.badText] } });
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/omnis/v3/dashboard/secure/request-reset/',
      remoteAddress: '198.51.100.211',
      cookies: c.cookies,
      headers: { 'content-type': 'application/json', 'x-csrf-token': c.cookies['XSRF-TOKEN']! },
      payload: '{"email":"a\\ud800b@example.com"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toEqual({ message: 'The given data was invalid.', errors: { '/email': [inputMessages.badText] } });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/omnis/v3/basket/update/',
      remoteAddress: '198.51.100.211',
      cookies: c.cookies,
      headers: { 'content-type': 'application/json', 'x-csrf-token': c.cookies['XSRF-TOKEN']! },
      payload: '{"itemId":99999999999999999999,"quantity":1e309}',
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ message: 'The given data was invalid.', errors: { '/itemId': [inputMessages.badId], '/quantity': [inputMessages.badNumber] } });
  });

  it('lets well-formed text and ids through', () => {
    expect(findBadInput({ params: { pageId: '12' }, query: { q: 'tee 😀', division: 'demo' }, body: { divisionId: 3, itemIds: [1, 2], text: 'ok \ud83d\ude00' } })).toBeNull();
    expect(findBadInput({ params: {}, query: { divisions: '1,99999999999' }, body: null })).toEqual({ '/divisions': [inputMessages.badId] });
  });
});
