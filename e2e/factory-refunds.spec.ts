import { expect, test } from '@playwright/test';
import { buyTee } from './helpers/shop';
import { DEMO_STAFF as STAFF, signInAsStaff } from './helpers/session';

/**
 * Staff put right an order on the atlas order page: cancel one label (an inline reason, no browser prompt) and
 * refund one unit of an item after a confirmation naming the amount; both land in the order's status log and the
 * refund in its payments.
 */

/** The order page loads and reloads after each action: allow for a busy machine. */
const slow = expect.configure({ timeout: 20_000 });

test('staff cancel one label and refund one unit of an item; both are logged on the order', async ({ page, browser }) => {
  test.setTimeout(300_000);
  // A shopper buys three of one tee with the test card (a variant no other spec buys, so the suite never sells it out).
  const number = await buyTee(page, 'Sand', 'M', 3);

  const staffContext = await browser.newContext({ acceptDownloads: true, viewport: page.viewportSize() ?? undefined });
  const staff = await staffContext.newPage();
  await signInAsStaff(staff);
  await staff.goto(`/atlas/orders/${number}/`);
  await slow(staff.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();
  const downloading = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Print labels (PDF)' }).click();
  await downloading;
  const labels = staff.locator('[data-label-id]');
  await slow(labels).toHaveCount(3);
  const labelId = (await labels.first().getAttribute('data-label-id'))!;

  // Cancel one label, with its reason typed in place.
  await labels.first().getByRole('button', { name: 'Cancel' }).click();
  const cancelForm = staff.getByRole('form', { name: `Cancel label ${labelId}` });
  await cancelForm.getByLabel(`Why cancel label ${labelId}?`).fill('Blank torn at the seam');
  await cancelForm.getByRole('button', { name: 'Cancel label' }).click();
  await slow(staff.getByRole('status').filter({ hasText: `Label ${labelId} cancelled.` })).toBeVisible();
  await slow(labels.first()).toContainText('Cancelled');
  const items = staff.getByRole('table', { name: 'Items' });
  await slow(items).toContainText('2 of 3');

  // Refund one unit: choose, review, confirm.
  const form = staff.getByRole('form', { name: 'Cancel or refund items' });
  await form.getByRole('radio', { name: 'Refund units' }).check();
  await slow(form.getByRole('spinbutton', { name: 'Units' })).toHaveValue('1');
  await form.getByLabel('Reason', { exact: true }).fill('Print faded in the wash');
  await form.getByRole('button', { name: 'Refund unit…' }).click();
  const confirm = form.getByRole('alertdialog', { name: 'Confirm' });
  await slow(confirm).toContainText(/Refund 1 × Fern Organic Tee \(Sand, M\) — £[\d.]+ back to the shopper\?/);
  const amount = /£[\d.]+/.exec((await confirm.textContent())!)![0];
  await confirm.getByRole('button', { name: 'Confirm refund' }).click();
  await slow(staff.getByRole('status').filter({ hasText: `Refunded ${amount} for 1 × Fern Organic Tee (Sand, M).` })).toBeVisible();
  await slow(staff.getByRole('region', { name: 'Payments and refunds' })).toContainText(`Refund succeeded ${amount} · 1 × Fern Organic Tee · Print faded in the wash`);
  await slow(items).toContainText('1 of 3');

  // Both are in the status log, with who did them.
  const log = staff.locator('.atlas-log');
  await slow(log).toContainText(`Label ${labelId} cancelled: Blank torn at the seam`);
  await slow(log).toContainText(/Refunded \d+ GBP \(items \d+ ×1\): Print faded in the wash/);
  await slow(log).toContainText(`by ${STAFF.email}`);

  await staffContext.close();
});
