import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/** Every block type whose schema says it can be used on the storefront. */
const storefrontTypes = fs
  .readdirSync('schemas/blocks')
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(fs.readFileSync(path.join('schemas/blocks', f), 'utf8')) as { $id: string; 'x-block': { compatibility: string[] } })
  .filter((schema) => schema['x-block'].compatibility.includes('storefront'))
  .map((schema) => path.basename(schema.$id, '.json'));

test('the block gallery draws every storefront block type with no console errors and no sideways scrolling', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto('/blocks/');
  await expect(page.getByRole('heading', { name: 'Block gallery', level: 1 })).toBeVisible();
  // Data-driven blocks finish loading from the API.
  await expect(page.locator('[data-block-uid="g-product-list"]').getByRole('link', { name: /Fern Organic Tee/ }).first()).toBeVisible();
  await expect(page.locator('[data-block-uid="g-feed"]').getByRole('link').first()).toBeVisible();

  // A container filled from the catalogue by its item factory (§3 itemFactory).
  await expect(page.locator('[data-block-uid="g-factory"] [data-block-type="pod"]')).toHaveCount(3);

  expect(storefrontTypes.length).toBeGreaterThan(30);
  const missing: string[] = [];
  for (const type of storefrontTypes) {
    if ((await page.locator(`[data-block-type="${type}"]`).count()) === 0) missing.push(type);
  }
  expect(missing).toEqual([]);
  expect(await page.locator('.pod-block-error').count()).toBe(0);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
});
