import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { basketItems, fillCheckout, pickColourAndSize, watchConsole } from './helpers/shop';

/**
 * After the sale, in one go: a shopper buys, opens the history from the receipt, changes a size before production
 * and updates the delivery address; once staff have dispatched the order (driven through the atlas API), the
 * address can no longer change and the page says why; the shopper returns one tee, sees the refund recorded, and
 * reorders what they kept from the history. The order is also found by its number and email.
 */

const STAFF = { email: 'staff@pod.example', password: 'demo-staff-password' };

/** axe: no serious or critical WCAG 2.1 A/AA violation on the screen (as e2e/a11y.spec.ts checks the shop). */
async function expectAccessible(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, screen).toEqual([]);
}

async function csrf(request: APIRequestContext): Promise<string> {
  const find = async () => (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!(await find())) await request.get('/omnis/v3/frontend/getStoreCoreData/json/');
  return (await find()) ?? '';
}

/** Staff move the order through the floor to dispatched (atlas API, its own cookies). */
async function dispatch(request: APIRequestContext, number: string) {
  const login = await request.post('/omnis/v3/dashboard/secure/login/', { data: STAFF, headers: { 'x-csrf-token': await csrf(request) } });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { 'x-csrf-token': await csrf(request) };
  for (const status of ['label_printed', 'printed', 'consolidated', 'packing']) {
    const res = await request.post(`/omnis/v3/atlas/orders/${number}/status/`, { data: { status }, headers });
    expect(res.status(), await res.text()).toBe(200);
  }
  const sent = await request.post(`/omnis/v3/atlas/orders/${number}/dispatch/`, { data: { trackingCode: 'RM123456785GB', carrier: 'Royal Mail' }, headers });
  expect(sent.status(), await sent.text()).toBe(200);
}

