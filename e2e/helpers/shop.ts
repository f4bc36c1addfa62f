import { expect, type Page } from '@playwright/test';

/** Shared steps of the shopper specs (storefront, shop, purchase). */

/** Collects console errors so a page that "looks fine" but logs errors still fails. */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * Waits until the app has taken over the page (`<html data-app="running">`, set on its first commit): before then a
 * server-drawn page's links load whole pages, as they would without JavaScript.
 */
export async function appRunning(page: Page) {
  await page.locator('html[data-app="running"]').waitFor({ state: 'attached' });
}

/**
 * On a product page: picks a colour (the nth swatch, or by name) and a size (by name, or the first one in stock),
 * and waits until both show as chosen.
 */
export async function pickColourAndSize(page: Page, colour: number | string = 1, size?: string) {
  const colours = page.getByRole('radiogroup', { name: 'Colour' });
  const swatch = typeof colour === 'number' ? colours.getByRole('radio').nth(colour) : colours.getByRole('radio', { name: colour, exact: true });
  await swatch.click();
  await expect(swatch).toHaveAttribute('aria-checked', 'true');
  const sizes = page.getByRole('radiogroup', { name: 'Size' });
  const chosen = size ? sizes.getByRole('radio', { name: size, exact: true }) : sizes.getByRole('radio').and(page.locator(':enabled')).first();
  await chosen.click();
  await expect(chosen).toHaveAttribute('aria-checked', 'true');
}

/** The shopper's currency, chosen with the header drop-down (§2.4). */
export async function chooseCurrency(page: Page, code: string) {
  // Phones keep the currency in the menu (the header leaves its room to the logo).
  const inMenu = !(await page.getByRole('combobox', { name: 'Currency' }).isVisible());
  if (inMenu) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('combobox', { name: 'Currency' }).selectOption(code);
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue(code);
  if (inMenu) await page.getByRole('button', { name: 'Close menu' }).click();
}

/** The items of this browser's basket, as the server holds them (§7 basket/main/list). */
export async function basketItems(page: Page): Promise<{ name: string; quantity: number; options: { colour: string | null; size: string | null } }[]> {
  return (await (await page.request.get('/omnis/v3/basket/main/list/')).json()).items;
}

/** Fills the checkout form (contact, UK shipping address, the built-in test processor's card) on /checkout/. */
export async function fillCheckout(page: Page, cardNumber: string) {
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
  await page.getByLabel('Email address').fill('e2e-shopper@example.com');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Street address').fill('1 Analytical Row');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postcode').fill('N1 9GU');
  await expect(page.getByLabel(/UK standard/)).toBeChecked();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
}

/**
 * A shopper buys `quantity` of the Fern Organic Tee in one colour and size with the test card; answers the order
 * number the receipt shows (the floor specs look the order up in atlas by it).
 */
export async function buyTee(page: Page, colour: string, size: string, quantity: number): Promise<string> {
  const slow = expect.configure({ timeout: 20_000 });
  await page.goto('/product/fern-organic-tee/');
  await pickColourAndSize(page, colour, size);
  for (let i = 1; i < quantity; i++) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await slow(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible();
  await page.goto('/checkout/');
  await fillCheckout(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /Place order/ }).click();
  await slow(page).toHaveURL(/\/receipt\/[A-Za-z0-9_-]{24}$/);
  // The receipt may still be loading when the address changes: wait for its order number.
  await slow(page.locator('.order-page')).toContainText(/Order #\d+/);
  return /Order #(\d+)/.exec((await page.locator('.order-page').textContent())!)![1]!;
}
