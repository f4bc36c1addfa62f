import { expect, test } from '@playwright/test';
import { pickColourAndSize, watchConsole } from './helpers/shop';

// The whole purchase (search, product, basket in EUR, checkout, receipt) is e2e/purchase.spec.ts.

test('a product without a colour in its address asks for one; sold-out sizes show disabled; collections list it', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/collection/accessories/');
  await expect(page.getByRole('heading', { level: 1, name: 'Accessories' })).toBeVisible();
  await expect(page).toHaveTitle('Accessories | Fern & Thread');
  await page.getByRole('link', { name: 'Market Tote Bag' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Market Tote Bag' })).toBeVisible();
  await page.goto('/product/market-tote/');
  // Without a colour in the address the shopper must pick one (§5.1).
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select a colour');
  // The black tote's one size is sold out in the demo stock: it shows disabled.
  await page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: 'Black', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'One Size (out of stock)' })).toBeDisabled();
  await pickColourAndSize(page, 'Natural White');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Basket, 1 items' })).toBeVisible();
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
  await page.getByRole('link', { name: 'Favourites, 1 items' }).click();
  await expect(page).toHaveURL(/\/favourites\/$/);
  await expect(page.getByRole('list', { name: 'Favourite items' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Move to basket' }).click();
  await expect(page.getByText('You have no favourites yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Basket, 1 items' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a new visitor makes no basket request', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/basket/') && calls.push(r.url()));
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Basket, 0 items' })).toBeVisible();
  expect(calls).toEqual([]);
});
