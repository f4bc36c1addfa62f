import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../testing/testContext';
import { TestClient } from '../auth/testClient';
import { registeredRoutes, type RegisteredRoute } from './routeList';
import { apiMessages } from './errors';
import { pageMessages } from '../api/divisions/pages';
import { authMessages } from '../auth/messages';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a route is missing: a params schema for a path with parameters, a body schema (or a declared reason) for a write. */
export function missingSchemas(routes: RegisteredRoute[]): string[] {
  const missing: string[] = [];
  for (const r of routes) {
    if (r.url.includes(':') && !r.schema.params) missing.push(`${r.method} ${r.url}: no params schema`);
    if (BODY_METHODS.has(r.method) && !r.schema.body && !r.bodyKind) missing.push(`${r.method} ${r.url}: no body schema and no config.body reason`);
  }
  return missing;
}

let t: Awaited<ReturnType<typeof openTestContext>>;
beforeAll(async () => {
  t = await openTestContext();
}, 120_000);
afterAll(async () => t?.close());

describe('route schemas', () => {
  it('every registered route declares its path parameters and its body', () => {
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(100);
    expect(missingSchemas(routes)).toEqual([]);
  });

  it('the check fails on a route without one', () => {
    const bare = { schema: { params: false, querystring: false, body: false } };
    expect(
      missingSchemas([
        { method: 'GET', url: '/omnis/v3/things/:id/', ...bare },
        { method: 'POST', url: '/omnis/v3/things/', ...bare },
        {
          method: 'POST',
          url: '/omnis/v3/things/ping/',
          ...bare,
          bodyKind: 'none',
        },
      ]),
    ).toEqual(['GET /omnis/v3/things/:id/: no params schema', 'POST /omnis/v3/things/: no body schema and no config.body reason']);
  });

  it('a path id that names nothing answers 404 with the route’s own message, never 422 or 500', async () => {
    const client = new TestClient(t.app, '192.0.2.91');
    for (const [url, message] of [
      ['/omnis/v3/divisions/abc/pages/', pageMessages.notFound],
      ['/omnis/v3/divisions/1/pages/0/', pageMessages.notFound],
      ['/omnis/v3/divisions/1x/theme/', apiMessages.notFound],
      ['/omnis/v3/divisions/x/stats/summary/', apiMessages.notFound],
      ['/omnis/v3/atlas/orders/abc/', apiMessages.notFound],
    ] as const) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toBe(message);
    }
    const mute = await client.post('/omnis/v3/atlas/users/abc/mute/', {});
    expect(mute.statusCode).toBe(404);
    expect(mute.json().message).toBe(authMessages.userNotFound);
  });
});
