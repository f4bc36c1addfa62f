import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { DEMO_ACCOUNTS } from '../db/seed/demoAccounts';
import { TEST_CARDS } from '../payments/testProcessor';
import { killServer, startServer as startProcess, stopServer, type ServerProcess } from '../testing/serverProcess';

/**
 * `npm run test:faults`: a real server process is killed with SIGKILL while page saves and checkouts are in flight,
 * then started again on the same database, and the data must be consistent: every write the server acknowledged is
 * there, each variant's stock is its initial stock less what orders hold, and no order lacks its lines or its
 * status log. Runs on embedded PGlite (DATA_DIR) and on PostgreSQL (FAULTS_DATABASE_URL, default the local server);
 * on PostgreSQL a second process on the same database keeps serving while the first is killed.
 * The server runs from dist/server/main.js when built, else from the TypeScript sources through tsx.
 */
const ADMIN_URL = process.env.FAULTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DATABASE = process.env.FAULTS_DATABASE ?? 'pod_faults';
const LOAD_MS = Number(process.env.FAULTS_LOAD_MS ?? 2500);
/** The kill comes once this many page saves and paid orders are acknowledged (and LOAD_MS passed), with more in flight. */
const BEFORE_KILL = { pages: 3, orders: 2 };

/** Waits at least `ms`, then until `ready()` (checked every 100 ms, at most 120 s). */
async function waitFor(ms: number, ready: () => boolean) {
  const start = Date.now();
  while (Date.now() - start < ms || (!ready() && Date.now() - start < 120_000)) await new Promise((r) => setTimeout(r, 100));
}
const API = '/omnis/v3';
const [OWNER] = DEMO_ACCOUNTS;
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

const startServer = async (env: Record<string, string>) => {
  const server = await startProcess({ ...env, TRUST_PROXY: 'true' }, { built: true });
  children.add(server.child);
  return server;
};

async function kill9(server: ServerProcess) {
  await killServer(server);
  children.delete(server.child);
}

async function stop(server: ServerProcess) {
  await stopServer(server);
  children.delete(server.child);
}

