import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInAsStaff } from './helpers/session';

/**
 * Bespoke orders end to end: a visitor asks for a quote with artwork; staff price it in atlas (quantity breaks,
 * print cost, shipping, VAT) and send a mock-up; the visitor approves the proposal and pays with the test card;
 * staff move it through the bespoke stages to shipped; the visitor's quote page and receipt show 100 %.
 * Also: the advanced quote is saved as the visitor goes and resumes from its link.
 */

const picture = (text: string, colour: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="420"><rect width="600" height="420" fill="#f4f1ea"/><path d="M180 60 L250 40 Q300 80 350 40 L420 60 L480 150 L430 180 L420 140 L420 380 L180 380 L180 140 L170 180 L120 150 Z" fill="${colour}"/><text x="300" y="230" font-family="sans-serif" font-size="34" fill="#fff" text-anchor="middle">${text}</text></svg>`))
    .png()
    .toBuffer();

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fillQuoteForm(page: Page, email: string) {
  await page.getByLabel('Your name').fill('Grace Hopper');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Company').fill('Compiler Events');
  await page.getByLabel('Product', { exact: true }).fill('Organic hoodie');
  await page.getByLabel('Colour').fill('Navy');
  await page.getByLabel('M quantity', { exact: true }).fill('80');
  await page.getByLabel('L quantity', { exact: true }).fill('120');
  await page.getByRole('checkbox', { name: 'Back' }).check();
}

test('a visitor requests a quote, staff price it with a mock-up, the visitor approves and pays, staff ship it: 100 %', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = `quote-${unique()}@example.com`;

  // The visitor's request, with artwork.
  await page.goto('/get-a-quote/');
  await expect(page.getByRole('button', { name: 'Request a quote' })).toBeEnabled();
  // Bad input first: the §5.1 messages beside the fields, nothing sent.
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please check these' })).toBeVisible();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await fillQuoteForm(page, email);
  await page.getByLabel(/Artwork/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await picture('LOGO', '#1d3557') });
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page).toHaveURL(/\/advanced-quote\/[A-Za-z0-9_-]{16,}\/$/, { timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'your quote request is in' })).toBeVisible();
  const heading = await page.getByRole('heading', { level: 1, name: /Quote #\d+/ }).textContent();
  const number = heading!.match(/#(\d+)/)![1]!;
  const quoteUrl = page.url();
  await expect(page.getByTestId('quote-status')).toHaveText('Quote');

  // Staff price it and send a mock-up.
  const staffContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const staff = await staffContext.newPage();
  await signInAsStaff(staff);
  await staff.goto('/atlas/quotes/');
  await staff.getByRole('link', { name: `#${number}`, exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Quote #${number}` })).toBeVisible();
  await staff.getByLabel('Unit price £ (ex VAT)').fill('18.00');
  await staff.getByRole('button', { name: 'Add a quantity break' }).click();
  await staff.getByLabel('From units').nth(1).fill('100');
  await staff.getByLabel('Unit price £ (ex VAT)').nth(1).fill('15.00');
  await staff.getByLabel('Print cost per unit £ (ex VAT)').fill('3.50');
  await staff.getByLabel('Shipping £ (ex VAT)').fill('25');
  // 200 units reach the 100 break: 200 × £18.50 + £25 + VAT 20 % = £4,470.00.
  await expect(staff.getByTestId('price-preview')).toContainText('£4,470.00');
  await staff.getByRole('button', { name: 'Save price' }).click();
  await expect(staff.getByRole('status').filter({ hasText: `Quote #${number} priced.` })).toBeVisible();
  await staff.getByLabel('Mock-up image (png, jpg or webp)').setInputFiles({ name: 'mockup.png', mimeType: 'image/png', buffer: await picture('COMPILER 2026', '#264653') });
  await staff.getByRole('button', { name: 'Send mock-up for approval' }).click();
  await expect(staff.getByRole('status').filter({ hasText: `Mock-up sent to ${email}` })).toBeVisible();

  // The visitor sees the proposal and mock-up, approves, pays with the test card.
  await page.goto(quoteUrl);
  await expect(page.getByTestId('quote-total')).toHaveText('£4,470.00');
  await expect(page.getByRole('img', { name: `Mock-up of quote #${number}` })).toBeVisible();
  await page.getByRole('button', { name: 'Approve the proposal' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'the quote is approved' })).toBeVisible();
  await page.getByRole('link', { name: 'Pay £4,470.00' }).click();
  await expect(page.getByRole('heading', { name: `Pay for order #${number}` })).toBeVisible();
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay £4,470.00' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible({ timeout: 20_000 });

  // Staff move it through the bespoke stages to shipped.
  await staff.reload();
  for (const status of ['bespoke_production', 'bespoke_documents_printed', 'bespoke_sorted', 'bespoke_printing', 'bespoke_packing', 'bespoke_shipped']) {
    await staff.getByLabel('Next status').selectOption(status);
    await staff.getByRole('button', { name: 'Change', exact: true }).click();
    await expect(staff.getByRole('status').filter({ hasText: `Quote #${number} moved to` })).toBeVisible();
    await expect(staff.locator('.atlas-status-code').first()).toHaveText(` · ${status}`);
  }
  await staffContext.close();

  // The visitor's page shows 100 %.
  await page.goto(quoteUrl);
  await expect(page.getByTestId('quote-status')).toHaveText('Shipped');
  await expect(page.getByTestId('quote-progress')).toHaveText('100%');
  await expect(page.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute('aria-valuenow', '100');
  await page.getByRole('link', { name: 'View your receipt' }).click();
  await expect(page.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute('aria-valuenow', '100');
});

test('the advanced quote is saved as the visitor goes and resumes from its link', async ({ page }) => {
  await page.goto('/advanced-quote/');
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('Email address').fill(`adv-${unique()}@example.com`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/advanced-quote\/[A-Za-z0-9_-]{16,}\/$/, { timeout: 20_000 });
  await expect(page.getByRole('group', { name: 'Print positions' })).toBeVisible();
  await page.getByLabel('Product', { exact: true }).fill('Tote bag');
  await page.getByLabel('M quantity', { exact: true }).fill('300');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Split deliveries' }).or(page.getByText('Split deliveries', { exact: true }))).toBeVisible();

  // Resumed from the link: the same step, what was typed kept.
  await page.reload();
  await expect(page.getByText('Split deliveries', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Product', { exact: true })).toHaveValue('Tote bag');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('region', { name: 'Your request' })).toContainText('300 units');
  await page.getByRole('button', { name: 'Send quote request' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Quote #\d+/ })).toBeVisible();
  await expect(page.getByText('We are pricing your quote.')).toBeVisible();
});
