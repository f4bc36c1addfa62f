import { test, expect, type Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { DEMO_OWNER } from './helpers/session';
import { ownDatabase, sql, startOwnServer, stopOwnServer } from './helpers/ownServer';

/**
 * A page saved under an old block schema version opens in the builder upgraded, validates, saves and shows on the
 * live page. The page is written straight into the database as a server from before the button's version 2 left
 * it (`primary: 1`, no schemaVersion), so this spec runs its own built server (port E2E_PORT+4) on a fresh database
 * of LIVE_E2E_DATABASE_URL's PostgreSQL server (default the local one), dropped afterwards.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 4;
const BASE = `http://127.0.0.1:${PORT}`;
const db = ownDatabase(`pod_blocks_e2e_${PORT}`);
let server: ChildProcess | null = null;

/** Blocks exactly as the version 1 button schema stored them: every default filled, no schemaVersion. */
const envelope = { items: [], flags: {}, unpublished: false, padding: true, fullWidth: false, fullBackgroundColor: '' };
const OLD_BLOCKS = [
  { ...envelope, uid: 'intro', type: 'textBlock', order: 0, size: { x: 12, y: 6 }, properties: { text: '<h2>Saved long ago</h2>', align: 'center' } },
  {
    ...envelope,
    uid: 'old-cta',
    type: 'button',
    order: 1,
    size: { x: 6, y: 3 },
    properties: { text: 'Shop the old way', href: '/collection/t-shirts/', target: '_self', primary: 1, align: 'center', fullWidth: false, icon: '', iconPosition: 'left' },
  },
  {
    ...envelope,
    uid: 'old-row',
    type: 'row',
    order: 2,
    size: { x: 12, y: 6 },
    properties: {},
    items: [
      { ...envelope, uid: 'old-second', type: 'button', order: 0, size: { x: 6, y: 3 }, properties: { text: 'Read more', href: '/about/', target: '_self', primary: 0, align: 'left', fullWidth: false, icon: '', iconPosition: 'left' } },
    ],
  },
];

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let pageId = 0;
const URL_PATH = '/saved-long-ago/';

test.beforeAll(async ({ browserName }, info) => {
  test.skip(info.project.name !== 'desktop' || browserName !== 'chromium', 'The builder is desktop-only; one server of its own, on the desktop project');
  test.setTimeout(300_000);
  await db.create();
  server = await startOwnServer(PORT, { DATABASE_URL: db.url });
  // The page as an older server saved it, written straight into the table.
  const [demo] = await sql<{ id: number }>(`select id from divisions where code = 'demo'`, [], db.url);
  const [row] = await sql<{ id: number }>(
    `insert into pages (uuid, division_id, url, layout, blocks, flags, properties) values ($1, $2, $3, 'standard', $4, '{}', $5) returning id`,
    [randomUUID(), demo!.id, URL_PATH, JSON.stringify(OLD_BLOCKS), JSON.stringify({ title: 'Saved long ago', isStorePage: true, isMailPage: false, loginState: 'everyone', description: '', isSearchable: true })],
    db.url,
  );
  pageId = row!.id;
});

test.afterAll(async () => {
  await stopOwnServer(server);
  await db.drop().catch(() => undefined);
});

async function signIn(page: Page) {
  await page.goto(`${BASE}/login/`);
  await page.getByLabel('Email address').fill(DEMO_OWNER.email);
  await page.getByLabel('Password').fill(DEMO_OWNER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

const stored = async () => (await sql<{ blocks: { uid: string; schemaVersion?: number; properties: Record<string, unknown>; items: { schemaVersion?: number; properties: Record<string, unknown> }[] }[] }>('select blocks from pages where id = $1', [pageId], db.url))[0]!.blocks;

test('a page saved under the button schema version 1 opens upgraded in the builder, validates, saves and shows live', async ({ page }) => {
  expect((await stored())[1]).toMatchObject({ uid: 'old-cta', properties: { primary: 1 } });
  expect((await stored())[1]).not.toHaveProperty('schemaVersion');

  await signIn(page);
  await page.goto(`${BASE}/dashboard/pages/${pageId}/edit`);
  const canvas = page.locator('[data-canvas-root]');
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  const cta = canvas.locator('[data-canvas-uid="old-cta"]');
  await expect(cta.locator('a.pod-button')).toHaveText('Shop the old way');
  // Drawn in the style its version 1 flag meant; nothing on the page is marked invalid.
  await expect(cta.locator('a.pod-button')).toHaveClass(/pod-button--primary/);
  await expect(canvas.locator('[data-canvas-uid="old-second"] a.pod-button')).toHaveClass(/pod-button--secondary/);
  await expect(canvas.locator('.ed-block--invalid')).toHaveCount(0);

  // The panel shows the upgraded property: Style "Primary", no error.
  await cta.click();
  const inspector = page.getByRole('complementary', { name: 'Settings' });
  const style = inspector.getByLabel('Style', { exact: true });
  if (!(await style.isVisible())) await inspector.locator('summary', { hasText: 'Style' }).click();
  await expect(style.locator('option:checked')).toHaveText('Primary');
  await expect(cta).toHaveAttribute('aria-label', 'Button, selected');

  // An owner uses what version 2 added: a warning button. Saved, the row holds version 2 blocks only.
  await style.selectOption({ label: 'Warning' });
  await inspector.getByLabel('Text', { exact: true }).fill('Last chance');
  await expect(cta.locator('a.pod-button')).toHaveClass(/pod-button--warning/);
  await expect(canvas.locator('.ed-block--invalid')).toHaveCount(0);
  await page.keyboard.press(process.platform === 'darwin' ? 'Meta+s' : 'Control+s');
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  const blocks = await stored();
  expect(blocks[1]).toMatchObject({ schemaVersion: 2, properties: { text: 'Last chance', buttonStyle: 'warning' } });
  expect(blocks[1]!.properties).not.toHaveProperty('primary');
  expect(blocks[2]!.items[0]).toMatchObject({ schemaVersion: 2, properties: { buttonStyle: 'secondary' } });

  // The live page, drawn by the server and hydrated.
  await page.goto(`${BASE}${URL_PATH}`);
  const live = page.locator('.pod-block--button a.pod-button', { hasText: 'Last chance' });
  await expect(live).toBeVisible();
  await expect(live).toHaveClass(/pod-button--warning/);
  await expect(page.locator('.pod-block--button a.pod-button', { hasText: 'Read more' })).toHaveClass(/pod-button--secondary/);
});
