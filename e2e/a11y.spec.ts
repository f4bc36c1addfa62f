import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { fillCheckout, pickColourAndSize } from './helpers/shop';

/**
 * The accessibility floor of the storefront and the owner's screens: axe finds no serious or critical violation
 * (WCAG 2.x A and AA rules), keyboard focus is always visible, and the header menu, currency selector and colour and
 * size pickers work with a keyboard and name themselves to a screen reader.
 */

// axe reads every node of a page: on a busy machine a screen takes several seconds.
test.describe.configure({ timeout: 240_000 });

const OWNER = { email: 'owner@fernandthread.example', password: 'demo-owner-password' };
const STAFF = { email: 'staff@pod.example', password: 'demo-staff-password' };

async function expectNoSeriousViolations(page: Page, screen: string) {
  // Let transitions and lazy content settle so axe sees what a shopper sees.
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
  expect(serious, `${screen}: ${serious.join('\n')}`).toEqual([]);
}

async function csrf(request: APIRequestContext) {
  return (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
}

async function addToBasket(page: Page) {
  await page.goto('/product/summit-tee/');
  await pickColourAndSize(page, 'Navy');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible();
}

for (const [screen, path, heading] of [
  ['home', '/', 'Made when you order it'],
  ['collection', '/collection/t-shirts/', 'T-Shirts'],
  ['product', '/product/summit-tee/', 'Summit Tee'],
  ['search', '/search/?q=tee', 'Search'],
  ['new in', '/new-in/', 'New in this season'],
  ['not found', '/no-such-page/', 'We couldn’t find that page'],
  ['login', '/login/', 'Sign in'],
  ['returns (find the order)', '/returns/', 'Return items'],
  ['change order (find the order)', '/edit-order/', 'Change your order'],
] as const) {
  test(`${screen} screen`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    if (screen === 'search') await expect(page.getByRole('list', { name: 'Products found' })).toBeVisible();
    await expectNoSeriousViolations(page, screen);
  });
}

