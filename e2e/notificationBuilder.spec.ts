import { test, expect } from '@playwright/test';
import { DEMO_OWNER, signInAs } from './helpers/session';

/**
 * /marketing-tools/notifications/builder: the query prefills the draft, the preview draws it with the notification
 * centre's card as it changes, and sending reaches the store's customers — the owner, a member of the store, is one.
 */
test('the builder is prefilled from its query, previews live, and what it sends shows up and can be dismissed', async ({ page }) => {
  await signInAs(page, DEMO_OWNER);
  const title = `Summer drop ${Date.now()}`;
  const query = new URLSearchParams({ title, body: 'New tees are in.', template: 'bag', position: 'header', href: '/about/', tag: 'summer' });
  await page.goto(`/marketing-tools/notifications/builder?${query}`);
  await expect(page.getByRole('heading', { name: 'Notification builder', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Message')).toHaveValue('New tees are in.');
  await expect(page.getByLabel(/^Link/)).toHaveValue('/about/');
  await expect(page.getByLabel('Template')).toHaveValue('Bag');
  await expect(page.getByLabel('Position')).toHaveValue('header');
  await expect(page.getByLabel(/^Tag/)).toHaveValue('summer');

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('article', { name: title })).toHaveClass(/notification--bag/);
  await expect(preview.getByRole('article', { name: title })).toContainText('New tees are in.');
  await page.getByLabel('Template').selectOption('Shove');
  await page.getByLabel('Message').fill('New tees and hoodies are in.');
  await expect(preview.getByRole('article', { name: title })).toHaveClass(/notification--shove/);
  await expect(preview.getByRole('article', { name: title })).toContainText('New tees and hoodies are in.');

  // One customer who is not one of the store's: §8-style refusal on the field.
  await page.getByRole('radio', { name: 'One customer' }).check();
  await page.getByLabel("Customer's email address").fill('nobody@example.com');
  await page.getByRole('button', { name: 'Send notification' }).click();
  await expect(page.getByText('No customer of this store has that email address.')).toBeVisible();

  await page.getByRole('radio', { name: 'All customers of this store with an account' }).check();
  await page.getByRole('button', { name: 'Send notification' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Sent to \d+ (person|people)\.$/ })).toBeVisible();

  // The owner is among the store's customers (a member): it shows under the header on the storefront.
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Notifications' }).getByRole('article', { name: title });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('New tees and hoodies are in.');
  await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', '/about/');
  await card.getByRole('button', { name: `Dismiss ${title}` }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Fern & Thread home' })).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
});

test('the builder needs dashboard access', async ({ page }) => {
  await page.goto('/marketing-tools/notifications/builder?title=Hi');
  await expect(page).toHaveURL(/\/login\/\?redirect_uri=/);
});
