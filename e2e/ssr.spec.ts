import { expect, test, type Page } from '@playwright/test';
import { appRunning, basketItems, watchConsole } from './helpers/shop';

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

test("an address that shows the not-found page arrives with the store's not-found page drawn, answered 404; the app moves to /404/ and takes it over", async ({ request, page }) => {
  for (const path of ['/no-such-page/', '/creator/nobody-here/', '/plugins/no-such-feature', '/help/question/no-such-question/']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root, path).toMatch(/^<div id="root" data-drawn-path="\/404\/">/);
    expect(root, path).toContain('We couldn’t find that page');
    expect(html, path).toContain('id="pod-data"');
  }
  const messages = watchAll(page);
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('/omnis/') && asked.push(r.url()));
  await page.goto('/help/question/no-such-question/');
  await appRunning(page);
  await expect(page).toHaveURL(/\/404\/$/);
  await expect(page.getByRole('heading', { name: 'We couldn’t find that page' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Fern & Thread');
  // Taken over, not drawn again: the not-found page's answers came with the HTML.
  expect(asked.filter((url) => url.includes('/pages/'))).toEqual([]);
  // A creator that does not exist is known only once the screen has asked: the app draws, then moves on.
  await page.goto('/creator/nobody-here/');
  await expect(page).toHaveURL(/\/404\/$/);
  await expect(page.getByRole('heading', { name: 'We couldn’t find that page' })).toBeVisible();
  expect(messages.filter((m) => HYDRATION.test(m))).toEqual([]);
});

test('a drawn page has the connection to itself: scripts and fonts are asked for after it painted and its first large image arrived', async ({ page }) => {
  await page.goto('/product/fern-organic-tee/');
  await page.waitForLoadState('networkidle');
  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')!.currentSrc;
    return {
      paint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
      image: resources.find((r) => r.name === hero)!.responseEnd,
      scripts: resources.filter((r) => /\/assets\/.*\.js$/.test(r.name)).map((r) => r.startTime),
      fonts: resources.filter((r) => r.name.includes('/fonts/')).map((r) => r.startTime),
      stylesheets: resources.filter((r) => /\/assets\/.*\.css$/.test(r.name)).map((r) => r.name),
    };
  });
  expect(timing.scripts.length).toBeGreaterThan(0);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.image);
  expect(Math.min(...timing.fonts)).toBeGreaterThanOrEqual(timing.paint);
  // Its stylesheets came inline: none is downloaded again, not even by the app's chunk loader.
  expect(timing.stylesheets).toEqual([]);
});

test('an unknown product still answers 404 from the server renderer', async ({ request }) => {
  const response = await request.get('/product/no-such-product/');
  expect(response.status()).toBe(404);
});

for (const path of ['/', '/product/fern-organic-tee/', '/collection/t-shirts/', '/about/', '/help/question/when-will-my-order-arrive/']) {
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
    // …and the app takes it over.
    await appRunning(page);
    await page.waitForLoadState('networkidle');
    expect(messages.filter((m) => HYDRATION.test(m))).toEqual([]);
    expect(errors).toEqual([]);
    expect(apiReads).toEqual([]);
  });
}

