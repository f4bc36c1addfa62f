import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER } from './helpers/session';

/**
 * An outside editor (another origin, the one EDITOR_ORIGINS names for the e2e server) frames the builder and drives
 * it by postMessage: it reads the open page, adds a block the builder then shows, and is answered only because its
 * origin is configured — the same messages from an origin that is not configured get no answer.
 */

const OUTSIDE_PAGE = (frameSrc: string) => `<!doctype html><meta charset="utf-8"><title>Outside editor</title>
<iframe id="builder" src="${frameSrc}" style="width:1300px;height:850px;border:0"></iframe>
<script>
  const pending = new Map();
  window.addEventListener('message', (e) => {
    const done = pending.get(e.data && e.data.requestId);
    if (done) { pending.delete(e.data.requestId); done(e.data); }
  });
  window.ask = (message, waitMs = 8000) => new Promise((resolve) => {
    const requestId = Math.random().toString(36).slice(2);
    pending.set(requestId, resolve);
    document.getElementById('builder').contentWindow.postMessage({ ...message, requestId }, '*');
    setTimeout(() => { if (pending.delete(requestId)) resolve(null); }, waitMs);
  });
</script>`;

/** Serves the outside page on one port of this machine for the duration of the test. */
async function serveOutsidePage(port: number, frameSrc: string): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(OUTSIDE_PAGE(frameSrc));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

async function signInAndCreatePage(page: Page): Promise<{ divisionId: number; pageId: number }> {
  await page.request.get('/omnis/v3/frontend/getStoreCoreData/json/');
  const csrf = async () => (await page.request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await page.request.post('/omnis/v3/dashboard/secure/login/', { data: DEMO_OWNER, headers: { 'x-csrf-token': await csrf() } });
  expect(login.status(), await login.text()).toBe(200);
  const { user } = (await login.json()) as { user: { stores: { divisionId: number; role: string }[] } };
  const divisionId = user.stores.find((s) => s.role === 'owner')!.divisionId;
  const slug = `bridge-${Date.now().toString(36)}`;
  const created = await page.request.post(`/omnis/v3/divisions/${divisionId}/pages/`, {
    data: { url: `/${slug}/`, layout: 'standard', properties: { title: 'Bridge page' }, blocks: [] },
    headers: { 'x-csrf-token': await csrf() },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { divisionId, pageId: ((await created.json()) as { id: number }).id };
}

type Reply = { ok: boolean; page?: { id: number; blocks: { uid: string; type: string }[] }; inserted?: string[]; message?: string } | null;

test.describe('outside-editor bridge', () => {
  test.skip(({ isMobile }) => isMobile, 'The builder is desktop-only by design.');

  test('a configured outside editor reads the open page and adds a block the builder shows', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const base = new URL(baseURL!);
    const { pageId } = await signInAndCreatePage(page);
    const builderUrl = `${base.origin}/dashboard/pages/${pageId}/edit`;
    const allowed = await serveOutsidePage(Number(base.port) + 1, builderUrl);
    const stranger = await serveOutsidePage(Number(base.port) + 2, builderUrl);
    try {
      await page.goto(`http://127.0.0.1:${Number(base.port) + 1}/`);
      const frame = page.frameLocator('#builder');
      await expect(frame.getByText('This page has no blocks yet')).toBeVisible({ timeout: 60_000 });

      const fetched = (await page.evaluate(() => (window as unknown as { ask: (m: object) => Promise<Reply> }).ask({ type: 'pod:fetch-page' }))) as Reply;
      expect(fetched?.ok).toBe(true);
      expect(fetched?.page?.id).toBe(pageId);

      const added = (await page.evaluate(() =>
        (window as unknown as { ask: (m: object) => Promise<Reply> }).ask({
          type: 'pod:update-blocks',
          blocks: [{ uid: 'from-outside', type: 'textBlock', properties: { text: '<p>Written by the outside editor</p>' } }],
        }),
      )) as Reply;
      expect(added?.ok, added?.message).toBe(true);
      expect(added?.inserted).toEqual(['from-outside']);
      await expect(frame.locator('[data-canvas-uid="from-outside"]')).toContainText('Written by the outside editor');
      // The change is the builder's unsaved work: one undo step, and the page is marked as changed.
      await expect(frame.getByRole('button', { name: /undo/i }).first()).toBeEnabled();

      // The same builder framed by an origin nobody configured: it may not even be framed, and gets no answer.
      await page.goto(`http://127.0.0.1:${Number(base.port) + 2}/`);
      const ignored = await page.evaluate(() => (window as unknown as { ask: (m: object, w: number) => Promise<Reply> }).ask({ type: 'pod:fetch-page' }, 3000));
      expect(ignored).toBeNull();
    } finally {
      allowed.close();
      stranger.close();
    }
  });
});