test('basket, checkout (with its error summary), receipt and order history', async ({ page }) => {
  await addToBasket(page);
  await page.goto('/basket/');
  await expect(page.getByRole('list', { name: 'Basket items' })).toBeVisible();
  await expectNoSeriousViolations(page, 'basket');
  await page.goto('/checkout/');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByLabel(/UK standard/)).toBeChecked();
  await expectNoSeriousViolations(page, 'checkout');
  await page.getByRole('button', { name: /Place order/ }).click();
  await expect(page.getByRole('heading', { name: /Please check these/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'checkout with errors');
  await fillCheckout(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /Place order/ }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expectNoSeriousViolations(page, 'receipt');
  // The shopper's order history, reached from the receipt.
  await page.getByRole('link', { name: 'Your orders' }).click();
  await expect(page.getByRole('heading', { name: 'Your orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Orders' })).toBeVisible();
  await expectNoSeriousViolations(page, 'order history');
});

test("the owner's pages list and the builder", async ({ page, isMobile }) => {
  await page.request.get('/omnis/v3/frontend/getStoreCoreData/json/');
  const res = await page.request.post('/omnis/v3/dashboard/secure/login/', { data: OWNER, headers: { 'x-csrf-token': await csrf(page.request) } });
  expect(res.status()).toBe(200);
  await page.goto('/dashboard/pages/');
  await expect(page.getByRole('heading', { name: 'Pages', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'pages list');
  // The builder is desktop-only by design (a phone sees a "needs a wider screen" notice, checked too).
  await page.getByRole('link', { name: /Edit/ }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/pages\/\d+\/edit/, { timeout: 30_000 });
  // The builder fetches every block type's code before it draws; CI's busy cores have taken over 10 s.
  if (!isMobile) await expect(page.getByRole('group', { name: 'Preview width' })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page, 'builder');
});

test("the owner's store settings, every tab", async ({ page }) => {
  await page.request.get('/omnis/v3/frontend/getStoreCoreData/json/');
  const res = await page.request.post('/omnis/v3/dashboard/secure/login/', { data: OWNER, headers: { 'x-csrf-token': await csrf(page.request) } });
  expect(res.status()).toBe(200);
  await page.goto('/dashboard/settings/');
  await expect(page.getByRole('heading', { name: 'Store settings', level: 1 })).toBeVisible();
  for (const tab of ['General', 'Domain', 'Banner & popups', 'Subscribers & cookies', 'Access', 'Currencies', 'Tracking', 'Search redirects', 'Split tests']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('heading', { name: tab, level: 2 })).toBeVisible();
    await expectNoSeriousViolations(page, `settings: ${tab}`);
  }
});

test("the owner's and staff's management screens: products, new product, orders, shipping, stores, customers", async ({ page }) => {
  test.setTimeout(300_000);
  await page.request.get('/omnis/v3/frontend/getStoreCoreData/json/');
  const signIn = async (who: { email: string; password: string }) => {
    const res = await page.request.post('/omnis/v3/dashboard/secure/login/', { data: who, headers: { 'x-csrf-token': await csrf(page.request) } });
    expect(res.status()).toBe(200);
  };
  await signIn(OWNER);
  for (const [path, heading] of [
    ['/dashboard/products/', 'Products'],
    ['/dashboard/products/new/', 'Add a product'],
    ['/dashboard/orders/', 'Orders'],
    ['/dashboard/shipping/', 'Shipping'],
    ['/dashboard/customers/', 'Customers'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, path);
  }
  await page.request.post('/omnis/v3/dashboard/secure/logout/', { headers: { 'x-csrf-token': await csrf(page.request) } });
  await signIn(STAFF);
  await page.goto('/dashboard/stores/');
  await expect(page.getByRole('heading', { name: 'Stores', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'stores');
});

test('keyboard: focus is always visible; menu, currency, colour and size pickers work without a mouse', async ({ page, isMobile }) => {
  await page.goto('/product/summit-tee/');
  await expect(page.getByRole('heading', { level: 1, name: 'Summit Tee' })).toBeVisible();

  // Every stop of the first 25 Tab presses (or up to the page's end) shows a focus ring (outline or box-shadow).
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return 'body';
      const s = getComputedStyle(el);
      const visible = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || (s.boxShadow !== 'none' && s.boxShadow !== '');
      return visible ? 'ok' : `${el.tagName.toLowerCase()}.${el.className} "${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)}"`;
    });
    // Past the last control the focus leaves the page (short pages on phones).
    if (ring === 'body' && i >= 10) break;
    expect(ring, `focus ring at Tab stop ${i + 1}`).toBe('ok');
  }

  // Colour picker: a radio group, arrow keys move the choice (and the picture follows).
  const colours = page.getByRole('radiogroup', { name: 'Colour' });
  await colours.getByRole('radio', { checked: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(colours.getByRole('radio', { name: 'Navy', exact: true })).toBeFocused();
  await expect(colours.getByRole('radio', { name: 'Navy', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('img.product__main-image')).toHaveAttribute('alt', 'Summit Tee in Navy');
  // Only the chosen swatch is a Tab stop (one stop per group).
  expect(await colours.locator('[tabindex="0"]').count()).toBe(1);

  // Size picker: same pattern; sold-out sizes are skipped.
  const sizes = page.getByRole('radiogroup', { name: 'Size' });
  await sizes.getByRole('radio').and(page.locator(':enabled')).first().focus();
  await page.keyboard.press('Space');
  await expect(sizes.getByRole('radio', { checked: true })).toHaveCount(1);

  // Header menu: on desktop a submenu opens from the keyboard and Escape closes it; on phones the menu button opens the menu.
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('complementary', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  } else {
    const entry = page.getByRole('navigation', { name: 'Main' }).locator('[aria-haspopup="true"]').first();
    await entry.focus();
    await expect(entry).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(entry).toHaveAttribute('aria-expanded', 'false');
  }
});

/** Presses Tab (no pointer, no .focus()) until the target has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('keyboard only: a shopper opens the menu, changes currency, picks a colour and a size and adds to the basket', async ({ page, isMobile }) => {
  test.setTimeout(120_000);
  await page.goto('/product/summit-tee/');
  await expect(page.getByRole('heading', { level: 1, name: 'Summit Tee' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to basket' })).toBeEnabled();
  const currency = page.getByRole('combobox', { name: 'Currency' });

  if (isMobile) {
    // Phones: the menu button opens the menu, which holds the currency; Escape closes it and gives the focus back.
    const open = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('complementary', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await tabTo(page, menu.getByRole('combobox', { name: 'Currency' }));
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('combobox', { name: 'Currency' })).not.toHaveValue('GBP');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  } else {
    // Desktop: a menu entry with a submenu opens it when it takes the focus, its links are the next stops, Escape closes.
    const entry = page.getByRole('navigation', { name: 'Main' }).locator('[aria-haspopup="true"]').first();
    await tabTo(page, entry);
    await expect(entry).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.mega-menu'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(entry).toHaveAttribute('aria-expanded', 'false');
    await tabTo(page, currency);
    await page.keyboard.press('ArrowDown');
    await expect(currency).not.toHaveValue('GBP');
  }

  // Colour: one Tab stop for the group, arrows change the colour and the picture follows.
  const colours = page.getByRole('radiogroup', { name: 'Colour' });
  await tabTo(page, colours);
  await expect(colours.getByRole('radio', { name: 'Heather Grey', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(colours.getByRole('radio', { name: 'Navy', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('img.product__main-image')).toHaveAttribute('alt', 'Summit Tee in Navy');

  // Size: the next stop is the size group; Space chooses the focused size.
  const sizes = page.getByRole('radiogroup', { name: 'Size' });
  await tabTo(page, sizes, 3);
  await page.keyboard.press('Space');
  await expect(sizes.getByRole('radio', { checked: true })).toHaveCount(1);

  // Add to basket with Enter.
  await tabTo(page, page.getByRole('button', { name: 'Add to basket' }), 6);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible();
});
