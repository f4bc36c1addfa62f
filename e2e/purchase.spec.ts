import { expect, test } from '@playwright/test';
import { basketItems, chooseCurrency, fillCheckout, pickColourAndSize, watchConsole } from './helpers/shop';

/**
 * Issue #6 "Done when": a shopper on the demo store searches, opens a product, picks colour and size, puts two in the
 * basket, switches to EUR, pays with the built-in test processor's card 4242 4242 4242 4242 and sees the receipt with
 * the EUR total; a declined card (4000 0000 0000 0002) shows the message and keeps the basket.
 */

test('a shopper searches, picks colour and size, buys two in EUR with the test card and sees the receipt', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\/$/);
  await page.getByRole('searchbox', { name: 'Search the store' }).fill('fern');
  // Results follow typing.
  const found = page.getByRole('list', { name: 'Products found' });
  await found.getByRole('link', { name: 'Fern Organic Tee' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Fern Organic Tee' })).toBeVisible();
  await expect(page).toHaveTitle('Fern Organic Tee | Fern & Thread');
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.some((t) => t.includes('"@type":"Product"'))).toBe(true);

  // Without a size the page asks for one.
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select a size');
  await pickColourAndSize(page, 'Forest Green', 'M');
  await expect(page).toHaveURL(/\/product\/fern-organic-tee\/Forest%20Green\/$/);
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('group', { name: 'Quantity' })).toContainText('2');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Basket, 2 items' })).toBeVisible();

  // The header's currency drop-down: prices show in euros (§9: rate 1, comma decimal).
  await chooseCurrency(page, 'EUR');
  await expect(page.locator('.product__price')).toHaveText(/^25,00\s€$/);

  await page.getByRole('link', { name: 'Basket, 2 items' }).click();
  await expect(page).toHaveURL(/\/basket\/$/);
  const lines = page.getByRole('list', { name: 'Basket items' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('Fern Organic Tee');
  await expect(page.getByTestId('basket-subtotal')).toHaveText(/^50,00\s€$/);
  // The choice is kept (cookie "currency") across a reload; the basket comes back from the server.
  await page.reload();
  await expect(page.getByTestId('basket-subtotal')).toHaveText(/^50,00\s€$/);
  expect(await basketItems(page)).toMatchObject([{ name: 'Fern Organic Tee', quantity: 2, options: { colour: 'Forest Green', size: 'M' } }]);

  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/$/);
  await fillCheckout(page, '4242 4242 4242 4242');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByRole('listitem')).toHaveCount(1);
  await expect(summary.getByRole('listitem')).toContainText('2 × Fern Organic Tee');
  await expect(summary.getByRole('listitem')).toContainText('Forest Green / M');
  // Charged in the store currency (GBP), with the shopper's EUR estimate beside it.
  const charged = (await page.getByTestId('order-total').textContent())!.trim();
  expect(charged).toMatch(/^£\d+\.\d{2}$/);
  const estimate = page.getByTestId('converted-total');
  await expect(estimate).toHaveText(/^About \d+,\d{2}\s€ — you are charged £\d+\.\d{2}\.$/);
  const euros = /^About (.+?) —/.exec((await estimate.textContent())!)![1]!;
  expect(euros.replace(/\s€$/, '').replace(',', '.')).toBe(charged.slice(1)); // §9: EUR converts at 1
  await page.getByRole('button', { name: /Place order/ }).click();

  await expect(page).toHaveURL(/\/receipt\/[A-Za-z0-9_-]{24}$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute('aria-valuenow', '40');
  await expect(page.getByTestId('order-total')).toHaveText(charged);
  await expect(page.getByTestId('converted-total')).toHaveText(`About ${euros} — you were charged ${charged}.`);
  // The basket is empty now.
  expect(await basketItems(page)).toEqual([]);
  await expect(page.getByRole('link', { name: 'Basket, 0 items' })).toBeVisible();
  // And the invoice prints with its VAT breakdown.
  await page.getByRole('link', { name: 'View invoice' }).click();
  await expect(page.getByRole('heading', { name: 'Invoice' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'VAT breakdown' })).toContainText('20%');
  expect(errors).toEqual([]);
});

test('a declined card (4000 0000 0000 0002) shows the decline message and the basket keeps its items', async ({ page }) => {
  await page.goto('/product/summit-tee/');
  await pickColourAndSize(page, 'Navy', 'L');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('link', { name: 'Basket, 1 item' })).toBeVisible();
  await pickColourAndSize(page, 'Navy', 'S');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('link', { name: 'Basket, 2 items' })).toBeVisible();

  await page.goto('/checkout/');
  await fillCheckout(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /Place order/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout\/$/);

  const kept = await basketItems(page);
  expect(kept.map((i) => `${i.quantity} × ${i.name}, ${i.options.colour} ${i.options.size}`).sort()).toEqual(['1 × Summit Tee, Navy L', '1 × Summit Tee, Navy S']);
  await page.goto('/basket/');
  await expect(page.getByRole('list', { name: 'Basket items' }).getByRole('listitem')).toHaveCount(2);
});
