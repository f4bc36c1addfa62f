import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';
// @ts-expect-error -- autocannon 8 ships no type declarations; the part used here is typed below (Autocannon).
import autocannonUntyped from 'autocannon';
import type { Figure } from './harness';

/**
 * Commerce calls under load: the built server on a fresh database of the local PostgreSQL
 * server, loaded with autocannon, each endpoint next to a bare Fastify JSON endpoint measured in the same run with the
 * same settings (10 connections, 1 s warm-up, 5 s measured). Figures: requests per second (mean of the per-second
 * samples), p99 latency (from each response's own hrtime), and both as a ratio to the bare endpoint (throughput: share
 * of bare req/s; p99: multiple of bare p99). The bare endpoint runs first and last; its mean is the reference.
 *
 * The load generator runs in this process, so it shares the machine's cores with both servers and PostgreSQL: the
 * ratios are the figure to compare between machines, the absolute numbers only on the same one.
 *
 * Environment: COMMERCE_BENCH_PG (admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * COMMERCE_BENCH_CONNECTIONS (10), COMMERCE_BENCH_SECONDS (5; each run follows a 1 s warm-up).
 */

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void;
}
type Autocannon = (
  options: { url: string; connections: number; duration: number; requests: AutocannonRequest[] },
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;
const autocannon = autocannonUntyped as Autocannon;

const ADMIN_URL = process.env.COMMERCE_BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'bench_commerce';
const CONNECTIONS = Number(process.env.COMMERCE_BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.COMMERCE_BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 1;
/** Baskets the add-to-cart load spreads over, so no basket grows past a handful of lines or runs out of stock. */
const BASKETS = 200;
/** Colour/size lines each basket receives, round robin. */
const LINES = 10;
/** Products one products/fetch call asks for (a product-list block's page). */
const FETCH_IDS = 4;

const API = '/omnis/v3';
const json = { 'content-type': 'application/json' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface Child {
  base: string;
  process: ChildProcess;
  output: () => string;
}

/** Starts a node process on a free port and waits until `readyPath` answers 2xx. */
async function startChild(label: string, args: string[], env: Record<string, string>, readyPath: string): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(base + readyPath)).ok) return { base, process: child, output: () => output };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${label} did not answer ${readyPath} within 30 s:\n${output}`);
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

interface Measured {
  result: AutocannonResult;
  /** From every response's own hrtime duration: autocannon's histogram keeps whole milliseconds only. */
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Every answer must be 2xx: a run that measured 403s or 422s would be worthless, so it fails loudly instead. */
async function load(base: string, label: string, request: AutocannonRequest, duration: number): Promise<Measured> {
  const times: number[] = [];
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon({ url: base, connections: CONNECTIONS, duration, requests: [request] }, (error, r) => (error ? reject(error) : resolve(r)));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  if (result.non2xx !== 0 || result.errors !== 0 || result.timeouts !== 0) {
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([status, s]) => `${status}×${s.count}`)
      .join(', ');
    throw new Error(`commerce bench: ${label} answered ${result.non2xx} non-2xx (${statuses}), ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  if (result.requests.total === 0 || times.length === 0) throw new Error(`commerce bench: ${label} completed no requests`);
  times.sort((a, b) => a - b);
  return { result, p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`commerce bench setup: ${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return response;
}

interface Line {
  productId: number;
  colour: string;
  size: string;
  stock: number;
}

interface ProductDetail {
  id: number;
  enableAddToCart: boolean;
  options: { colourName: string; sizes: { size: string; quantity: number }[] }[];
}

export async function commerceBenchmarks(): Promise<Figure[]> {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/client/index.html')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${DATABASE}`;
  await adminQuery(`drop database if exists ${DATABASE} with (force)`);
  await adminQuery(`create database ${DATABASE}`);

  const children: ChildProcess[] = [];
  try {
    // allSettled: when one fails to start, the other is still stopped below.
    const started = await Promise.allSettled([
      startChild('the app server', ['dist/server/main.js'], { DATABASE_URL: databaseUrl.href, LOG_LEVEL: 'warn' }, `${API}/frontend/getStoreCoreData/json/`),
      startChild('the bare Fastify server', ['bench/bareFastify.mjs'], {}, '/bare'),
    ]);
    for (const s of started) if (s.status === 'fulfilled') children.push(s.value.process);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const [app, bare] = started.map((s) => (s as PromiseFulfilledResult<Child>).value) as [Child, Child];

    // A shopper's cookies: the anti-forgery token from the first answer, echoed as X-CSRF-TOKEN on every POST.
    const core = await expectOk(await fetch(`${app.base}${API}/frontend/getStoreCoreData/json/`), 'getStoreCoreData');
    const token = /XSRF-TOKEN=([0-9a-f]{64})/.exec(core.headers.getSetCookie().join('; '))?.[1];
    if (!token) throw new Error('commerce bench setup: getStoreCoreData set no XSRF-TOKEN cookie');
    const divisionId = ((await core.json()) as { state: { subdomain: { division: { id: number } } } }).state.subdomain.division.id;
    const csrf = { ...json, cookie: `XSRF-TOKEN=${token}`, 'x-csrf-token': token };

    // Real products from the seeded catalogue, and colour/size lines with the most stock.
    const list = (await (await expectOk(await fetch(`${app.base}${API}/division/${divisionId}/products/?limit=100`), 'product list')).json()) as { data: { id: number; urlName: string }[] };
    if (list.data.length < FETCH_IDS) throw new Error(`commerce bench setup: the seeded catalogue has ${list.data.length} products`);
    const productIds = list.data.slice(0, FETCH_IDS).map((p) => p.id);
    const lines: Line[] = [];
    for (const product of list.data) {
      const detail = (await (await expectOk(await fetch(`${app.base}${API}/division/${divisionId}/products/${product.urlName}/`), 'product detail')).json()) as ProductDetail;
      if (!detail.enableAddToCart) continue;
      for (const option of detail.options) for (const s of option.sizes) lines.push({ productId: detail.id, colour: option.colourName, size: s.size, stock: s.quantity });
    }
    lines.sort((a, b) => b.stock - a.stock);
    const chosen = lines.slice(0, LINES);
    if (chosen.length < LINES) throw new Error(`commerce bench setup: only ${chosen.length} colour/size lines can be added to a basket`);
    const addBody = (line: Line) => JSON.stringify({ item: { productId: line.productId, productColor: line.colour, productSize: line.size, quantity: 1 }, name: 'main' });

    // Anonymous baskets: the first add makes one and names it in the httpOnly pod_basket cookie.
    const baskets: string[] = [];
    for (let b = 0; b < BASKETS; b++) {
      const response = await expectOk(
        await fetch(`${app.base}${API}/frontend/product/addItemToCart/`, { method: 'POST', headers: csrf, body: addBody(chosen[b % LINES]!) }),
        'add to cart (setup)',
      );
      const id = /pod_basket=([0-9a-f-]{36})/.exec(response.headers.getSetCookie().join('; '))?.[1];
      if (!id) throw new Error('commerce bench setup: add to cart set no pod_basket cookie');
      baskets.push(id);
    }
    // Request i adds one of line ⌊i / BASKETS⌋ mod LINES to basket i mod BASKETS: every line of every basket grows
    // evenly, and the run fails (422 "only n left") rather than measure errors if it ever outruns the stock.
    let added = 0;
    const addToCart: AutocannonRequest = {
      method: 'POST',
      path: `${API}/frontend/product/addItemToCart/`,
      setupRequest: (request) => {
        const i = added++;
        return {
          ...request,
          headers: { ...csrf, cookie: `XSRF-TOKEN=${token}; pod_basket=${baskets[i % BASKETS]}` },
          body: addBody(chosen[Math.floor(i / BASKETS) % LINES]!),
        };
      },
    };

    const endpoints: [label: string, request: AutocannonRequest][] = [
      ['getStoreCoreData', { method: 'GET', path: `${API}/frontend/getStoreCoreData/json/`, headers: { cookie: `XSRF-TOKEN=${token}` } }],
      [`products/fetch (${FETCH_IDS} ids)`, { method: 'POST', path: `${API}/products/fetch/`, headers: csrf, body: JSON.stringify({ product_ids: productIds }) }],
      ['division products list', { method: 'GET', path: `${API}/division/${divisionId}/products/`, headers: { cookie: `XSRF-TOKEN=${token}` } }],
      ['addItemToCart', addToCart],
    ];
    const measure = async (label: string, base: string, request: AutocannonRequest) => {
      await load(base, `${label} (warm-up)`, request, WARMUP_SECONDS);
      return load(base, label, request, SECONDS);
    };

    // The bare endpoint is measured first and last; the reference is the mean of both, and the spread shows how much
    // the machine drifted during the run.
    const bareRequest: AutocannonRequest = { method: 'GET', path: '/bare' };
    const bareFirst = await measure('bare Fastify', bare.base, bareRequest);
    const runs: [string, Measured][] = [];
    for (const [label, request] of endpoints) runs.push([label, await measure(label, app.base, request)]);
    const bareLast = await measure('bare Fastify', bare.base, bareRequest);
    const bareReqs = (bareFirst.result.requests.average + bareLast.result.requests.average) / 2;
    const bareP99 = (bareFirst.p99 + bareLast.p99) / 2;

    const figures: Figure[] = [
      {
        name: 'bare Fastify GET /bare: throughput',
        unit: 'req/s',
        median: bareReqs,
        decimals: 0,
        note: `first ${bareFirst.result.requests.average.toFixed(0)}, last ${bareLast.result.requests.average.toFixed(0)}; ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up`,
      },
      { name: 'bare Fastify GET /bare: p99 latency', unit: 'ms', median: bareP99, decimals: 2, note: `first ${bareFirst.p99.toFixed(2)}, last ${bareLast.p99.toFixed(2)}` },
    ];
    for (const [label, run] of runs) {
      const reqs = run.result.requests.average;
      const note = label === 'addItemToCart' ? `${BASKETS} anonymous baskets × ${LINES} lines; each basket grows to ~${Math.round((added + BASKETS) / BASKETS)} items by the end` : '';
      figures.push(
        { name: `${label}: throughput`, unit: 'req/s', median: reqs, decimals: 0, note },
        { name: `${label}: p99 latency`, unit: 'ms', median: run.p99, decimals: 2, note: `p50 ${run.p50.toFixed(2)} ms` },
        { name: `${label}: throughput ÷ bare`, unit: '×', median: reqs / bareReqs, decimals: 3 },
        { name: `${label}: p99 ÷ bare p99`, unit: '×', median: run.p99 / bareP99, decimals: 1 },
      );
    }
    return figures;
  } finally {
    await Promise.all(children.map(stopChild));
    await adminQuery(`drop database if exists ${DATABASE} with (force)`);
  }
}
