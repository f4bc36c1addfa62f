import { expect, test, type Page } from '@playwright/test';

/**
 * Checkout end to end with the built-in test processor (issue #6): add an item, pay with 4242 4242 4242 4242 and
 * see the receipt; a declined card (4000 0000 0000 0002) shows the message and keeps the basket.
 */

interface ProductOption {
  colourName: string;
  sizes: { size: string; quantity: number }[];
}

/** Puts one in-stock item in this browser's basket through the §7 call (the product page is ENGINEER A's). */
async function addSomething(page: Page) {
  await page.goto('/');
  const core = await (await page.request.get('/omnis/v3/frontend/getStoreCoreData/json/')).json();
  const divisionId = core.state.subdomain.division.id as number;
  const list = await (await page.request.get(`/omnis/v3/division/${divisionId}/products/?limit=20`)).json();
  const csrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  for (const summary of list.data as { urlName: string }[]) {
    const product = await (await page.request.get(`/omnis/v3/division/${divisionId}/products/${summary.urlName}/`)).json();
    for (const option of product.options as ProductOption[]) {
      const size = option.sizes.find((s) => s.quantity > 2);
      if (!size) continue;
      const res = await page.request.post('/omnis/v3/frontend/product/addItemToCart/', {
        data: { item: { productUrl: summary.urlName, productColor: option.colourName, productSize: size.size }, name: 'main' },
        headers: { 'x-csrf-token': csrf },
      });
      expect(res.status(), await res.text()).toBe(200);
      return product.name as string;
    }
  }
  throw new Error('no product in stock');
}

async function fillCheckout(page: Page, cardNumber: string) {
  await page.goto('/checkout/');
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

test('checkout with the test card 4242 4242 4242 4242 shows the receipt', async ({ page }) => {
  const name = await addSomething(page);
  await fillCheckout(page, '4242 4242 4242 4242');
  await expect(page.getByText(name).first()).toBeVisible();
  const total = (await page.getByTestId('order-total').textContent())!.trim();
  await page.getByRole('button', { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/receipt\/[A-Za-z0-9_-]{24}$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute('aria-valuenow', '40');
  await expect(page.getByTestId('order-total')).toHaveText(total);
  // The basket is empty now.
  const basket = await (await page.request.get('/omnis/v3/basket/main/list/')).json();
  expect(basket.items).toHaveLength(0);
  // And the invoice prints with its VAT breakdown.
  await page.getByRole('link', { name: 'View invoice' }).click();
  await expect(page.getByRole('heading', { name: 'Invoice' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'VAT breakdown' })).toContainText('20%');
});

test('a declined card (4000 0000 0000 0002) shows the message and keeps the basket', async ({ page }) => {
  await addSomething(page);
  await fillCheckout(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /Place order/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout\/$/);
  const basket = await (await page.request.get('/omnis/v3/basket/main/list/')).json();
  expect(basket.items).toHaveLength(1);
});
