import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_OWNER, signInAs } from './helpers/session';

/**
 * Store settings (issue #17): the owner turns each site-wide feature on in /dashboard/settings/ and a new visitor
 * sees it on the store — cookie notice whose consent gates tracking, sitewide popup, delivery cut-off banner,
 * subscriber popup after 30 s (the clock is the test's), password protection and coming soon. Invalid values show
 * the §5.1 messages at their fields. The demo store's settings are put back afterwards (other specs share it).
 * Persistence across a restart and 403 for other stores' owners: server/api/divisions/settings.test.ts.
 */

const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const TABS = ['general', 'domain', 'banners', 'marketing', 'access', 'currencies', 'tracking', 'searchRedirects', 'splitTests'] as const;

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.skip(({ isMobile }) => isMobile, 'one run is enough: the settings are the demo store’s, shared by both projects');

let demo = 0;
let original: Record<string, unknown> = {};

async function ownerApi(browser: Browser): Promise<{ request: APIRequestContext; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: BASE });
  const request = context.request;
  await request.get('/omnis/v3/frontend/getStoreCoreData/json/');
  const token = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  expect((await request.post('/omnis/v3/dashboard/secure/login/', { data: DEMO_OWNER, headers: { 'x-csrf-token': token } })).status()).toBe(200);
  return { request, close: () => context.close() };
}

const csrfOf = async (request: APIRequestContext) => (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

test.beforeAll(async ({ browser }) => {
  const owner = await ownerApi(browser);
  const core = await (await owner.request.get('/omnis/v3/frontend/getStoreCoreData/json/')).json();
  demo = core.state.subdomain.division.id;
  original = (await (await owner.request.get(`/omnis/v3/divisions/${demo}/settings/`)).json()).settings;
  await owner.close();
});

test.afterAll(async ({ browser }) => {
  if (!demo) return;
  const owner = await ownerApi(browser);
  const token = await csrfOf(owner.request);
  // Currencies are left alone: saving that tab stores the screen's starting rates, which would change every other
  // spec's converted prices (the demo converts with §9's table until its owner saves rates).
  for (const tab of TABS.filter((t) => t !== 'currencies')) await owner.request.patch(`/omnis/v3/divisions/${demo}/settings/${tab}/`, { data: original[tab], headers: { 'x-csrf-token': token } });
  await owner.close();
});

/** Opens a settings tab as the signed-in owner. */
async function openTab(page: Page, tab: string) {
  await page.goto('/dashboard/settings/');
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('heading', { name: tab, level: 2 })).toBeVisible();
}

async function save(page: Page, tab: string) {
  await page.getByRole('button', { name: `Save ${tab.toLowerCase()}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${tab} settings saved.` })).toBeVisible();
}

/** A new visitor: a fresh browser context, nothing remembered. */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ baseURL: BASE });
  return { context, page: await context.newPage() };
}

test('invalid settings show the §5.1 messages at their fields, and nothing is saved', async ({ page }) => {
  await signInAs(page, DEMO_OWNER);
  await openTab(page, 'Tracking');
  await page.getByLabel('Google Analytics measurement ID').fill('UA-12345');
  await page.getByLabel('Facebook Pixel ID').fill('12');
  await page.getByLabel('Google Ads conversion ID').fill('12');
  await page.getByLabel('Google verification meta tag').fill('<script>alert(1)</script>');
  await page.getByRole('button', { name: 'Save tracking' }).click();
  await expect(page.getByText('Invalid measurement ID')).toBeVisible();
  await expect(page.getByText('Invalid Facebook Pixel')).toBeVisible();
  await expect(page.getByText('Invalid conversion ID')).toBeVisible();
  await expect(page.getByText('Invalid verification snippet')).toBeVisible();
  await expect(page.getByLabel('Google Analytics measurement ID')).toHaveAttribute('aria-invalid', 'true');
  // Fixing a field clears its message as the owner types.
  await page.getByLabel('Google Analytics measurement ID').fill('G-ABCDEFG123');
  await expect(page.getByText('Invalid measurement ID')).toBeHidden();

  await openTab(page, 'Domain');
  await page.getByLabel('Custom domain').fill('not a domain');
  await page.getByRole('button', { name: 'Save domain' }).click();
  await expect(page.getByText('Please enter a valid domain')).toBeVisible();

  // The server says the same (a request that skips the screen).
  const res = await page.request.patch(`/omnis/v3/divisions/${demo}/settings/tracking/`, { data: { fbPixel: '12' }, headers: { 'x-csrf-token': await csrfOf(page.request) } });
  expect(res.status()).toBe(422);
  expect((await res.json()).errors).toEqual({ fbPixel: ['Invalid Facebook Pixel'] });
  const saved = await (await page.request.get(`/omnis/v3/divisions/${demo}/settings/`)).json();
  expect(saved.settings.tracking.fbPixel).toBe(original.tracking ? (original.tracking as { fbPixel: string }).fbPixel : '');
});

