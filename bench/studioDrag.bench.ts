import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Figure } from './harness';
import { freePort } from './liveServer';

/**
 * Dragging in the studio, as on a mid-range phone: the built server, Chromium at 412 px with 4× CPU throttling,
 * 30 layers on the front (10 texts, a third of them curved, and 20 clip-art shapes), then the last one dragged
 * across the print area with 120 pointer moves. Frame times are the intervals between animation frames while
 * dragging (p50 / p95 / p99); 16.7 ms is 60 fps.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LAYERS = { texts: 10, shapes: 20 };
const MOVES = 120;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

export async function studioDragBenchmarks(): Promise<Figure[]> {
  const port = await freePort();
  const dataDir = '.tmp/bench-studio-data';
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ['dist/server/main.js'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--no-first-run', '--disable-background-networking'] });
  try {
    for (let i = 0; i < 120; i++) {
      const up = await fetch(`${base}/omnis/v3/frontend/getStoreCoreData/json/`).then((r) => r.ok).catch(() => false);
      if (up) break;
      if (i === 119) throw new Error('bench server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${base}/design-your-own-t-shirt/`);
    await page.getByRole('button', { name: 'Add text' }).waitFor({ timeout: 30_000 });
    for (let i = 0; i < LAYERS.texts; i++) {
      await page.getByRole('button', { name: 'Add text' }).click();
      if (i % 3 === 0) await page.getByRole('slider', { name: 'Curve' }).fill('50');
    }
    const shapes = ['star', 'heart', 'lightning', 'leaf', 'wave', 'badge', 'arrow', 'smile', 'sparkle', 'moon'];
    for (let i = 0; i < LAYERS.shapes; i++) {
      await page.getByRole('button', { name: 'Clip-art' }).click();
      await page.getByRole('button', { name: `Add ${shapes[i % shapes.length]}` }).click();
    }
    const count = await page.locator('.studio__layers li').count();
    if (count !== LAYERS.texts + LAYERS.shapes) throw new Error(`expected 30 layers, got ${count}`);
    // The last shape, selected, at the print area's centre.
    const stage = (await page.getByTestId('studio-stage').boundingBox())!;
    const centre = (await page.evaluate(`(() => {
      const stage = window.Konva.stages.at(-1);
      const node = stage.find('.studio-layer').at(-1);
      const r = node.getClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    })()`)) as { x: number; y: number };
    const from = { x: stage.x + centre.x, y: stage.y + centre.y };

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__recording = true;
      const tick = (t) => { window.__frames.push(t); if (window.__recording) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    })()`);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= MOVES; i++) {
      // Round the area: a circle of 20 % of the stage's width.
      const a = (i / MOVES) * Math.PI * 2;
      await page.mouse.move(from.x + Math.sin(a) * stage.width * 0.2, from.y - (1 - Math.cos(a)) * stage.width * 0.1);
    }
    await page.mouse.up();
    const frames = (await page.evaluate('(() => { window.__recording = false; return window.__frames; })()')) as number[];
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const deltas = frames.slice(1).map((t, i) => t - frames[i]!).sort((a, b) => a - b);
    const note = `${deltas.length} frames, ${MOVES} pointer moves, 30 layers, 412 px, 4× CPU throttling`;
    return [
      { name: 'studio drag frame time p50', unit: 'ms', median: percentile(deltas, 50), note },
      { name: 'studio drag frame time p95', unit: 'ms', median: percentile(deltas, 95) },
      { name: 'studio drag frame time p99', unit: 'ms', median: percentile(deltas, 99) },
    ];
  } finally {
    await browser.close();
    server.kill();
  }
}
