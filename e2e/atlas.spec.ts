import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Atlas staff screens: the 403 page for non-staff, permission requests answered by staff, mute and
 * unmute, and the outbox viewer. Runs at desktop and phone widths (tables become stacked cards on phones).
 */

const OWNER = { email: 'owner@fernandthread.example', password: 'demo-owner-password' };
const STAFF = { email: 'staff@pod.example', password: 'demo-staff-password' };
const SHOPPER = { email: 'shopper@pod.example', password: 'demo-shopper-password' };

/** The XSRF-TOKEN cookie of an API context (fetched first when missing), to echo as X-CSRF-TOKEN. */
async function csrf(request: APIRequestContext): Promise<string> {
  const find = async () => (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!(await find())) await request.get('/omnis/v3/frontend/getStoreCoreData/json/');
  return (await find()) ?? '';
}

/** Signs the API context in (it has its own cookies, apart from the page's). */
async function apiLogin(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/omnis/v3/dashboard/secure/login/', { data: who, headers: { 'x-csrf-token': await csrf(request) } });
  expect(res.status(), await res.text()).toBe(200);
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs staff in through the sign-in page that an atlas address sends anonymous visitors to. */
async function staffOpens(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`/login/\\?redirect_uri=${encodeURIComponent(path).replace(/[?]/g, '\\?')}$`));
  await signIn(page, STAFF);
}

test('anonymous /atlas/ goes to sign in; the demo owner gets the 403 page', async ({ page }) => {
  await page.goto('/atlas/');
  await expect(page).toHaveURL(/\/login\/\?redirect_uri=%2Fatlas%2F$/);
  await signIn(page, OWNER);
  await expect(page).toHaveURL(/\/403\/$/);
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  await page.goto('/atlas/users/');
  await expect(page).toHaveURL(/\/403\/$/);
});

test('staff sees the owner’s permission request and approves it', async ({ page, request }, testInfo) => {
  const permission = `e2e.${testInfo.project.name}.${Date.now()}`;
  await apiLogin(request, OWNER);
  const asked = await request.post(`/omnis/v3/atlas/permissions/request/${permission}/`, {
    data: { reason: 'End-to-end check of atlas' },
    headers: { 'x-csrf-token': await csrf(request) },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  await staffOpens(page, '/atlas/');
  // Staff land on the order queue; permission requests are one link away.
  await expect(page).toHaveURL(/\/atlas\/orders\/$/);
  await page.getByRole('navigation', { name: 'Atlas' }).getByRole('link', { name: 'Permission requests' }).click();
  await expect(page).toHaveURL(/\/atlas\/permissions\/$/);
  await expect(page.getByRole('heading', { name: 'Permission requests', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Atlas' }).getByRole('link', { name: 'Permission requests' })).toHaveAttribute('aria-current', 'page');

  const row = page.getByRole('row').filter({ hasText: permission });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Fern Owner');
  await expect(row).toContainText('End-to-end check of atlas');
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `Approve Fern Owner's request for ${permission}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Approved Fern Owner's request for ${permission}.` })).toBeVisible();
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button')).toHaveCount(0);

  // The approved filter lists it after a reload too.
  await page.getByLabel('Status').selectOption('approved');
  await expect(page).toHaveURL(/\?status=approved$/);
  await expect(page.getByRole('row').filter({ hasText: permission })).toContainText('Approved');
});

test('staff mutes and unmutes the demo shopper', async ({ page }) => {
  await staffOpens(page, '/atlas/users/');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByLabel('Search users').fill(SHOPPER.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/atlas\/users\/\?search=shopper%40pod\.example$/);
  const row = page.getByRole('row').filter({ hasText: SHOPPER.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Verified');

  await row.getByRole('button', { name: `Mute Sky Shopper (${SHOPPER.email})` }).click();
  await expect(row.getByRole('button', { name: `Unmute Sky Shopper (${SHOPPER.email})` })).toBeVisible();
  await expect(row).toContainText('Muted');
  await expect(row.locator('time')).toHaveCount(2); // joined and muted since
  await expect(page.getByRole('status').filter({ hasText: `Muted Sky Shopper (${SHOPPER.email}).` })).toBeVisible();

  // Still muted after a reload (it is the server's state).
  await page.reload();
  await expect(row.getByRole('button', { name: `Unmute Sky Shopper (${SHOPPER.email})` })).toBeVisible();
  await row.getByRole('button', { name: `Unmute Sky Shopper (${SHOPPER.email})` }).click();
  await expect(row.getByRole('button', { name: `Mute Sky Shopper (${SHOPPER.email})` })).toBeVisible();
  await expect(row).toContainText('Not muted');
});

test('staff reads a password reset mail in the outbox', async ({ page, request }) => {
  const asked = await request.post('/omnis/v3/dashboard/secure/request-reset/', { data: { email: SHOPPER.email }, headers: { 'x-csrf-token': await csrf(request) } });
  expect(asked.status(), await asked.text()).toBe(200);

  await staffOpens(page, '/atlas/outbox/');
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: SHOPPER.email }).filter({ hasText: 'Reset your password' }).first();
  await expect(row).toContainText(/Queued|Sent/);
  const open = row.getByRole('button', { name: 'Reset your password' });
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: 'Reset your password' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Reset your password' })).toBeFocused();
  await expect(panel.getByTestId('mail-body')).toContainText('/reset-password/?token=');
  await expect(panel.getByTestId('mail-body')).toContainText('Someone asked to reset the password of your account.');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  await expect(open).toBeFocused();

  // The atlas navigation goes between the screens.
  await page.getByRole('navigation', { name: 'Atlas' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/atlas\/users\/$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
});
