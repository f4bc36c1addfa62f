import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Figure } from './harness';
import { syntheticPage } from './schemas.bench';
import { fromRoot } from '../server/paths';

/**
 * Lighthouse (the npm package, its default mobile profile with simulated throttling) on the built server and a fresh
 * demo store: home, a product, a collection and a 1,000-block page, each the median of 3 runs. The server runs
 * from dist/ (built when missing; `npm run build` first after a change) on an embedded database in .tmp.
 *
 * Environment: LIGHTHOUSE_KEEP_DATA, LIGHTHOUSE_PORT (a free port), LIGHTHOUSE_RUNS (3), LIGHTHOUSE_PAGES (comma-separated paths to run
 * only some), LIGHTHOUSE_REPORTS (a folder: each run's JSON report is written there), CHROMIUM_PATH.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const BLOCKS = 1000;
const BIG_PAGE = '/bench-1000-blocks/';
const PAGES = ['/', '/product/fern-organic-tee/', '/collection/t-shirts/', BIG_PAGE];
const OWNER = { email: 'owner@fernandthread.example', password: 'demo-owner-password' };
/** The bar for every storefront page. */
const TARGET = { score: 98, lcpMs: 1500, cls: 0 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function startServer(port: number, dataDir: string): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO_ORDERS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 960; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${base}/omnis/v3/frontend/getStoreCoreData/json/`)).ok) return { child, base, output: () => output };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer within 4 minutes:\n${output}`);
}

/** Saves the 1,000-block page through the API as the demo owner (the write validates and sanitises like the builder's). */
async function seedBigPage(base: string) {
  const jar = new Map<string, string>();
  const call = async (url: string, init: { method?: string; body?: unknown } = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.method) headers['x-csrf-token'] = decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
    const res = await fetch(base + url, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    const text = await res.text();
    if (res.status >= 300) throw new Error(`lighthouse bench setup: ${url} answered ${res.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as unknown;
  };
  await call('/omnis/v3/frontend/getStoreCoreData/json/');
  const login = (await call('/omnis/v3/dashboard/secure/login/', { method: 'POST', body: OWNER })) as { user: { stores: { divisionId: number; role: string }[] } };
  const divisionId = login.user.stores.find((s) => s.role === 'owner')!.divisionId;
  const existing = (await call(`/omnis/v3/divisions/${divisionId}/pages/`)) as { data: { url: string }[] };
  if (existing.data.some((p) => p.url === BIG_PAGE)) return;
  const page = syntheticPage(BLOCKS);
  await call(`/omnis/v3/divisions/${divisionId}/pages/`, {
    method: 'POST',
    body: { url: BIG_PAGE, layout: 'standard', sitemap: false, properties: { title: `${BLOCKS} blocks`, isSearchable: false }, blocks: page.blocks },
  });
}

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  lcpElement: string;
}

export async function lighthouseBenchmarks(): Promise<Figure[]> {
  if (!fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/ssr/entry-server.js')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const dataDir = fromRoot('.tmp', 'lighthouse-data');
  // A fresh demo store unless LIGHTHOUSE_KEEP_DATA=true (then the last run's database is reused: quicker).
  if (process.env.LIGHTHOUSE_KEEP_DATA !== 'true') fs.rmSync(dataDir, { recursive: true, force: true });
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 0) || (await freePort());
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) fs.mkdirSync(reports, { recursive: true });
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
  const pages = only?.length ? only : PAGES;

  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM}: run node scripts/ensure-chromium.mjs (or set CHROMIUM_PATH).`);
  const server = await startServer(port, dataDir);
  // Never leave the server behind, even when this process dies on an error.
  const stopServer = () => server.child.kill('SIGTERM');
  process.once('exit', stopServer);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const figures: Figure[] = [];
  try {
    if (pages.includes(BIG_PAGE)) await seedBigPage(server.base);
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    // One discarded run first: a freshly started Chromium paints its very first page late (its compositor and font
    // caches start up), up to 2 s after the load event, which Lighthouse would charge to whichever page came first.
    await lighthouse(server.base + pages[0], { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    for (const page of pages) {
      const runs: Run[] = [];
      // One unmeasured load first, so the server's first render of a page (its caches) is not in the figures.
      await fetch(server.base + page);
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(server.base + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        if (!result) throw new Error(`lighthouse returned nothing for ${page}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`lighthouse on ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        if (reports) fs.writeFileSync(path.join(reports, `${page.replace(/\W+/g, '_') || 'home'}-${i}.json`), JSON.stringify(lhr));
        const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { selector?: string } }[] }[] } | undefined;
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcp: value('first-contentful-paint'),
          lcp: value('largest-contentful-paint'),
          tbt: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
          bytes: value('total-byte-weight'),
          lcpElement: lcpDetails?.items?.[0]?.items?.[0]?.node?.selector ?? '',
        });
      }
      const m = (key: keyof Omit<Run, 'lcpElement'>) => median(runs.map((r) => r[key]));
      const score = m('score');
      const lcp = m('lcp');
      const cls = m('cls');
      const ok = score >= TARGET.score && lcp < TARGET.lcpMs && cls <= TARGET.cls;
      const label = page === BIG_PAGE ? `${BLOCKS.toLocaleString('en-GB')}-block page` : page;
      figures.push(
        {
          name: `${label}: performance`,
          unit: '',
          median: score,
          decimals: 0,
          runs: RUNS,
          target: `≥ ${TARGET.score}, LCP < ${TARGET.lcpMs / 1000} s, CLS 0`,
          note: `${ok ? 'OK' : 'BELOW TARGET'}; runs ${runs.map((r) => r.score).join(', ')}`,
        },
        { name: `${label}: FCP`, unit: 's', median: m('fcp') / 1000, decimals: 2 },
        { name: `${label}: LCP`, unit: 's', median: lcp / 1000, decimals: 2, note: runs[0]!.lcpElement },
        { name: `${label}: TBT`, unit: 'ms', median: m('tbt'), decimals: 0 },
        { name: `${label}: CLS`, unit: '', median: cls, decimals: 3 },
        { name: `${label}: bytes transferred`, unit: 'KB', median: m('bytes') / 1024, decimals: 1 },
      );
    }
  } finally {
    chrome?.kill();
    stopServer();
    process.off('exit', stopServer);
  }
  return figures;
}

async function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const found = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(found));
    });
  });
}
