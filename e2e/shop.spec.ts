import { expect, test, type Page } from '@playwright/test';

function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Picks the first colour and the first size in stock on a product page. */
async function pickColourAndSize(page: Page, colourIndex = 1) {
  const colours = page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio');
  await colours.nth(colourIndex).click();
  await expect(colours.nth(colourIndex)).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio').and(page.locator(':enabled')).first().click();
}

test('a shopper searches, opens a product, picks colour and size, adds two items and sees € prices', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\/$/);
  await page.getByRole('searchbox', { name: 'Search the store' }).fill('fern');
  // Results follow typing.
  const found = page.getByRole('list', { name: 'Products found' });
  await expect(found.getByRole('link', { name: 'Fern Organic Tee' })).toBeVisible();
  await found.getByRole('link', { name: 'Fern Organic Tee' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Fern Organic Tee' })).toBeVisible();
  await expect(page).toHaveTitle('Fern Organic Tee | Fern & Thread');
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.some((t) => t.includes('"@type":"Product"'))).toBe(true);

  // The search result opened the product in its colour; without a size the page asks for one.
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select a size');
  await pickColourAndSize(page);
  await expect(page).toHaveURL(/\/product\/fern-organic-tee\/[^/]+\/$/);
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible();

  // A second product, from its collection page.
  await page.goto('/collection/accessories/');
  await expect(page.getByRole('heading', { level: 1, name: 'Accessories' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Market Tote Bag' })).toBeVisible();
  await page.goto('/product/market-tote/');
  // Without a colour in the address the shopper must pick one (§5.1).
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select a colour');
  // (the black tote's one size is sold out in the demo stock: it shows disabled)
  await pickColourAndSize(page, 0);
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Basket, 2 items' })).toBeVisible();

  await page.getByRole('link', { name: 'Basket, 2 items' }).click();
  await expect(page).toHaveURL(/\/basket\/$/);
  await expect(page.getByRole('list', { name: 'Basket items' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('basket-subtotal')).toHaveText('£40.00');
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
  await expect(page.getByTestId('basket-subtotal')).toHaveText(/^40,00\s€$/);
  await expect(page.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout/');

  // The choice is kept (cookie "currency") across a reload; the basket comes back from the server.
  await page.reload();
  await expect(page.getByTestId('basket-subtotal')).toHaveText(/^40,00\s€$/);
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
