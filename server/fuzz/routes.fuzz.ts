import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { demoDivisionId, openTestContext } from '../testing/testContext';
import { TestClient } from '../auth/testClient';
import { DEMO_ACCOUNTS } from '../db/seed/demoAccounts';
import { registeredRoutes, type RegisteredRoute } from '../http/routeList';
import { CSRF_COOKIE } from '../http/csrf';

/**
 * `npm run test:fuzz`: generated hostile requests to every route Fastify has registered (a new route is covered
 * without being listed), as an anonymous caller and as the signed-in owner of the demo store with a valid
 * anti-forgery token (so requests get past CSRF and the store guard and reach the handlers). A request fails
 * the suite when it answers 5xx, shows a stack trace or does not answer within REQUEST_TIMEOUT_MS.
 * FUZZ_RUNS (default 6) is the number of generated requests per route and role; FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
const REQUEST_TIMEOUT_MS = 5_000;
const PROBE = '/omnis/v3/test/fuzz-probe/';
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: Awaited<ReturnType<typeof openTestContext>>;
let division = 0;
let routes: RegisteredRoute[] = [];
beforeAll(async () => {
  t = await openTestContext();
  // A probe that crashes on most bodies, to prove the property catches a 500 (kept out of the main sweep).
  t.app.post(PROBE, async (request) => ({ length: (request.body as { a: { b: string } }).a.b.length }));
  division = await demoDivisionId(t.ctx.db);
  routes = registeredRoutes(t.app).filter((r) => r.url !== PROBE);
}, 180_000);
afterAll(async () => t?.close());

/** Strings a hostile tester types: NUL, lone surrogates, huge numbers, traversal, markup, SQL, format strings. */
const nasty = fc.oneof(
  fc.constantFrom(
    '\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud83d', '99999999999999999999', '-1', '0', '1e309', '-0', 'NaN', 'Infinity', '1.5', '0x10',
    '../../etc/passwd', '..%2f..%2f', '%00', '%', '%zz', '<script>alert(1)</script>', "' or 1=1 --", '${7*7}', '{{7*7}}', '__proto__',
    'constructor', ' ', '', 'null', 'true', '[]', '{}', '\n\r\t', 'é'.repeat(300), 'a'.repeat(5000), '😀', '\u202e', String(division), '1',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
);

const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nasty,
    fc.integer(),
    fc.constantFrom(1e20, -1, 0, 2147483648, 1.5, -0, Number.MAX_VALUE, null, true, false),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(nasty, fc.constantFrom('id', 'divisionId', 'pageId', 'items', 'email', 'password', 'events', 'name', 'url', 'blocks', 'quantity', 'payment', '__proto__')), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A body: JSON of a generated value, or raw bytes under a JSON (or other) content type. */
const body = fc.oneof(
  nastyValue.map((v) => ({ payload: JSON.stringify(v) ?? 'null', type: 'application/json' })),
  fc.record({ payload: fc.oneof(nasty, fc.constantFrom('{', '{"a":', '[1,', '\u0000{}', '{"a":1}{"b":2}', '"\\ud800"', '{"email":"\\u0000"}', '1e309')), type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream', 'application/json; charset=utf-16', 'nonsense') }),
);

const query = fc.dictionary(fc.oneof(nasty, fc.constantFrom('q', 'division', 'divisions', 'page', 'limit', 'sort', 'id', 'from', 'to', 'status', 'url', 'token')), nasty, { maxKeys: 4 });

const headers = fc.record(
  {
    'accept-language': nasty,
    'x-forwarded-for': nasty,
    host: fc.constantFrom('localhost', 'attacker.example', '', '[::1', 'a'.repeat(300), '127.0.0.1:99999'),
    'if-none-match': nasty,
    range: fc.constantFrom('bytes=0-', 'bytes=-1', 'bytes=999999999999-', 'bytes=a-b'),
    'accept-encoding': fc.constantFrom('br', 'gzip', 'identity;q=0', '*'),
    cookie: fc.constantFrom('pod_session=\u0000', 'pod_basket=%ED%A0%80', 'pod_basket=' + 'x'.repeat(500), 'a=b'),
  },
  { requiredKeys: [] },
);

const encodePart = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as its UTF-8 bytes
  }
};

/** The route's URL with each `:param` (and a trailing `*`) filled from the generated values. */
function fill(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:[a-zA-Z]+|\*$/g, () => encodePart(values[i++ % Math.max(values.length, 1)] ?? 'x'));
}

