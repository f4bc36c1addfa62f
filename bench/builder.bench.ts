import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import type { Figure } from './harness';

/**
 * The builder at scale: the built server on a fresh database, a page of N text blocks made
 * by scripts/make-bench-page.ts, the builder in Chromium. Each figure runs from the input event's own timestamp
 * (keydown / pointerdown / pointerup, read inside the page) to the next animation frame after the DOM shows the
 * change. Heap is JSHeapUsedSize from CDP after a forced GC.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SIZES = (process.env.BUILDER_BENCH_SIZES ?? '100,500,1250').split(',').map(Number);
const RUNS = 9;
const median = (values: number[]) => {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)]! : NaN;
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

async function startServer(): Promise<{ base: string; child: ChildProcess }> {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/client/index.html')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const port = await freePort();
  const dataDir = '.tmp/bench-builder-data';
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['dist/server/main.js'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/omnis/v3/frontend/getStoreCoreData/json/`)).ok) return { base, child };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('bench server did not start');
}

/** In-page helpers, as a string (tsx would wrap functions' helpers in a __name() the page lacks). */
const HARNESS = `(() => {
  window.__bench = {
    arm(eventType, check) {
      window.__benchPending = new Promise((resolve) => {
        setTimeout(() => resolve(NaN), 5000);
        const onEvent = (e) => {
          window.removeEventListener(eventType, onEvent, true);
          const t0 = e.timeStamp; window.__benchQueue = performance.now() - t0;
          const done = () => { const tc = performance.now() - t0; window.__benchCommit = tc; requestAnimationFrame(() => resolve(performance.now() - t0)); };
          if (check()) return void setTimeout(() => (check() ? done() : wait()), 0);
          wait();
          function wait() {
            const mo = new MutationObserver(() => { if (check()) { mo.disconnect(); done(); } });
            mo.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
          }
        };
        window.addEventListener(eventType, onEvent, true);
      });
    },
    text(uid) { return document.querySelector('[data-canvas-uid="' + uid + '"]')?.textContent ?? ''; },
    panelHas(text) {
      const panel = document.querySelector('[aria-label="Settings"]');
      if (!panel) return false;
      if (panel.textContent.includes(text)) return true;
      return [...panel.querySelectorAll('input, textarea')].some((el) => el.value.includes(text));
    },
    order() { return [...document.querySelectorAll('[data-canvas-uid]')].slice(0, 4).map((e) => e.dataset.canvasUid).join(','); },
  };
})()`;

