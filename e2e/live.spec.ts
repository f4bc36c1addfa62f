import { test, expect, type Browser as PwBrowser, type Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { DEMO_SHOPPER, DEMO_STAFF } from './helpers/session';
import { ownDatabase, sql, startOwnServer, stopOwnServer } from './helpers/ownServer';

/**
 * Live chat and notifications with the store on two server processes (the built server) sharing one PostgreSQL
 * database: the shopper's browser talks to process A, staff's to process B. Ports E2E_PORT+2 and +3; the database
 * is LIVE_E2E_DATABASE_URL's server (default the local one), created fresh and dropped afterwards.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100) + 2;
const db = ownDatabase(`pod_live_e2e_${BASE_PORT}`);
const A = `http://127.0.0.1:${BASE_PORT}`;
const B = `http://127.0.0.1:${BASE_PORT + 1}`;
const children: ChildProcess[] = [];

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async ({ browserName }, info) => {
  test.skip(info.project.name !== 'desktop' || browserName !== 'chromium', 'two processes once, on the desktop project');
  test.setTimeout(300_000);
  await db.create();
  children.push(await startOwnServer(BASE_PORT, { DATABASE_URL: db.url })); // migrates and seeds
  children.push(await startOwnServer(BASE_PORT + 1, { DATABASE_URL: db.url }));
});
test.afterAll(async () => {
  await Promise.all(children.map(stopOwnServer));
  await db.drop();
});

async function signIn(page: Page, base: string, who: { email: string; password: string }) {
  await page.goto(`${base}/login/`);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(async () => (await page.request.get(`${base}/omnis/v3/dashboard/secure/get/`)).status(), { timeout: 20_000 }).toBe(200);
  // The sign-in screen moves on by itself; the next goto must not race that navigation.
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

async function pages(browser: PwBrowser) {
  const shopper = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  const staff = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  return { shopper, staff };
}

test('a shopper on process A chats with staff on process B, who answer and transfer it', async ({ browser }) => {
  const { shopper, staff } = await pages(browser);
  await signIn(staff, B, DEMO_STAFF);
  await staff.goto(`${B}/atlas/chat/`);
  const available = staff.getByRole('checkbox', { name: /Unavailable|Available/ });
  await expect(available).toBeEnabled({ timeout: 20_000 });
  await available.click();
  await expect(staff.getByText('Available', { exact: true })).toBeVisible();

  // The widget shows because a person is available (on the other process).
  await shopper.goto(`${A}/blocks/`);
  await shopper.getByRole('button', { name: 'Chat with us' }).click();
  const panel = shopper.getByRole('dialog', { name: 'Questions?' });
  await panel.getByLabel('Your message').fill('Do you print on the back?');
  await panel.getByRole('button', { name: 'Start chat' }).click();
  await expect(panel.getByText('Waiting for the next person in Support…')).toBeVisible({ timeout: 15_000 });
  // Staff who answer Support are notified of the new chat (stored, so a closed console hears of it too).
  const { notifications } = (await (await staff.request.get(`${B}/omnis/v3/notifications/`)).json()) as { notifications: { title: string; body: string; href: string }[] };
  expect(notifications[0]).toMatchObject({ title: 'New chat in Support', body: expect.stringContaining('“Do you print on the back?”'), href: '/atlas/chat/' });

  const queue = staff.getByRole('region', { name: 'Support queue' });
  await queue.getByRole('button', { name: /Do you print on the back\?/ }).click();
  await staff.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(panel.getByText('Chatting with Sam Staff')).toBeVisible({ timeout: 15_000 });
  await staff.getByLabel('Reply').fill('Yes, front and back.');
  await staff.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(panel.getByText('Yes, front and back.')).toBeVisible({ timeout: 15_000 });
  // The shopper's panel is open, so the answer is read: staff see it.
  await expect(staff.getByText('Seen by the shopper')).toBeVisible({ timeout: 15_000 });

  await staff.getByLabel('Transfer to').selectOption({ label: 'Studio' });
  await expect(staff.getByText('Transferred to Studio.')).toBeVisible();
  await expect(panel.getByText('Transferred to Studio')).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByText('Waiting for the next person in Studio…')).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Studio queue' }).getByText('1 waiting')).toBeVisible();

  // Staff go unavailable: the next visitor sees no widget.
  await available.click();
  await expect(staff.getByText('Unavailable', { exact: true })).toBeVisible();
  const other = await (await browser.newContext()).newPage();
  await other.goto(`${A}/blocks/`);
  await expect(other.locator('[data-chat-group]')).toHaveCount(1);
  await other.waitForTimeout(1500);
  await expect(other.getByRole('button', { name: 'Chat with us' })).toHaveCount(0);
});

test('a dispatched order notifies its shopper: shown with the unread count in the title, and dismissed', async ({ browser }) => {
  const { shopper, staff } = await pages(browser);
  const address = JSON.stringify({ firstName: 'Sky', lastName: 'Shopper', street: '1 Row', city: 'Leeds', zip: 'LS1 1AA', country: 'GB' });
  const rows = await sql<{ id: number }>(
    `insert into orders (hash, division_id, email, status, subtotal, shipping, shipping_tax, goods_tax, total, billing_address, shipping_address, shipping_method, payment_method, payment_processor, idempotency_key)
     values (replace(gen_random_uuid()::text, '-', ''), (select id from divisions where code = 'demo'), $1, 'packing', 1000, 0, 0, 200, 1200, $2, $2, 'uk-standard', 'card', 'test', gen_random_uuid()::text) returning id`,
    [DEMO_SHOPPER.email, address],
    db.url,
  );
  const orderId = rows[0]!.id;

  await signIn(shopper, A, DEMO_SHOPPER);
  await signIn(staff, B, DEMO_STAFF);
  const xsrf = (await staff.context().cookies(B)).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const dispatched = await staff.request.post(`${B}/omnis/v3/atlas/orders/${orderId}/dispatch/`, { data: { trackingCode: 'RM123456785GB', carrier: 'Royal Mail' }, headers: { 'x-csrf-token': xsrf } });
  expect(dispatched.status()).toBe(200);

  await shopper.goto(`${A}/`);
  const card = shopper.getByRole('article', { name: `Order #${orderId} is on its way` });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('Tracking code: Royal Mail RM123456785GB');
  await expect.poll(() => shopper.title()).toMatch(/^\(1\) /);
  await card.getByRole('button', { name: `Dismiss Order #${orderId} is on its way` }).click();
  await expect(card).toHaveCount(0);
  await expect.poll(() => shopper.title()).not.toMatch(/^\(\d+\) /);
  await shopper.reload();
  await expect(shopper.getByRole('article', { name: `Order #${orderId} is on its way` })).toHaveCount(0);
});