const STACK_TRACE = /\n\s+at [^\n]+:\d+:\d+|node_modules\/|\/work\/|file:\/\//;

async function send(app: FastifyInstance, client: TestClient, route: Pick<RegisteredRoute, 'method' | 'url'>, input: { params: string[]; query: Record<string, string>; body: { payload: string; type: string }; headers: Record<string, string>; ip: number }): Promise<LightMyRequestResponse> {
  const qs = new URLSearchParams(input.query).toString();
  const url = `${fill(route.url, input.params)}${qs ? `?${qs}` : ''}`;
  const csrf = client.cookies[CSRF_COOKIE];
  const request = app.inject({
    method: route.method as 'GET',
    url,
    remoteAddress: `10.9.${(input.ip >> 8) & 255}.${input.ip & 255}`,
    cookies: client.cookies,
    headers: {
      ...input.headers,
      ...(csrf ? { 'x-csrf-token': csrf } : {}),
      ...(METHODS_WITH_BODY.has(route.method) ? { 'content-type': input.body.type } : {}),
    },
    ...(METHODS_WITH_BODY.has(route.method) ? { payload: input.body.payload } : {}),
  });
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms: ${route.method} ${url}`)), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([request, hang]);
  } finally {
    clearTimeout(timer);
  }
}

const input = fc.record({
  params: fc.array(nasty, { minLength: 1, maxLength: 3 }),
  query,
  body,
  headers,
  ip: fc.integer({ min: 1, max: 65_000 }),
});

/** Runs the property on one route; answers the failure (route, status, body, counterexample) or null. */
async function fuzzRoute(route: Pick<RegisteredRoute, 'method' | 'url'>, client: TestClient): Promise<string | null> {
  return fc
    .assert(
      fc.asyncProperty(input, async (generated) => {
        const response = await send(t.app, client, route, generated);
        const where = `${route.method} ${route.url} → ${response.statusCode}: ${response.body.slice(0, 300)}`;
        if (response.statusCode >= 500) throw new Error(where);
        if (STACK_TRACE.test(response.body)) throw new Error(`stack trace in ${where}`);
      }),
      { numRuns: RUNS, seed: SEED + routes.findIndex((r) => r.method === route.method && r.url === route.url), endOnFailure: true },
    )
    .then(() => null)
    // fast-check keeps the property's own error as the cause: it names the route and what came back, so it leads.
    .catch((error: unknown) => {
      const cause = (error as Error).cause;
      const report = String((error as Error).message).split('\n').slice(0, 12).join('\n');
      return cause instanceof Error ? `${cause.message}\n${report}` : report;
    });
}

it('catches a route that answers 500', async () => {
  const client = new TestClient(t.app, '192.0.2.78');
  await client.get('/omnis/v3/frontend/getStoreCoreData/json/');
  expect(await fuzzRoute({ method: 'POST', url: PROBE }, client)).toMatch(/POST \/omnis\/v3\/test\/fuzz-probe\/ → 500/);
});

describe.each(['anonymous', 'owner'] as const)('every registered route, as %s', (role) => {
  it(`answers generated hostile requests without a 5xx, a stack trace or a hang (seed ${SEED}, ${RUNS} runs per route)`, async () => {
    expect(routes.length).toBeGreaterThan(50);
    const [OWNER] = DEMO_ACCOUNTS;
    const failures: string[] = [];
    for (const route of routes) {
      // A fresh client per route: a generated call may sign the owner out or change their session.
      const client = new TestClient(t.app, '192.0.2.77');
      if (role === 'owner') await client.login(OWNER!.email, OWNER!.password);
      else await client.get('/omnis/v3/frontend/getStoreCoreData/json/');
      const failure = await fuzzRoute(route, client);
      if (failure) failures.push(failure);
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 600_000);
});