let ipCounter = 1;
/** A browser: its own address (X-Forwarded-For, the server trusts the proxy here) and cookies. */
class Browser {
  cookies: Record<string, string> = {};
  readonly ip = `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
  constructor(public base: string) {}
  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        'x-forwarded-for': this.ip,
        cookie: Object.entries(this.cookies).map(([k, v]) => `${k}=${v}`).join('; '),
        ...(this.cookies['XSRF-TOKEN'] ? { 'x-csrf-token': this.cookies['XSRF-TOKEN'] } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      this.cookies[pair!.slice(0, at)] = pair!.slice(at + 1);
    }
    return { status: response.status, json: (await response.json().catch(() => null)) as Record<string, unknown> | null };
  }
  async ready() {
    await this.call('GET', `${API}/frontend/getStoreCoreData/json/`);
    return this;
  }
}

interface Line {
  productId: number;
  colour: string;
  size: string;
}

/** Facts gathered before the fault: the store, an owner session, a sellable line. */
async function prepare(base: string) {
  const anonymous = await new Browser(base).ready();
  const core = await anonymous.call('GET', `${API}/frontend/getStoreCoreData/json/`);
  const division = (core.json as { state: { subdomain: { division: { id: number } } } }).state.subdomain.division.id;
  const list = (await anonymous.call('GET', `${API}/division/${division}/products/?limit=100`)).json as { data: { urlName: string }[] };
  for (const product of list.data) {
    const detail = (await anonymous.call('GET', `${API}/division/${division}/products/${product.urlName}/`)).json as {
      id: number;
      enableAddToCart: boolean;
      options: { colourName: string; sizes: { size: string; quantity: number }[] }[];
    };
    if (!detail?.enableAddToCart) continue;
    for (const option of detail.options) {
      const size = option.sizes[0];
      if (size) return { division, line: { productId: detail.id, colour: option.colourName, size: size.size } satisfies Line };
    }
  }
  throw new Error('no sellable line with stock in the demo catalogue');
}

async function signedInOwner(base: string) {
  const owner = await new Browser(base).ready();
  const login = await owner.call('POST', `${API}/dashboard/secure/login/`, { email: OWNER!.email, password: OWNER!.password });
  if (login.status !== 200) throw new Error(`owner login answered ${login.status}`);
  return owner;
}

interface Acknowledged {
  pages: string[];
  orders: string[];
}

const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', street: '1 Analytical Row', city: 'London', zip: 'N1 9GU', country: 'GB' };

/** Page saves and checkouts against `servers` (round robin) until `until()`; records only what was acknowledged. */
async function load(servers: () => string[], division: number, line: Line, tag: string, until: () => boolean, ack: Acknowledged) {
  let n = 0;
  const owners = new Map<string, Browser>();
  const pageWorker = async () => {
    while (!until()) {
      const base = servers()[n % servers().length]!;
      const url = `/faults-${tag}-${n++}/`;
      try {
        const owner = owners.get(base) ?? (await signedInOwner(base));
        owners.set(base, owner);
        const res = await owner.call('POST', `${API}/divisions/${division}/pages/`, { url, properties: { title: `Fault ${url}` }, blocks: [{ uid: 'b1', type: 'textBlock', properties: { text: '<p>kept</p>' } }] });
        if (res.status === 201 || res.status === 200) ack.pages.push(url);
      } catch {
        /* the server went away mid-request: not acknowledged */
      }
    }
  };
  const checkoutWorker = async () => {
    while (!until()) {
      const base = servers()[n++ % servers().length]!;
      try {
        const shopper = await new Browser(base).ready();
        const added = await shopper.call('POST', `${API}/frontend/product/addItemToCart/`, { item: { productId: line.productId, productColor: line.colour, productSize: line.size, quantity: 1 }, name: 'main' });
        if (added.status !== 200) continue;
        const placed = await shopper.call(
          'POST',
          `${API}/checkout/place/`,
          { email: 'ada@example.com', shippingAddress: ADDRESS, billingSameAsShipping: true, shippingMethod: 'uk-standard', payment: { method: 'card', card: { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' } } },
          { 'idempotency-key': `faults-${tag}-${n}-${Date.now()}` },
        );
        const order = (placed.json as { order?: { hash: string; status: string } } | null)?.order;
        if (placed.status === 200 && order?.status === 'paid') ack.orders.push(order.hash);
      } catch {
        /* not acknowledged */
      }
    }
  };
  await Promise.all([pageWorker(), pageWorker(), checkoutWorker(), checkoutWorker(), checkoutWorker()]);
}

type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/** The consistency checks, on the database itself. */
async function checkConsistency(query: Query, ack: Acknowledged, variantStock: { productId: number; initial: Map<number, number> }) {
  const pages = (await query<{ url: string }>(`select url from pages where url like '/faults-%'`)).map((r) => r.url);
  const missingPages = ack.pages.filter((url) => !pages.includes(url));
  expect(missingPages, 'acknowledged page saves missing after the restart').toEqual([]);

  const orders = await query<{ hash: string; status: string }>('select hash, status from orders where hash = any($1::text[])', [ack.orders]);
  expect(orders.length, 'acknowledged orders missing after the restart').toBe(ack.orders.length);
  expect(orders.filter((o) => o.status !== 'paid')).toEqual([]);

  // No half orders: every order has lines and a status log.
  const half = await query<{ id: number }>(
    `select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id) or not exists (select 1 from order_status_logs l where l.order_id = o.id)`,
  );
  expect(half, 'orders without lines or status log').toEqual([]);

  // Stock = initial − what orders still hold (every status but the released ones).
  for (const [variantId, initial] of variantStock.initial) {
    const [row] = await query<{ stock: number; held: number }>(
      `select v.stock, coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
         where i.variant_id = v.id and o.status not in ('payment_failed', 'expired', 'cancelled')), 0)::int as held
       from product_variants v where v.id = $1`,
      [variantId],
    );
    expect({ variantId, stock: Number(row!.stock) }).toEqual({ variantId, stock: initial - Number(row!.held) });
    expect(Number(row!.stock)).toBeGreaterThanOrEqual(0);
  }
}

/** Each variant's stock as if no order held any: the figure stock + held must keep through any fault. */
const variantsOf = async (query: Query, productId: number) =>
  new Map(
    (
      await query<{ id: number; total: number }>(
        `select v.id, v.stock + coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
           where i.variant_id = v.id and o.status not in ('payment_failed', 'expired', 'cancelled')), 0)::int as total
         from product_variants v where v.product_id = $1`,
        [productId],
      )
    ).map((r) => [r.id, Number(r.total)]),
  );

describe('kill -9 under load', () => {
  it('PGlite: acknowledged writes survive, stock and orders stay consistent after a restart', async () => {
    const dataDir = path.resolve('.tmp/faults-pglite');
    rmSync(dataDir, { recursive: true, force: true });
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    let server = await startServer(env);
    const { division, line } = await prepare(server.base);
    await stop(server);
    // Initial stock read from the database itself (the server is stopped: PGlite has one user).
    let db = await PGlite.create(dataDir);
    const query: Query = async (sql, params) => (await db.query<never>(sql, params)).rows;
    await query('update product_variants set stock = 500 where product_id = $1', [line.productId]);
    const initial = await variantsOf(query, line.productId);
    await db.close();

    server = await startServer(env);
    const ack: Acknowledged = { pages: [], orders: [] };
    let killed = false;
    const running = load(() => [server.base], division, line, 'pglite', () => killed, ack);
    await waitFor(LOAD_MS, () => ack.pages.length >= BEFORE_KILL.pages && ack.orders.length >= BEFORE_KILL.orders);
    await kill9(server);
    killed = true;
    await running;
    expect(ack.pages.length + ack.orders.length, 'nothing was acknowledged before the kill').toBeGreaterThan(0);

    // Restart on the same data directory: it must serve again, then the data is checked.
    server = await startServer(env);
    expect((await fetch(`${server.base}${API}/frontend/getStoreCoreData/json/`)).status).toBe(200);
    await stop(server);
    db = await PGlite.create(dataDir);
    try {
      await checkConsistency(async (sql, params) => (await db.query<never>(sql, params)).rows, ack, { productId: line.productId, initial });
    } finally {
      await db.close();
    }
  }, 600_000);

  it('PostgreSQL: a second process keeps serving while the first is killed; acknowledged writes survive the restart', async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_DATABASE} with (force)`);
    await admin.query(`create database ${PG_DATABASE}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${PG_DATABASE}`;
    const pool = new pg.Pool({ connectionString: url.href, max: 2 });
    const query: Query = async (sql, params) => (await pool.query(sql, params)).rows;
    try {
      const env = { DATABASE_URL: url.href };
      let first = await startServer(env);
      const second = await startServer(env);
      const { division, line } = await prepare(first.base);
      await query('update product_variants set stock = 500 where product_id = $1', [line.productId]);
      const initial = await variantsOf(query, line.productId);

      const ack: Acknowledged = { pages: [], orders: [] };
      let killed = false;
      let done = false;
      let live = [first.base, second.base];
      const running = load(() => live, division, line, 'pg', () => done, ack);
      await waitFor(LOAD_MS, () => ack.pages.length >= BEFORE_KILL.pages && ack.orders.length >= BEFORE_KILL.orders);
      await kill9(first);
      killed = true;
      live = [second.base];
      // The survivor keeps taking writes after the kill.
      const afterKill = { pages: ack.pages.length, orders: ack.orders.length };
      await waitFor(LOAD_MS, () => ack.pages.length > afterKill.pages + 1 && ack.orders.length > afterKill.orders + 1);
      done = true;
      await running;
      expect(killed).toBe(true);
      expect(ack.pages.length, 'the second process took no page save after the kill').toBeGreaterThan(afterKill.pages);
      expect(ack.orders.length, 'the second process took no checkout after the kill').toBeGreaterThan(afterKill.orders);

      first = await startServer(env);
      expect((await fetch(`${first.base}${API}/frontend/getStoreCoreData/json/`)).status).toBe(200);
      await checkConsistency(query, ack, { productId: line.productId, initial });
      await stop(first);
      await stop(second);
    } finally {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${PG_DATABASE} with (force)`);
      await cleanup.end();
    }
  }, 600_000);
});