export async function builderBenchmarks(): Promise<Figure[]> {
  const { base, child } = await startServer();
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--enable-precise-memory-info'] });
  const figures: Figure[] = [];
  try {
    for (const n of SIZES) {
      const out = execFileSync('npx', ['tsx', 'scripts/make-bench-page.ts', String(n), base], { encoding: 'utf8' });
      const editUrl = /Builder: (\S+)/.exec(out)![1]!;
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.request.get(`${base}/omnis/v3/frontend/getStoreCoreData/json/`);
      const csrf = (await context.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
      await page.request.post(`${base}/omnis/v3/dashboard/secure/login/`, { data: { email: 'owner@fernandthread.example', password: 'demo-owner-password' }, headers: { 'x-csrf-token': csrf } });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const heap = async () => {
        await cdp.send('HeapProfiler.collectGarbage');
        const { metrics } = await cdp.send('Performance.getMetrics');
        return metrics.find((m) => m.name === 'JSHeapUsedSize')!.value / 1048576;
      };

      // Load: from navigation start to the frame after all N blocks are in the canvas.
      const loads: number[] = [];
      for (let run = 0; run < 3; run++) {
        await page.goto(editUrl);
        loads.push(
          (await page.evaluate(`new Promise((resolve) => {
            const tick = () => document.querySelectorAll('[data-canvas-uid]').length >= ${n} ? requestAnimationFrame(() => resolve(performance.now())) : requestAnimationFrame(tick);
            tick();
          })`)) as number,
        );
      }
      await page.evaluate(HARNESS);
      const heapLoaded = await heap();

      const timed = async (eventType: string, check: string, act: () => Promise<void>) => {
        await page.evaluate(`window.__bench.arm(${JSON.stringify(eventType)}, () => ${check})`);
        await act();
        const ms = (await page.evaluate('window.__benchPending')) as number;
        if (process.env.BENCH_DEBUG) console.log(eventType, check, ms.toFixed(1), 'commit', ((await page.evaluate('window.__benchCommit')) as number).toFixed(1), 'queued', ((await page.evaluate('window.__benchQueue')) as number).toFixed(1));
        return ms;
      };
      const block = (i: number) => page.locator(`[data-canvas-uid="bench-${i}"]`);

      // Select: pointerdown on a block → its panel shows "Block i".
      const select: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        const i = 1 + r * 3;
        await block(i).scrollIntoViewIfNeeded();
        select.push(await timed('pointerdown', `window.__bench.panelHas('Block ${i}')`, () => block(i).click({ position: { x: 40, y: 10 } })));
      }

      // Keystroke in the panel's first field (the text) → the canvas block shows it.
      const target = 1 + (RUNS - 1) * 3;
      const field = page.locator('[aria-label="Settings"] [contenteditable="true"], [aria-label="Settings"] textarea, [aria-label="Settings"] input[type="text"]').first();
      await field.click();
      await page.keyboard.press('End');
      const keys: number[] = [];
      let typed = '';
      for (let r = 0; r < RUNS; r++) {
        typed += 'x';
        keys.push(await timed('keydown', `window.__bench.text('bench-${target}').includes('Block ${target}${typed}')`, () => page.keyboard.press('x')));
        await page.waitForTimeout(1700); // a new gesture each time (§9 editing delay), so each undo below has its own step
      }

      // Undo → the canvas shows the text without the last character.
      const undo: number[] = [];
      for (let r = 0; r < RUNS - 1; r++) {
        const before = (await page.evaluate(`window.__bench.text('bench-${target}')`)) as string;
        undo.push(await timed('keydown', `window.__bench.text('bench-${target}') !== ${JSON.stringify(before)}`, () => page.keyboard.press('Control+z')));
      }

      // Drop: drag block 0 by its handle below block 2 → the order changes.
      const drop: number[] = [];
      await page.evaluate('document.querySelector(".ed-canvas-scroll").scrollTop = 0');
      for (let r = 0; r < RUNS; r++) {
        await page.keyboard.press('Escape');
        const first = (await page.evaluate('window.__bench.order()')) as string;
        const firstUid = first.split(',')[0]!;
        await page.locator(`[data-canvas-uid="${firstUid}"]`).click({ position: { x: 40, y: 10 } });
        const handle = page.locator(`[data-canvas-uid="${firstUid}"] .ed-block-bar__handle`);
        const hb = (await handle.boundingBox())!;
        const third = (await page.locator(`[data-canvas-uid="${first.split(',')[2]}"]`).boundingBox())!;
        await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
        await page.mouse.down();
        await page.mouse.move(hb.x + 20, hb.y + 20, { steps: 4 });
        await page.mouse.move(third.x + third.width / 2, third.y + third.height - 4, { steps: 10 });
        await page.waitForTimeout(100);
        drop.push(await timed('pointerup', `window.__bench.order() !== ${JSON.stringify(first)}`, () => page.mouse.up()));
      }

      // Heap after 100 edits (one keystroke each, in the panel field).
      await field.click();
      await page.keyboard.press('End');
      for (let i = 0; i < 100; i++) await page.keyboard.press(i % 2 ? 'Backspace' : 'y');
      await page.waitForTimeout(300);
      const heapEdited = await heap();
      await context.close();

      const target16 = n === 1250 ? '< 16 ms' : undefined;
      figures.push(
        { name: `builder N=${n}: load until all blocks visible`, unit: 'ms', median: median(loads), runs: loads.length },
        { name: `builder N=${n}: select → panel shows values`, unit: 'ms', median: median(select), runs: select.length, target: target16 },
        { name: `builder N=${n}: property keystroke → repaint`, unit: 'ms', median: median(keys), runs: keys.length, target: target16 },
        { name: `builder N=${n}: undo → repaint`, unit: 'ms', median: median(undo), runs: undo.length, target: target16 },
        { name: `builder N=${n}: drop → repaint`, unit: 'ms', median: median(drop), runs: drop.length, target: target16 },
        { name: `builder N=${n}: JS heap after load`, unit: 'MB', median: heapLoaded },
        { name: `builder N=${n}: JS heap growth after 100 edits`, unit: 'MB', median: heapEdited - heapLoaded, target: n === 1250 ? '< 10 MB' : undefined },
      );
    }
  } finally {
    await browser.close();
    child.kill();
  }
  return figures;
}
