import { expect, test } from '@playwright/test';
import { pickColourAndSize, watchConsole } from './helpers/shop';

// The whole purchase (search, product, basket in EUR, checkout, receipt) is e2e/purchase.spec.ts.

test('a product opens in its default colour; sold-out sizes show disabled; collections list it', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/collection/accessories/');
  await expect(page.getByRole('heading', { level: 1, name: 'Accessories' })).toBeVisible();
  await expect(page).toHaveTitle('Accessories | Fern & Thread');
  await page.getByRole('link', { name: 'Market Tote Bag' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Market Tote Bag' })).toBeVisible();
  await page.goto('/product/market-tote/');
  // Without a colour in the address the default colour is chosen; the size is still the shopper's to pick (§5.1).
  await expect(page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: 'Natural White', exact: true })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select a size');
  // The black tote's one size is sold out in the demo stock: it shows disabled.
  await page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: 'Black', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'One Size (out of stock)' })).toBeDisabled();
  await pickColourAndSize(page, 'Natural White');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Basket, 1 item' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a search redirect routes in the app', async ({ page }) => {
  await page.goto('/search/');
  await page.getByRole('searchbox', { name: 'Search the store' }).fill('HOODIES');
  await page.getByRole('searchbox', { name: 'Search the store' }).press('Enter');
  await expect(page).toHaveURL(/\/collection\/hoodies-and-sweatshirts\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hoodies & Sweatshirts' })).toBeVisible();
});

test('favourites with ?favourite_products=show: heart, move to basket empties the list', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/product/summit-tee/?favourite_products=show');
  await expect(page.getByRole('link', { name: /^Favourites/ })).toHaveCount(0);
  await pickColourAndSize(page);
  await page.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to favourites' })).toBeVisible();
  // The heart shows once the list is not empty; the variation stays fixed without the query parameter.
  await page.getByRole('link', { name: 'Favourites, 1 item' }).click();
  await expect(page).toHaveURL(/\/favourites\/$/);
  await expect(page.getByRole('list', { name: 'Favourite items' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Move to basket' }).click();
  await expect(page.getByText('You have no favourites yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Basket, 1 item' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a new visitor makes no basket request', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/basket/') && calls.push(r.url()));
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Basket, 0 items' })).toBeVisible();
  expect(calls).toEqual([]);
});

test('a bundle: each item has its own colour and size; the basket shows the set with what was chosen', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/product/trail-day-set/');
  await expect(page.getByRole('heading', { level: 1, name: 'Trail Day Set' })).toBeVisible();
  const shirt = page.getByRole('region', { name: 'Summit Tee' });
  const bag = page.getByRole('region', { name: 'Market Tote Bag' });
  // Each item opens in its default colour; the first missing choice is asked for beside its item (§5.1).
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(shirt.getByRole('alert')).toHaveText('Please select a size');
  await shirt.getByRole('radiogroup', { name: 'Colour of Summit Tee' }).getByRole('radio', { name: 'Navy', exact: true }).click();
  const size = shirt.getByRole('radiogroup', { name: 'Size of Summit Tee' }).getByRole('radio').and(page.locator(':enabled')).first();
  const sizeName = (await size.textContent())!;
  await size.click();
  await expect(size).toHaveAttribute('aria-checked', 'true');
  // The black tote is sold out in the demo stock; the white one has a single size, chosen with the colour.
  await bag.getByRole('radio', { name: 'Natural White', exact: true }).click();
  await expect(bag.getByRole('radio', { name: 'One Size', exact: true })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible();
  await page.getByRole('link', { name: 'View basket' }).click();
  const line = page.getByRole('list', { name: 'Basket items' }).getByRole('listitem').first();
  await expect(line.getByRole('link', { name: 'Trail Day Set' })).toBeVisible();
  await expect(line.getByRole('list', { name: 'In the Trail Day Set' })).toContainText(`Summit Tee — Navy / ${sizeName}`);
  await expect(line.getByRole('list', { name: 'In the Trail Day Set' })).toContainText('Market Tote Bag — Natural White / One Size');
  await expect(page.getByTestId('basket-subtotal')).toHaveText('£35.00');
  expect(errors).toEqual([]);
});
