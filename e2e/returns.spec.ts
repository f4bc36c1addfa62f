import { expect, test, type APIRequestContext } from '@playwright/test';
import { buyTee, watchConsole } from './helpers/shop';
import { DEMO_STAFF } from './helpers/session';

/**
 * Returns (§2.2 /returns): a shopper buys two tees, the floor dispatches the order (driven through the atlas API),
 * the shopper finds the order by number and email, returns one tee for a refund and sees the refund recorded; the
 * receipt and the order history offer "Return items" while one is left.
 */

const slow = expect.configure({ timeout: 20_000 });

/** The XSRF-TOKEN cookie of an API context (fetched first when missing), to echo as X-CSRF-TOKEN. */
async function csrf(request: APIRequestContext): Promise<string> {
  const find = async () => (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!(await find())) await request.get('/omnis/v3/frontend/getStoreCoreData/json/');
  return (await find()) ?? '';
}

/** Staff move the order along the floor's path and dispatch it with a tracking code. */
async function dispatch(request: APIRequestContext, number: string) {
  const login = await request.post('/omnis/v3/dashboard/secure/login/', { data: DEMO_STAFF, headers: { 'x-csrf-token': await csrf(request) } });
  expect(login.status(), await login.text()).toBe(200);
  for (const status of ['label_printed', 'printed', 'packing']) {
    const res = await request.post(`/omnis/v3/atlas/orders/${number}/status/`, { data: { status }, headers: { 'x-csrf-token': await csrf(request) } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const res = await request.post(`/omnis/v3/atlas/orders/${number}/dispatch/`, { data: { trackingCode: `RET${number}GB` }, headers: { 'x-csrf-token': await csrf(request) } });
  expect(res.status(), await res.text()).toBe(200);
}

test('a shopper returns one dispatched item and sees the refund recorded', async ({ page, playwright, baseURL }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  // Two of a variant no other spec buys, so the suite never sells it out.
  const number = await buyTee(page, 'Sand', 'L', 2);
  const receiptUrl = page.url();
  // Not dispatched yet: nothing to return.
  await expect(page.getByRole('link', { name: 'Your orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return items' })).toHaveCount(0);

  const staff = await playwright.request.newContext({ baseURL });
  await dispatch(staff, number);
  await staff.dispose();

  // Without the link: find the order by number and email; another email finds nothing, and says no more.
  await page.goto('/returns/');
  await expect(page.getByRole('heading', { name: 'Return items', level: 1 })).toBeVisible();
  const find = page.getByRole('form', { name: 'Find your order' });
  await expect(find.getByRole('button', { name: 'Find my order' })).toBeEnabled();
  await find.getByLabel('Order number').fill(number);
  await find.getByLabel('Email address').fill('someone-else@example.com');
  await find.getByRole('button', { name: 'Find my order' }).click();
  await slow(find.getByRole('alert')).toHaveText('We could not find an order with this number and email address. Check both and try again.');
  await find.getByLabel('Email address').fill('e2e-shopper@example.com');
  await find.getByRole('button', { name: 'Find my order' }).click();
  await slow(page).toHaveURL(/\/returns\/[A-Za-z0-9_-]{16,64}$/);

  // One of the two tees, too small, for a refund.
  await slow(page.getByText(`Order #${number}`)).toBeVisible();
  const tee = page.getByRole('group', { name: 'Fern Organic Tee (Sand / L)' });
  await expect(tee).toContainText('2 ordered');
  await tee.getByLabel('Quantity to return').selectOption('1');
  await tee.getByLabel('Reason').selectOption({ label: 'Too small' });
  await expect(tee.getByLabel('I would like')).toHaveValue('refund');
  await page.getByRole('button', { name: 'Send return' }).click();
  await slow(page.getByRole('status').filter({ hasText: 'Your return is accepted.' })).toContainText(/Refunded £\d+\.\d\d\./);
  const refund = page.getByRole('list', { name: 'Refunds' }).getByTestId('refund');
  await expect(refund).toHaveCount(1);
  await expect(refund).toHaveText(/^Refund issued: £\d+\.\d\d · Fern Organic Tee$/);
  await expect(page.getByRole('list', { name: 'Returned items' })).toHaveText('1 × Fern Organic Tee (Sand / L) — Too small — refund');
  await expect(tee).toContainText('1 of 2 left to return');

  // The receipt and the history still offer the other one.
  await page.goto(receiptUrl);
  await slow(page.getByRole('link', { name: 'Return items' })).toHaveAttribute('href', new URL(page.url()).pathname.replace('/receipt/', '/returns/'));
  await page.getByRole('link', { name: 'Your orders' }).click();
  const order = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Order #${number}` }) });
  await slow(order).toContainText('1 of 2 × Fern Organic Tee (Sand / L)');
  await expect(order.getByRole('link', { name: 'Return items' })).toBeVisible();
  expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});
