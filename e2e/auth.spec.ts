import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';

/**
 * Accounts end to end (issue #5, docs/auth-api.md): sign-up → verify through the outbox → EULA → 2FA →
 * sign in with a TOTP code and with a recovery code, and the §2.3 redirects the demo store can show.
 */

const OWNER = { email: 'owner@fernandthread.example', password: 'demo-owner-password' };
const STAFF = { email: 'staff@pod.example', password: 'demo-staff-password' };
const SHOPPER = { email: 'shopper@pod.example', password: 'demo-shopper-password' };

/** Signs the API context in (it has its own cookies, apart from the page's), echoing the CSRF cookie. */
async function apiLogin(request: APIRequestContext, who: { email: string; password: string }) {
  await request.get('/omnis/v3/frontend/getStoreCoreData/json/');
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await request.post('/omnis/v3/dashboard/secure/login/', { data: who, headers: { 'x-csrf-token': csrf } });
  expect(res.status(), await res.text()).toBe(200);
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to `to` whose text matches, read through the staff outbox viewer. */
async function mailLink(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const res = await request.get('/omnis/v3/atlas/outbox/');
        if (!res.ok()) return '';
        const body = (await res.json()) as { data?: Mail[] } | Mail[];
        const mails = Array.isArray(body) ? body : (body.data ?? []);
        const mail = mails.find((m) => m.to.toLowerCase() === to.toLowerCase() && pattern.test(m.text));
        link = mail?.text.match(pattern)?.[0] ?? '';
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Confirms the password if the overlay (§2.4) asks for it. */
async function confirmIfAsked(page: Page, password: string, ready: ReturnType<Page['locator']>) {
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(dialog.or(ready).first()).toBeVisible();
  if (await dialog.isVisible()) {
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** A TOTP code not used before: the server refuses a code twice, so wait for the next 30 s step if needed. */
async function freshCode(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = await generate({ secret });
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

test('anonymous /dashboard/ goes to /login/?redirect_uri=%2Fdashboard%2F', async ({ page }) => {
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/login\/\?redirect_uri=%2Fdashboard%2F$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('the demo owner signs in, lands where redirect_uri says, and is sent away from /login/', async ({ page }) => {
  await page.goto('/account/security/');
  await expect(page).toHaveURL(/\/login\/\?redirect_uri=%2Faccount%2Fsecurity%2F$/);
  await signIn(page, OWNER);
  await expect(page).toHaveURL(/\/account\/security\/$/);
  await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible();

  await page.goto('/login/');
  await expect(page).toHaveURL(/\/dashboard\/$/);
  await expect(page.getByRole('heading', { name: 'Hello, Fern' })).toBeVisible();
  const stores = page.getByRole('list', { name: 'Your stores' });
  await expect(stores.getByRole('link', { name: 'View store' })).toHaveAttribute('href', '/');
});

test('wrong credentials show the contract message', async ({ page }) => {
  await page.goto('/login/');
  await signIn(page, { email: OWNER.email, password: 'not-the-password' });
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
});

test('a shopper whose EULA is unsigned is sent to /sign-up/eula/ from the dashboard', async ({ page }) => {
  await page.goto('/login/');
  await signIn(page, SHOPPER);
  await expect(page).not.toHaveURL(/\/login\//);
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/sign-up\/eula\/$/);
  await expect(page.getByRole('heading', { name: 'Terms of service' })).toBeVisible();
});

test('sign up, verify through the outbox, sign the EULA, turn on 2FA, sign in with a TOTP code and with a recovery code', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const email = `e2e-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'e2e-strong-password';

  // Sign up with a store.
  await page.goto('/sign-up/');
  await page.getByLabel('First name').fill('Erin');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('I want my own store').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/sign-up\/verify\/$/);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // §2.3 unverified → /sign-up/verify/.
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/sign-up\/verify\/$/);

  // The verification link from the outbox (read as staff, in a separate API session).
  await apiLogin(request, STAFF);
  const link = await mailLink(request, email, /\/sign-up\/verify\/\?token=[^\s"'<>]+/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  // §2.3 EULA unsigned → /sign-up/eula/.
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/sign-up\/eula\/$/);
  await page.getByLabel('I have read and accept the terms of service').check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/$/);
  await expect(page.getByRole('heading', { name: 'Hello, Erin' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your stores' }).locator(':scope > li')).toHaveCount(1);

  // §2.3 logged-in user on /login/ → /dashboard/.
  await page.goto('/login/');
  await expect(page).toHaveURL(/\/dashboard\/$/);

  // Turn on 2FA.
  await page.goto('/account/security/');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const secretBox = page.getByTestId('totp-secret');
  await confirmIfAsked(page, password, secretBox);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', /^data:image\/svg\+xml;utf8,/);
  const secret = ((await secretBox.textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).not.toBe('');
  const used = new Set<string>();
  await page.getByLabel('Authentication code').fill(await freshCode(secret, used));
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  const codesList = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codesList.getByRole('listitem')).toHaveCount(8);
  const recoveryCodes = (await codesList.getByRole('listitem').allTextContents()).map((c) => c.trim());
  for (const code of recoveryCodes) expect(code).toMatch(/^[A-Za-z0-9]{8}-[A-Za-z0-9]{8}$/);
  await page.getByRole('button', { name: "I've saved my recovery codes" }).click();
  await expect(page.getByText('Two-factor authentication is on.')).toBeVisible();

  // Sign out → /login/; sign in with a TOTP code.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\/$/);
  await signIn(page, { email, password });
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(await freshCode(secret, used));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/$/);
  await expect(page.getByRole('heading', { name: 'Hello, Erin' })).toBeVisible();

  // Sign out; sign in with a recovery code.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\/$/);
  await signIn(page, { email, password });
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/$/);

  // A used recovery code does not work twice.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, { email, password });
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid recovery code')).toBeVisible();
});

test('the header offers "Sign in" to visitors without breaking the phone layout', async ({ page }) => {
  await page.goto('/');
  const account = page.getByRole('link', { name: 'Sign in' });
  await expect(account).toHaveAttribute('href', '/login/');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await account.click();
  await expect(page).toHaveURL(/\/login\/$/);
});
