import { expect, test } from '@playwright/test';

/** A shopper who mistypes the password can correct it and sign in from the same form (desktop and phone). */
test('after a wrong password, the right one signs in from the same form', async ({ page }) => {
  const staff = { email: 'staff@pod.example', password: 'demo-staff-password' };
  await page.goto('/login/');
  await page.getByLabel('Email address').fill(staff.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();

  const retry = page.waitForRequest((r) => r.url().endsWith('/omnis/v3/dashboard/secure/login/') && r.method() === 'POST');
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await retry;
  await expect(page).toHaveURL(/\/(dashboard|atlas)\//);
});
