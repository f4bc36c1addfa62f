import { expect, type Page } from '@playwright/test';

export const DEMO_OWNER = { email: 'owner@fernandthread.example', password: 'demo-owner-password' };
export const DEMO_SHOPPER = { email: 'shopper@pod.example', password: 'demo-shopper-password' };

/** Signs the browser page in through the sign-in screen and waits until the session is live. */
export async function signInAs(page: Page, who: { email: string; password: string }) {
  await page.goto('/login/');
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The sign-in screen navigates on success; a test's next goto must not race that navigation.
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  await expect.poll(async () => (await page.request.get('/omnis/v3/dashboard/secure/get/')).status(), { timeout: 15_000 }).toBe(200);
}

export const DEMO_STAFF = { email: 'staff@pod.example', password: 'demo-staff-password' };

/** Signs staff in through the sign-in screen; staff land on atlas's order list. */
export async function signInAsStaff(page: Page) {
  await page.goto('/login/');
  await page.getByLabel('Email address').fill(DEMO_STAFF.email);
  await page.getByLabel('Password').fill(DEMO_STAFF.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/atlas\/orders\/$/, { timeout: 20_000 });
}