test('change a size before production, update the address, refused after dispatch; return one for a refund, reorder the other', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const slow = expect.configure({ timeout: 20_000 });
  const errors = watchConsole(page);
  const email = `edits-${testInfo.project.name}-${Date.now()}@example.com`;

  // Buy two tees in M with the test card.
  await page.goto('/product/fern-organic-tee/');
  await pickColourAndSize(page, 'Forest Green', 'M');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await slow(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible();
  await page.goto('/checkout/');
  await fillCheckout(page, '4242 4242 4242 4242');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: /Place order/ }).click();
  await slow(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  const number = /Order #(\d+)/.exec((await page.locator('.order-page').textContent())!)![1]!;
  const receiptUrl = new URL(page.url()).pathname;
  const hash = receiptUrl.split('/').pop()!;

  // The history from the receipt offers the change.
  await page.getByRole('link', { name: 'Your orders' }).click();
  await expect(page).toHaveURL(/\/order-history\/[A-Za-z0-9_-]{24}$/);
  const order = page.getByRole('list', { name: 'Orders' }).locator(':scope > li').first();
  await expect(order).toContainText(`Order #${number}`);
  await order.getByRole('link', { name: 'Change order' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-order/${hash}$`));

  // Size M → L before production.
  await expect(page.getByRole('heading', { name: `Change order #${number}`, level: 1 })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled();
  await expectAccessible(page, 'edit order');
  await page.getByLabel('Size').selectOption('L');
  await expect(save).toBeEnabled();
  await save.click();
  await slow(page.getByTestId('edit-result')).toContainText('Your order was changed.');
  await expect(page.getByText('Ordered: Forest Green / L')).toBeVisible();

  // The receipt shows the new size; update the delivery address from it.
  await page.getByRole('link', { name: 'Back to your receipt' }).click();
  await expect(page.locator('.order-items')).toContainText('L');
  await page.getByRole('link', { name: 'Update address' }).click();
  await expect(page).toHaveURL(new RegExp(`/update-address/${hash}$`));
  const update = page.getByRole('button', { name: 'Update address' });
  await expect(update).toBeEnabled();
  await expectAccessible(page, 'update address');
  // Checked like checkout: a bad postcode is named.
  await page.getByLabel('Postcode').fill('NOT A CODE');
  await update.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please check this field' })).toContainText('Postcode: must contain a valid postcode');
  await page.getByLabel('Postcode').fill('EC1A 1BB');
  await page.getByLabel('Street address').fill('12 Difference Engine Lane');
  await update.click();
  await slow(page.getByRole('status').filter({ hasText: 'Your delivery address was updated.' })).toBeVisible();
  await expect(page.getByTestId('current-address')).toContainText('12 Difference Engine Lane');

  // Found by number and email too (a wrong email gets the same answer as a wrong number).
  await page.goto('/update-address/');
  await expect(page.getByRole('button', { name: 'Find my order' })).toBeEnabled();
  await expectAccessible(page, 'find order');
  await page.getByLabel('Order number').fill(number);
  await page.getByLabel('Email address').fill('someone.else@example.com');
  await page.getByRole('button', { name: 'Find my order' }).click();
  await expect(page.getByRole('alert')).toHaveText('We were unable to find an order with this number and email address.');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Find my order' }).click();
  await expect(page).toHaveURL(new RegExp(`/update-address/${hash}$`));
  await expect(page.getByTestId('current-address')).toContainText('12 Difference Engine Lane');

  // Dispatched: the address can no longer change, and nothing offers it.
  await dispatch(request, number);
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('This order has already been dispatched, so its delivery address can no longer be changed.');
  await expect(page.getByRole('button', { name: 'Update address' })).toHaveCount(0);
  await page.goto(`/edit-order/${hash}`);
  await expect(page.getByRole('alert')).toHaveText(/^Production of this order has started/);
  await page.goto(receiptUrl);
  await expect(page.getByTestId('tracking-codes')).toContainText('RM123456785GB');
  await expect(page.getByRole('link', { name: 'Update address' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Change order' })).toHaveCount(0);

  // One of the two is too small: returned from the receipt for a refund, which the page records.
  await page.getByRole('link', { name: 'Return items' }).click();
  await expect(page).toHaveURL(new RegExp(`/returns/${hash}$`));
  const tee = page.getByRole('group', { name: 'Fern Organic Tee (Forest Green / L)' });
  await slow(tee).toContainText('2 ordered');
  await tee.getByLabel('Quantity to return').selectOption('1');
  await tee.getByLabel('Reason').selectOption({ label: 'Too small' });
  await page.getByRole('button', { name: 'Send return' }).click();
  await slow(page.getByRole('status').filter({ hasText: 'Your return is accepted.' })).toContainText(/Refunded £\d+\.\d\d\./);
  await expect(page.getByRole('list', { name: 'Refunds' }).getByTestId('refund')).toHaveText(/^Refund issued: £\d+\.\d\d · Fern Organic Tee$/);

  // The one kept is bought again from the history: it goes back in the (empty) basket.
  expect(await basketItems(page)).toEqual([]);
  await page.goto(receiptUrl);
  await page.getByRole('link', { name: 'Your orders' }).click();
  const again = page.getByRole('list', { name: 'Orders' }).locator(':scope > li').first();
  await slow(again).toContainText('1 of 2 × Fern Organic Tee (Forest Green / L)');
  await again.getByRole('button', { name: 'Reorder' }).click();
  await slow(again.getByRole('status')).toContainText('The items are back in your basket.');
  expect((await basketItems(page)).map((i) => `${i.quantity} × ${i.name} ${i.options.colour} ${i.options.size}`)).toEqual(['1 × Fern Organic Tee Forest Green L']);

  // An unknown order address shows §8's not-found message.
  await page.goto('/edit-order/AAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('alert')).toHaveText('We were unable to find this page');
  expect(errors.filter((e) => !/status of (40[2349]|422)/.test(e))).toEqual([]);
});

test('change the size of the tee inside a set before production', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const slow = expect.configure({ timeout: 20_000 });
  const errors = watchConsole(page);

  // Buy the set: the tee in Navy, the first size in stock; the tote in Natural White.
  await page.goto('/product/trail-day-set/');
  const shirt = page.getByRole('region', { name: 'Summit Tee' });
  await shirt.getByRole('radiogroup', { name: 'Colour of Summit Tee' }).getByRole('radio', { name: 'Navy', exact: true }).click();
  const size = shirt.getByRole('radiogroup', { name: 'Size of Summit Tee' }).getByRole('radio').and(page.locator(':enabled')).first();
  const ordered = (await size.textContent())!.trim();
  await size.click();
  await page.getByRole('region', { name: 'Market Tote Bag' }).getByRole('radio', { name: 'Natural White', exact: true }).click();
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await slow(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible();
  await page.goto('/checkout/');
  await fillCheckout(page, '4242 4242 4242 4242');
  await page.getByLabel('Email address').fill(`set-edits-${testInfo.project.name}-${Date.now()}@example.com`);
  await page.getByRole('button', { name: /Place order/ }).click();
  await slow(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  const hash = new URL(page.url()).pathname.split('/').pop()!;

  // Each item inside the set has its own colour and size to change.
  await page.goto(`/edit-order/${hash}`);
  const set = page.getByRole('list', { name: 'Inside Trail Day Set' });
  await expect(set).toContainText(`Summit Tee (ordered: Navy / ${ordered})`);
  const teeSize = page.getByLabel('Summit Tee size');
  await expect(teeSize).toHaveValue(ordered);
  await expectAccessible(page, 'edit order with a set');
  const other = await teeSize.locator('option:not([disabled])').evaluateAll((options, was) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v !== was), ordered);
  expect(other).toBeTruthy();
  await teeSize.selectOption(other!);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await slow(page.getByTestId('edit-result')).toContainText('Your order was changed.');
  // The set keeps its price; the tee is now the new size, held from stock.
  await expect(page.getByTestId('edit-result')).toContainText(/New total (£\d+\.\d\d) \(was \1\)/);
  await expect(set).toContainText(`Summit Tee (ordered: Navy / ${other})`);
  expect(errors.filter((e) => !/status of (40[2349]|422)/.test(e))).toEqual([]);
});
