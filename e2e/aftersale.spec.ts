import { expect, test, type Page } from '@playwright/test';
import { basketItems, fillCheckout, pickColourAndSize, watchConsole } from './helpers/shop';

/**
 * After the sale: the store's free UK delivery, a declined order's receipt, the order history opened from the
 * receipt, and a reorder from it.
 */

async function addTee(page: Page, colour: string, size: string, twice = false) {
  await page.goto('/product/fern-organic-tee/');
  await pickColourAndSize(page, colour, size);
  if (twice) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible();
}

test('free UK delivery from £50, a declined receipt, the history from the receipt and a reorder', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  const email = `aftersale-${testInfo.project.name}-${Date.now()}@example.com`;

  // One tee (£25): the basket says how much more for free delivery.
  await addTee(page, 'Forest Green', 'M');
  await page.goto('/basket/');
  await expect(page.getByTestId('basket-delivery')).toHaveText('from £3.95');
  await expect(page.getByTestId('delivery-note')).toHaveText('Spend £25.00 more for free standard delivery to United Kingdom (orders of £50.00 or more).');

  // A declined card: the order is recorded as declined.
  await page.goto('/checkout/');
  await fillCheckout(page, '4000 0000 0000 0002');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: /Place order/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');

  // A second tee makes £50: standard delivery is free in the basket and at checkout.
  await addTee(page, 'Forest Green', 'L');
  await page.goto('/basket/');
  await expect(page.getByTestId('basket-delivery')).toHaveText('Free');
  await expect(page.getByTestId('delivery-note')).toHaveText('You get free standard delivery to United Kingdom.');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await fillCheckout(page, '4242 4242 4242 4242');
  await page.getByLabel('Email address').fill(email);
  await expect(page.getByLabel(/UK standard — Free/)).toBeChecked();
  await expect(page.getByTestId('order-total')).toHaveText('£50.00');
  await page.getByRole('button', { name: /Place order/ }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  const receiptUrl = page.url();

  // The history, from the receipt: both orders, newest first, with status, progress and total.
  await page.getByRole('link', { name: 'Your orders' }).click();
  await expect(page).toHaveURL(/\/order-history\/[A-Za-z0-9_-]{24}$/);
  await expect(page.getByRole('heading', { name: 'Your orders', level: 1 })).toBeVisible();
  const orders = page.getByRole('list', { name: 'Orders' }).locator(':scope > li');
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(0).getByTestId('history-status')).toHaveText('Paid');
  await expect(orders.nth(0)).toContainText('£50.00');
  await expect(orders.nth(0).getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute('aria-valuenow', '40');
  await expect(orders.nth(1).getByTestId('history-status')).toHaveText('Payment failed');
  const historyUrl = page.url();

  // The declined order's receipt says so and offers to pay again.
  await orders.nth(1).getByRole('link', { name: 'Receipt' }).click();
  await expect(page.getByRole('heading', { name: 'Your payment was declined' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await expect(page.getByRole('link', { name: 'Pay again' })).toHaveAttribute('href', '/checkout/');

  // Reorder the paid order (paying emptied the basket): its items go back in the basket.
  expect(await basketItems(page)).toEqual([]);
  await page.goto(historyUrl);
  await orders.nth(0).getByRole('button', { name: 'Reorder' }).click();
  await expect(orders.nth(0).getByRole('status')).toContainText('The items are back in your basket.');
  expect((await basketItems(page)).map((i) => `${i.quantity} × ${i.name} ${i.options.size}`).sort()).toEqual(['1 × Fern Organic Tee L', '1 × Fern Organic Tee M']);

  // Another shopper's address shows nothing of this one; an unknown one gives the not-found message.
  await page.goto('/order-history/AAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('alert')).toHaveText('We were unable to find this page');
  await page.goto(receiptUrl);
  await expect(page.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', new URL(historyUrl).pathname);
  expect(errors.filter((e) => !/status of 40[24]/.test(e))).toEqual([]);
});
