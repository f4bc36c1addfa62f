import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startOwnServer, stopOwnServer } from './helpers/ownServer';

/**
 * §4 service worker against real deploys: the store runs from a release folder (APP_ROOT) on its own port
 * (E2E_PORT+1) and database. Release one is the built app (dist); release two is a second client build of the same
 * code with another BUILD_ID, served after a restart on the same address — what a deploy does. The worker serves
 * the shell offline, and a page of release one offers the update and reloads onto release two.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const ROOT = process.cwd();
const WORK = path.join(ROOT, '.tmp', `sw-e2e-${PORT}`);
const SECOND_BUILD = 'sw-e2e-two';
let server: ChildProcess | null = null;

/** A release folder: the project's files, with `dist` as given. */
function release(name: string, dist: (dir: string) => void): string {
  const dir = path.join(WORK, name);
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of fs.readdirSync(ROOT)) {
    if (['dist', '.tmp', '.git'].includes(entry)) continue;
    fs.symlinkSync(path.join(ROOT, entry), path.join(dir, entry));
  }
  dist(path.join(dir, 'dist'));
  return dir;
}

async function start(appRoot: string) {
  server = await startOwnServer(PORT, { APP_ROOT: appRoot, DATA_DIR: path.join(WORK, 'data') });
}

async function stop() {
  await stopOwnServer(server);
  server = null;
}

const releases = { one: '', two: '' };

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async ({ browserName }, info) => {
  test.skip(info.project.name !== 'desktop' || browserName !== 'chromium', 'real deploys once, on the desktop project');
  test.setTimeout(400_000);
  fs.rmSync(WORK, { recursive: true, force: true });
  releases.one = release('one', (dist) => fs.symlinkSync(path.join(ROOT, 'dist'), dist));
  releases.two = release('two', (dist) => {
    fs.mkdirSync(dist);
    fs.symlinkSync(path.join(ROOT, 'dist', 'server'), path.join(dist, 'server'));
    fs.symlinkSync(path.join(ROOT, 'dist', 'ssr'), path.join(dist, 'ssr'));
    // The second build: the same code built again with its own build id.
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', path.join(dist, 'client'), '--emptyOutDir', '--logLevel', 'error'], {
      cwd: ROOT,
      env: { ...process.env, BUILD_ID: SECOND_BUILD },
      stdio: 'inherit',
    });
  });
  await start(releases.one);
});
test.afterAll(async () => {
  await stop();
  fs.rmSync(WORK, { recursive: true, force: true });
});

/** The build the page was served from, and the version of the worker controlling it (null when none does). */
const buildOf = (page: Page) => page.evaluate(() => document.querySelector('meta[name="pod-build"]')?.getAttribute('content') ?? null);
const workerVersion = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data as string);
        controller.postMessage({ type: 'VERSION' }, [channel.port2]);
      }),
  );
const versionServed = async () => /build (\w+)/.exec(await (await fetch(`${BASE}/sw.js`)).text())![1]!;

async function controlledPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  // The first visit installs the worker, which takes the page over once it is active.
  await expect.poll(() => workerVersion(page), { timeout: 30_000 }).toBe(await versionServed());
  return page;
}

test('the worker serves the app shell offline', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await controlledPage(context, `${BASE}/`);
  const shell = async () => {
    await expect(page.getByRole('banner').getByRole('link', { name: 'Fern & Thread home' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Announcement' })).toHaveText('Free UK delivery on orders over £50');
  };
  await shell();

  await context.setOffline(true);
  expect(await page.evaluate(() => fetch('/omnis/v3/frontend/getStoreCoreData/json/').then(() => 'online', () => 'offline'))).toBe('offline');
  // The worker is cut off as well: what it answers now comes from its cache.
  const [worker] = context.serviceWorkers();
  expect(await worker!.evaluate(() => fetch('/sw.js', { cache: 'no-store' }).then(() => 'online', () => 'offline'))).toBe('offline');
  await page.reload();
  await shell();
  // Another address of the store opens offline too: the shell answers it.
  await page.goto(`${BASE}/about/`);
  await shell();
  await context.setOffline(false);
  await context.close();
});

test('a new build waits, is offered, and the page reloads onto it when accepted', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await controlledPage(context, `${BASE}/`);
  const first = await workerVersion(page);
  expect(await buildOf(page)).toBeNull();
  await page.evaluate(() => ((window as { beforeUpdate?: boolean }).beforeUpdate = true));

  // Deploy: the server restarts on release two.
  await stop();
  await start(releases.two);
  const second = await versionServed();
  expect(second).not.toBe(first);

  // What the hourly check does (§9: 1 h), now.
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
  const prompt = page.getByRole('status').filter({ hasText: 'A new version of this site is ready.' });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  // Still the old page under the old worker until the visitor says so.
  expect(await workerVersion(page)).toBe(first);
  expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);

  await prompt.getByRole('button', { name: 'Update now' }).click();
  // While the reload is under way the old page's context is gone: asking then is "not yet", not a failure.
  const flag = () => page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate ?? 'reloaded').catch(() => 'reloading');
  await expect.poll(flag, { timeout: 20_000 }).toBe('reloaded');
  await page.waitForLoadState();
  expect(await buildOf(page)).toBe(SECOND_BUILD);
  await expect.poll(() => workerVersion(page)).toBe(second);
  await expect(page.getByText('A new version of this site is ready.')).toHaveCount(0);
  await context.close();
});
