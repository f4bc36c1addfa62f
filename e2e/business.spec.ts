import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_OWNER, signInAs } from './helpers/session';
import { fillCheckout, pickColourAndSize } from './helpers/shop';

/**
 * Running the business: the owner turns artwork into a product with two colours, sees its generated mockups in the
 * store and buys it with the test card; a CSV export imported again changes nothing; staff approve the product.
 */
const STAFF = { email: 'staff@pod.example', password: 'demo-staff-password' };
const artwork = () => sharp({ create: { width: 2000, height: 2000, channels: 4, background: { r: 180, g: 60, b: 40, alpha: 1 } } }).png().toBuffer();

async function imageLoaded(page: Page, selector: string) {
  return page.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

test.describe.serial('products from artwork', () => {
  let name = '';
  test('the owner uploads artwork, makes a product in two colours, sees its mockups in the store and buys it', async ({ page }, info) => {
    test.setTimeout(90_000);
    name = `Moth Tee ${info.project.name}`;
    await signInAs(page, DEMO_OWNER);
    await page.goto('/dashboard/products/');
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await page.getByRole('link', { name: 'Add product' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add a product' })).toBeVisible();
    await page.getByLabel('Base product').selectOption({ label: 'Fern Organic Tee (FT-001)' });

    // A picture too small for a 30 cm print is refused with the reason.
    const small = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#333' } }).png().toBuffer();
    await page.getByLabel('Artwork file').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: small });
    await expect(page.getByRole('alert')).toHaveText('Low resolution for a 30 cm print: the artwork is 600 × 400 px and needs at least 1772 px across (150 dpi)');
    await page.getByLabel('Artwork file').setInputFiles({ name: 'moth.png', mimeType: 'image/png', buffer: await artwork() });
    await expect(page.getByText('Uploaded: 2000 × 2000 px')).toBeVisible();

    const colours = page.getByRole('group', { name: /Colours/ });
    await expect(colours.getByLabel('Natural White')).toBeChecked();
    await expect(colours.getByLabel('Forest Green')).toBeChecked();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Price (£)').fill('28.00');
    // £28.00 − VAT £4.67 − garment £7.50 − one print £1.50.
    await expect(page.getByTestId('profit')).toHaveText('£14.33');
    await page.getByRole('button', { name: 'Create product' }).click();

    // Drawing the mockups takes a few seconds on a busy machine.
    await expect(page).toHaveURL(/\/dashboard\/products\/\?store=\d+$/, { timeout: 30_000 });
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Awaiting approval');
    await expect(row).toContainText('in 2 colours');
    const href = await row.getByRole('link', { name }).getAttribute('href');

    // The storefront shows the generated mockups, one per colour.
    await page.goto(href!);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const first = await page.locator('.product__main-image').getAttribute('src');
    expect(first).toMatch(/^\/media\/uploads\/\d+-.+\.webp$/);
    await expect.poll(() => imageLoaded(page, '.product__main-image')).toBe(true);
    await pickColourAndSize(page, 'Forest Green', 'M');
    await expect(page.locator('.product__main-image')).not.toHaveAttribute('src', first!);
    await expect.poll(() => imageLoaded(page, '.product__main-image')).toBe(true);

    await page.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible();
    await page.goto('/checkout/');
    await fillCheckout(page, '4242 4242 4242 4242');
    await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(name);
    await page.getByRole('button', { name: /Place order/ }).click();
    await expect(page).toHaveURL(/\/receipt\/[A-Za-z0-9_-]{24}$/);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  });

  test('a CSV export imported again changes nothing', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAs(page, DEMO_OWNER);
    await page.goto('/dashboard/products/');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const csv = await (await download).createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    });
    const rows = csv.toString('utf8').trim().split('\n').length - 1;
    expect(rows).toBeGreaterThan(10);
    await page.getByLabel('CSV file to import').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: csv });
    await expect(page.getByRole('status').filter({ hasText: 'Import finished' }).getByRole('paragraph')).toHaveText(`Import finished: 0 updated, ${rows} unchanged, 0 with errors`);
  });

  test('staff approve the product', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAs(page, STAFF);
    await page.goto('/dashboard/products/');
    await page.getByLabel('Approval').selectOption('pending');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Awaiting approval');
    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog', { name: `Review “${name}”` });
    // A denial needs its reason.
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Give the reason for the denial: the owner sees it');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel('Approval').selectOption('approved');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Approved');
  });
});