for (const path of ['/', '/product/fern-organic-tee/', '/collection/t-shirts/']) {
  test(`${path} does not move when the app takes over the drawn page`, async ({ page }) => {
    // Every layout shift from the first paint on: a stylesheet the server left out, or a part drawn only after
    // hydration, moves what the shopper is already reading.
    await page.addInitScript(() => {
      const shifts: { value: number; nodes: string[] }[] = ((window as unknown as { podShifts: unknown }).podShifts = []);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
          if (!entry.hadRecentInput) shifts.push({ value: entry.value, nodes: entry.sources.map((s) => (s.node as Element | undefined)?.className ?? String(s.node?.nodeName)) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Web fonts stay away here: their swap is a shift of its own (the fallback's metrics), not the app's doing.
    await page.route('**/*.woff2', (route) => route.abort());
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(() => (window as unknown as { podShifts: { value: number; nodes: string[] }[] }).podShifts);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
  });
}

test('nothing moves as the logo and the web fonts arrive: the fonts join with the next page the visitor opens', async ({ page }) => {
  // The logo's room is kept from the first paint (its size comes with the store data), so the menu beside it stays.
  await page.addInitScript(() => {
    const w = window as unknown as { podShift: number; podFonts: string; podShiftWho: string[] };
    w.podShift = 0;
    w.podShiftWho = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; sources: { node?: Element }[] }[]) {
        w.podShift += entry.value;
        w.podShiftWho.push(`${entry.value.toFixed(4)} ${entry.sources.map((x) => `${x.node?.nodeName}.${x.node?.className}`).join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    for (const type of ['webfonts-loaded', 'webfonts-failed-to-load']) window.addEventListener(type, () => (w.podFonts = type));
  });
  const joined = () => page.evaluate(() => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Lora').length);
  await page.goto('/product/fern-organic-tee/');
  await page.waitForFunction(() => (window as unknown as { podFonts?: string }).podFonts === 'webfonts-loaded');
  await page.waitForTimeout(300);
  // Loaded, not yet in the page: the text stays in its stand-ins (drawn to the web fonts' metrics) and nothing moved.
  expect(await joined()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { podShift: number }).podShift), await page.evaluate(() => (window as unknown as { podShiftWho: string[] }).podShiftWho.join('\n'))).toBe(0);
  const family = await page.locator('h1').evaluate((el) => getComputedStyle(el).fontFamily);
  expect(family).toMatch(/^"?Lora"?, "Lora Fallback 1"/);
  // Choosing on the page moves nothing either…
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio').and(page.locator(':enabled')).first().click();
  expect(await joined()).toBe(0);
  // …the next page comes with them.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'T-Shirts' }).click();
  await expect(page).toHaveURL(/\/collection\/t-shirts\/$/);
  await expect.poll(joined).toBe(2);
});

test('hydrated pages still navigate as an app and fetch what they did not get with the HTML', async ({ page }) => {
  await page.goto('/');
  await appRunning(page);
  const reads: string[] = [];
  page.on('request', (r) => r.url().includes('/omnis/v3/') && reads.push(r.url()));
  await page.getByRole('link', { name: 'Shop T-Shirts' }).first().click();
  await expect(page).toHaveURL(/\/collection\/t-shirts\/$/);
  await expect(page.getByRole('heading', { name: 'T-Shirts', level: 1 })).toBeVisible();
  expect(reads.some((u) => u.includes('/products'))).toBe(true);
});

/** Holds the app's code back, as on a slow phone, while the drawn page is already on screen; returns its release. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a colour tapped before the app has taken over the drawn page is chosen once it has', async ({ page }) => {
  const release = await holdAppCode(page);
  await page.goto('/product/summit-tee/', { waitUntil: 'commit' });
  const navy = page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: 'Navy', exact: true });
  await navy.click();
  await expect(navy).toHaveAttribute('aria-checked', 'false');
  await expect(page.locator('html')).not.toHaveAttribute('data-app', 'running');
  release();
  await appRunning(page);
  await expect(navy).toHaveAttribute('aria-checked', 'true');
});

test('a size and Add to basket tapped before the app has taken over: the basket gets that size, once', async ({ page }) => {
  const release = await holdAppCode(page);
  await page.goto('/product/summit-tee/navy/', { waitUntil: 'commit' });
  const size = page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio').and(page.locator(':enabled')).first();
  const sizeName = (await size.textContent())!.trim();
  await size.click();
  await page.getByRole('button', { name: 'Add to basket' }).click();
  release();
  await appRunning(page);
  await expect(page.locator('.header__basket .header__badge')).toHaveText('1');
  await expect(size).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Please select a size')).toHaveCount(0);
  expect(await basketItems(page)).toEqual([expect.objectContaining({ quantity: 1, options: { colour: 'Navy', size: sizeName } })]);
});

test('a currency chosen before the app has taken over the drawn page is kept once it has', async ({ page, isMobile }) => {
  test.skip(isMobile, 'phones keep the currency in the menu, which the app opens');
  const release = await holdAppCode(page);
  await page.goto('/product/fern-organic-tee/', { waitUntil: 'commit' });
  const currency = page.getByRole('combobox', { name: 'Currency' });
  await currency.selectOption('EUR');
  release();
  await appRunning(page);
  await expect(page.locator('.product__price')).toHaveText(/^25,00\s€$/);
  await expect(currency).toHaveValue('EUR');
});

test('a box ticked and fields filled before the app has taken over the sign-up form are sent as shown', async ({ page }, testInfo) => {
  const release = await holdAppCode(page);
  await page.goto('/sign-up/', { waitUntil: 'commit' });
  await page.getByLabel('First name').fill('Early');
  await page.getByLabel('Email address').fill(`early-${testInfo.project.name}-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('early-strong-password');
  await page.getByLabel('I want my own store').check();
  await expect(page.locator('html')).not.toHaveAttribute('data-app', 'running');
  release();
  await appRunning(page);
  await expect(page.getByLabel('I want my own store')).toBeChecked();
  const sent = page.waitForRequest((r) => r.url().includes('/shop/customer/create/'));
  await page.getByRole('button', { name: 'Create account' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ firstName: 'Early', should_have_store: 1, dashboard_access: 1 });
  await expect(page).toHaveURL(/\/sign-up\/verify\/$/);
});

test("the store's theme stays once the app has taken over a drawn page and after it navigates", async ({ page }) => {
  const headerColour = () => page.locator('header.header').evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.goto('/');
  const themed = await headerColour();
  expect(themed).not.toBe('rgb(255, 255, 255)'); // the demo theme's menu is green
  await page.goto('/product/summit-tee/');
  await expect(page.getByRole('button', { name: 'Add to basket' })).toBeEnabled();
  expect(await headerColour()).toBe(themed);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'T-Shirts' }).click();
  await expect(page).toHaveURL(/\/collection\/t-shirts\/$/);
  await expect(page.getByRole('heading', { name: 'T-Shirts', level: 1 })).toBeVisible();
  expect(await headerColour()).toBe(themed);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('store pages can be read: text, links and images', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Made when you order it' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shop T-Shirts' }).first()).toHaveAttribute('href', '/collection/t-shirts/');
    // Far down a long page too: every part is drawn in place, none left hidden for a script to move in.
    await expect(page.getByRole('heading', { name: 'From the journal' })).toBeVisible();
    await expect(page.locator('template[id^="B:"], div[hidden][id^="S:"]')).toHaveCount(0);
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

  test("an unknown address reads as the store's not-found page, with its way back", async ({ page }) => {
    const response = await page.goto('/no-such-page/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'We couldn’t find that page' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link').first()).toBeVisible();
  });

  test('the help centre can be read and searched: its groups, a question with its answer, search results', async ({ page }) => {
    await page.goto('/help/');
    await expect(page.getByRole('heading', { level: 2, name: 'Returns and refunds' })).toBeVisible();
    await page.getByLabel('Search the help centre').fill('refund');
    await page.getByLabel('Search the help centre').press('Enter');
    await expect(page).toHaveURL(/\/help\/\?q=refund$/);
    await expect(page.getByRole('region', { name: 'Search results' })).toContainText('How long does a refund take?');
    await page.goto('/help/question/when-will-my-order-arrive/');
    await expect(page).toHaveTitle('When will my order arrive? | Fern & Thread');
    await expect(page.getByText('dispatch within 3 to 5 working days')).toBeVisible();
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
  // The page's scripts are started by its inline loader (after the first paint), which carries the nonce.
  expect(await response.text()).toMatch(new RegExp(`<script nonce="${nonce!.replace(/[+/=]/g, '\\$&')}">\\(function\\(\\)\\{var entry=`));
  // Another response, another nonce.
  const again = (await request.get('/')).headers()['content-security-policy'];
  expect(again).not.toBe(csp);
  // Built scripts travel precompressed and are cached for good.
  const entry = /var entry="(\/assets\/index-[^"]+\.js)"/.exec(await (await request.get('/')).text())![1]!;
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
