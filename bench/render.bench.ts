import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createSchemaRegistry } from '../src/core/schemas/registry';
import { readSchemaSet } from '../server/schemas/load';
import { createThemeService } from '../server/themes';
import type { Figure } from './harness';
import { viteBuild } from './build';
import { syntheticPage } from './schemas.bench';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = 5;
const BLOCKS = 1000;
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml' };
const PICTURE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="#4a6b3a"/></svg>';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Serves the bench build, the page payload and a placeholder for every /media image. */
function serve(root: string, payload: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bench').pathname;
    if (url === '/payload.json') return void res.writeHead(200, { 'content-type': TYPES['.json'] }).end(payload);
    if (url.startsWith('/media/')) return void res.writeHead(200, { 'content-type': TYPES['.svg'], 'cache-control': 'max-age=3600' }).end(PICTURE);
    const file = path.join(root, url === '/' ? 'bench/render/index.html' : url);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Client render of a 1,000-block page in Chromium: the storefront's PageRenderer draws textBlock, button, banner
 * and rows of pods from a JSON payload (bench/render). Read from performance marks the page leaves.
 */
export async function renderBenchmarks(): Promise<Figure[]> {
  const registry = createSchemaRegistry(readSchemaSet());
  const page = syntheticPage(BLOCKS);
  const errors = registry.validatePage(page); // fills every default, as the server stores blocks
  if (errors.length) throw new Error(`bench page invalid: ${JSON.stringify(errors.slice(0, 3))}`);
  const theme = createThemeService(registry).resolve('verde');
  const payload = JSON.stringify({ blocks: page.blocks, theme });

  const outDir = await viteBuild('render', 'bench/render/index.html');
  const server = await serve(outDir, payload);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  const render: number[] = [];
  const painted: number[] = [];
  const navigation: number[] = [];
  const consoleErrors: string[] = [];
  let drawn = 0;
  try {
    for (let run = 0; run < RUNS + 1; run++) {
      // A fresh context per run: no warm HTTP cache or JIT state carried over. Run 0 is a warm-up.
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const tab = await context.newPage();
      tab.on('console', (m) => m.type() === 'error' && consoleErrors.push(`${m.text()} ${m.location().url}`));
      tab.on('pageerror', (e) => consoleErrors.push(String(e)));
      tab.on('response', (r) => r.status() >= 400 && consoleErrors.push(`${r.status()} ${new URL(r.url()).pathname}`));
      await tab.goto(base);
      await tab.waitForFunction(() => window.benchResult !== undefined, null, { timeout: 60_000 });
      // A string, not a function: tsx would wrap a function's inner helpers in a __name() the page lacks.
      const result = (await tab.evaluate(`(() => {
        const at = (name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? NaN;
        return { ...window.benchResult, start: at('render-start'), frame: at('blocks-frame'), painted: at('blocks-painted') };
      })()`)) as { blocks: number; error?: string; start: number; frame: number; painted: number };
      await context.close();
      if (result.error) throw new Error(`render bench page: ${result.error}`);
      drawn = result.blocks;
      if (run === 0) continue;
      render.push(result.frame - result.start);
      painted.push(result.painted - result.start);
      navigation.push(result.painted);
    }
  } finally {
    await browser.close();
    server.close();
  }
  if (drawn !== BLOCKS) throw new Error(`expected ${BLOCKS} blocks in the DOM, found ${drawn}`);
  const note = consoleErrors.length ? `console errors: ${consoleErrors.slice(0, 2).join(' | ')}` : 'no console errors';
  return [
    { name: `1,000 blocks: render start → first frame with all`, unit: 'ms', median: median(render), runs: RUNS, note: `${drawn} blocks in the DOM; ${note}` },
    { name: `1,000 blocks: render start → that frame drawn`, unit: 'ms', median: median(painted), runs: RUNS },
    { name: `1,000 blocks: navigation → that frame drawn`, unit: 'ms', median: median(navigation), runs: RUNS, note: 'incl. JS, payload, block chunks' },
  ];
}