test('cookie notice: no tracking request before consent, one after', async ({ page, browser }) => {
  await signInAs(page, DEMO_OWNER);
  await openTab(page, 'Subscribers & cookies');
  await page.getByLabel(/Show the cookie notice/).check();
  await page.getByLabel('Cookie notice message').fill('We use cookies to improve your visit.');
  await save(page, 'Subscribers & cookies');
  await openTab(page, 'Tracking');
  await page.getByLabel('Google Analytics measurement ID').fill('G-E2ETEST123');
  await save(page, 'Tracking');

  const { context, page: shopper } = await visitor(browser);
  const tracking: string[] = [];
  await context.route(/googletagmanager\.com|google-analytics\.com|facebook\.net|pinimg\.com/, (route) => {
    tracking.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  await shopper.clock.install();
  await shopper.goto('/');
  const notice = shopper.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toContainText('We use cookies to improve your visit.');
  // Well past §9's 5 s and the 10 s idle limit: still nothing without consent.
  await shopper.clock.runFor(20_000);
  expect(tracking).toEqual([]);
  await notice.getByRole('button', { name: 'Accept all cookies' }).click();
  await expect(notice).toBeHidden();
  await shopper.clock.runFor(20_000);
  await expect.poll(() => tracking.length).toBe(1);
  expect(tracking[0]).toContain('gtag/js?id=G-E2ETEST123');
  // The answer is remembered: no notice on the next page.
  await shopper.reload();
  await expect(shopper.getByRole('link', { name: 'Skip to content' })).toBeAttached();
  await shopper.clock.runFor(2_000);
  await expect(shopper.getByRole('region', { name: 'Cookie notice' })).toBeHidden();
  await context.close();

  // "Essential only" keeps tracking off.
  const second = await visitor(browser);
  const more: string[] = [];
  await second.context.route(/googletagmanager\.com/, (route) => {
    more.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  await second.page.clock.install();
  await second.page.goto('/');
  await second.page.getByRole('button', { name: 'Essential only' }).click();
  await second.page.clock.runFor(20_000);
  expect(more).toEqual([]);
  await second.context.close();
});

test('sitewide popup, delivery cut-off banner and the subscriber popup after 30 s', async ({ page, browser }) => {
  await signInAs(page, DEMO_OWNER);
  await openTab(page, 'Subscribers & cookies');
  await page.getByLabel(/Show the cookie notice/).uncheck();
  await page.getByLabel(/Offer a coupon to visitors who subscribe/).check();
  await page.getByLabel('Coupon code it awards').fill('WELCOME10');
  await save(page, 'Subscribers & cookies');
  await openTab(page, 'Banner & popups');
  await page.getByLabel('Show the delivery cut-off banner').check();
  await page.getByLabel('Last day for standard delivery').fill('2099-12-18');
  await page.getByLabel('Cut-off banner text', { exact: true }).fill('Order in time for Christmas');
  await page.getByLabel('Show the popup to each new visitor').check();
  await page.getByLabel('Popup heading').fill('Autumn sale');
  await page.getByLabel('Popup description').fill('Every tee 20% off this week.');
  await save(page, 'Banner & popups');

  const { context, page: shopper } = await visitor(browser);
  await shopper.clock.install();
  await shopper.goto('/');
  await expect(shopper.getByRole('region', { name: 'Delivery cut-off' })).toContainText('Order in time for Christmas · Standard delivery: order by Fri 18 Dec');
  const popup = shopper.getByRole('dialog', { name: 'Autumn sale' });
  await expect(popup).toContainText('Every tee 20% off this week.');
  await popup.getByRole('button', { name: 'Continue shopping' }).click();
  await expect(popup).toBeHidden();

  // §9: the subscriber offer waits 30 s.
  const offer = shopper.getByRole('dialog', { name: 'Get a welcome discount' });
  await shopper.clock.runFor(29_000);
  await expect(offer).toBeHidden();
  await shopper.clock.runFor(2_000);
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  await offer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(offer.getByText('This field is required').first()).toBeVisible();
  await offer.getByLabel('First name').fill('Ada');
  await offer.getByLabel(/Email/).fill('ada.settings@example.com');
  await offer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(offer.getByText("We've sent you an email to verify your subscription")).toBeVisible();
  const cookies = await context.cookies();
  const subscribed = cookies.find((c) => c.name === 'subscriber_offer_subscribed');
  expect(subscribed, 'subscribed cookie').toBeTruthy();
  // §9: kept 365 days.
  expect(Math.round((subscribed!.expires * 1000 - Date.now()) / 86_400_000)).toBeGreaterThanOrEqual(364);
  // Neither popup comes back for this visitor.
  await shopper.reload();
  await shopper.clock.runFor(31_000);
  await expect(shopper.getByRole('dialog')).toHaveCount(0);
  await context.close();

  // Closing the offer keeps it away for 30 days; mail-campaign shoppers never see it.
  const second = await visitor(browser);
  await second.page.clock.install();
  await second.page.goto('/?utm_source_platform=teemail');
  await second.page.getByRole('dialog', { name: 'Autumn sale' }).getByRole('button', { name: 'Continue shopping' }).click();
  await second.page.clock.runFor(31_000);
  await expect(second.page.getByRole('dialog')).toHaveCount(0);
  await second.page.goto('/');
  const offer2 = second.page.getByRole('dialog', { name: 'Get a welcome discount' });
  // The offer's 30 s start when the app has taken over the server-drawn page, which a loaded machine may finish
  // after the clock moved; the exact delay is proven for the first visitor above.
  await expect(async () => {
    await second.page.clock.runFor(31_000);
    await expect(offer2).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await offer2.getByRole('button', { name: 'Close' }).click();
  const dismissed = (await second.context.cookies()).find((c) => c.name === 'subscriber_offer_dismissed');
  expect(Math.round((dismissed!.expires * 1000 - Date.now()) / 86_400_000)).toBe(30);
  await second.context.close();
});

test('password protection and coming soon: the store and its API refuse visitors who are not allowed', async ({ page, browser }) => {
  await signInAs(page, DEMO_OWNER);
  await openTab(page, 'Access');
  await page.getByLabel('Only signed-in allowed users may visit the store').check();
  await save(page, 'Access');

  const { context, page: shopper } = await visitor(browser);
  await shopper.goto('/');
  await expect(shopper).toHaveURL(/\/login\//);
  const read = await shopper.request.get(`/omnis/v3/division/${demo}/products/`);
  expect([401, 403]).toContain(read.status());
  expect((await shopper.request.get(`/omnis/v3/collections/get/${demo}/`)).status()).toBe(403);
  // The owner still sees the store.
  expect((await page.request.get(`/omnis/v3/division/${demo}/products/`)).status()).toBe(200);

  await openTab(page, 'Access');
  await page.getByLabel(/Show a countdown page until launch/).check();
  await page.getByLabel('Launch date').fill('2099-01-01');
  await save(page, 'Access');
  await shopper.goto('/about/');
  await expect(shopper).toHaveURL(/\/countdown\/$/);
  await expect(shopper.getByText(/Opening on Thu 1 Jan/)).toBeVisible();
  await context.close();

  await openTab(page, 'Access');
  await page.getByLabel('Only signed-in allowed users may visit the store').uncheck();
  await page.getByLabel(/Show a countdown page until launch/).uncheck();
  await save(page, 'Access');
  const after = await visitor(browser);
  expect((await after.page.request.get(`/omnis/v3/division/${demo}/products/`)).status()).toBe(200);
  await after.context.close();
});

test('split tests: the owner changes a test and a new visitor gets it; plain messages for a bad test', async ({ page, browser }) => {
  await signInAs(page, DEMO_OWNER);
  await openTab(page, 'Split tests');
  const test = page.getByRole('group', { name: 'Favourites' });
  await expect(test.getByLabel('Code (the address parameter)')).toHaveValue('favourite_products');
  await page.getByRole('button', { name: 'Add a split test' }).click();
  const added = page.getByRole('group', { name: 'Test 2' });
  await added.getByLabel('Code (the address parameter)').fill('Hero Banner');
  await page.getByRole('button', { name: 'Save split tests' }).click();
  await expect(added.getByText('Use lower-case letters and digits, joined by - or _')).toBeVisible();
  await expect(added.getByText('This field is required')).toBeVisible();
  await added.getByRole('button', { name: 'Remove test' }).click();
  // Favourites shown unless a session was given "hide".
  await test.getByLabel('Default variation').selectOption('show');
  await save(page, 'Split tests');

  const { context, page: shopper } = await visitor(browser);
  await shopper.goto('/product/summit-tee/');
  await expect(shopper.getByRole('button', { name: 'Add to favourites' })).toBeVisible();
  // The visit was discovered and counted for the owner.
  await expect(async () => {
    await openTab(page, 'Split tests');
    await expect(page.getByLabel('Results of Favourites')).toHaveText(/hide: \d+ \(\d+%\) · show: \d+ \(\d+%\)/);
  }).toPass({ timeout: 20_000 });
  await context.close();
});
