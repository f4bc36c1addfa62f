import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './helpers/shop';

/** Every console message and page error, to catch React's hydration complaints (minified or not). */
function watchAll(page: Page) {
  const messages: string[] = [];
  page.on('console', (msg) => (msg.type() === 'error' || msg.type() === 'warning') && messages.push(msg.text()));
  page.on('pageerror', (err) => messages.push(err.message));
  return messages;
}
const HYDRATION = /hydrat|did not match|#418|#419|#421|#422|#423|#425/i;

test('the product page arrives drawn: name, price and add to basket are in the first HTML', async ({ request }) => {
  const response = await request.get('/product/fern-organic-tee/');
  expect(response.status()).toBe(200);
  const html = await response.text();
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(root).toContain('<h1>Fern Organic Tee</h1>');
  expect(root).toMatch(/class="product__price"><span class="commerce-price ">£25\.00<\/span>/);
  expect(root).toMatch(/<button[^>]*>Add to basket<\/button>/);
  // The answers the page used travel with it, so hydration asks for none of them again.
  expect(html).toContain('<script type="application/json" id="pod-data">');
});

test('an unknown product still answers 404 from the server renderer', async ({ request }) => {
  const response = await request.get('/product/no-such-product/');
  expect(response.status()).toBe(404);
});

for (const path of ['/', '/product/fern-organic-tee/', '/collection/t-shirts/', '/about/']) {
  test(`${path} hydrates without a mismatch and without asking again for what the server sent`, async ({ page }) => {
    const messages = watchAll(page);
    const errors = watchConsole(page);
    const apiReads: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.method() === 'GET' && url.pathname.startsWith('/omnis/v3/') && !/session|basket|favourites|auth/.test(url.pathname)) apiReads.push(url.pathname + url.search);
    });
    await page.goto(path);
    // The server's markup is there before any script has run…
    await expect(page.locator('#root main')).not.toBeEmpty();
    // …and the app takes it over: a client-only control reacts.
    await page.waitForFunction(() => document.querySelector('#root')?.hasChildNodes());
    await page.waitForLoadState('networkidle');
    expect(messages.filter((m) => HYDRATION.test(m))).toEqual([]);
    expect(errors).toEqual([]);
    expect(apiReads).toEqual([]);
  });
}

test('hydrated pages still navigate as an app and fetch what they did not get with the HTML', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const reads: string[] = [];
  page.on('request', (r) => r.url().includes('/omnis/v3/') && reads.push(r.url()));
  await page.getByRole('link', { name: 'Shop T-Shirts' }).first().click();
  await expect(page).toHaveURL(/\/collection\/t-shirts\/$/);
  await expect(page.getByRole('heading', { name: 'T-Shirts', level: 1 })).toBeVisible();
  expect(reads.some((u) => u.includes('/products'))).toBe(true);
});

test('a colour tapped before the app has taken over the drawn page is chosen once it has', async ({ page }) => {
  // Hold the app's code back, as on a slow phone, while the drawn page is already on screen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/product/summit-tee/', { waitUntil: 'commit' });
  const navy = page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: 'Navy', exact: true });
  await navy.click();
  await expect(navy).toHaveAttribute('aria-checked', 'false');
  release();
  await expect(navy).toHaveAttribute('aria-checked', 'true');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('store pages can be read: text, links and images', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Made when you order it' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shop T-Shirts' }).first()).toHaveAttribute('href', '/collection/t-shirts/');
    await page.goto('/product/fern-organic-tee/');
    await expect(page.getByRole('heading', { name: 'Fern Organic Tee', level: 1 })).toBeVisible();
    await expect(page.locator('.product__price')).toHaveText('£25.00');
    await expect(page.locator('img.product__main-image')).toHaveAttribute('src', /fern/);
    await page.goto('/collection/t-shirts/');
    await expect(page.getByRole('heading', { name: 'T-Shirts', level: 1 })).toBeVisible();
    const first = page.locator('main a[href^="/product/"]').first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(page.locator('h1')).toBeVisible();
  });
});

test('storefront pages carry a nonce-based Content-Security-Policy and come compressed', async ({ request, page }) => {
  const response = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  const headers = response.headers();
  expect(headers['content-encoding']).toBe('br');
  const csp = headers['content-security-policy']!;
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['strict-transport-security']).toBeUndefined();
  expect(await response.text()).toMatch(new RegExp(`<script type="module"[^>]* nonce="${nonce!.replace(/[+/=]/g, '\\$&')}">`));
  // Another response, another nonce.
  const again = (await request.get('/')).headers()['content-security-policy'];
  expect(again).not.toBe(csp);
  // Built scripts travel precompressed and are cached for good.
  const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(await (await request.get('/')).text())![1]!;
  const script = await request.get(entry, { headers: { 'accept-encoding': 'br' } });
  expect(script.headers()['content-encoding']).toBe('br');
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // The page runs under the policy without a violation.
  const violations: string[] = [];
  page.on('console', (m) => /Content.Security.Policy|Refused to/i.test(m.text()) && violations.push(m.text()));
  await page.goto('/product/fern-organic-tee/');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
