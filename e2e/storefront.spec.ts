import { expect, test } from '@playwright/test';
import { watchConsole } from './helpers/shop';

test('the demo home page draws its blocks from the database in the store theme', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await expect(page).toHaveTitle('Organic clothing, printed to order | Fern & Thread');
  const hero = page.locator('[data-block-uid="home-hero"]');
  await expect(hero.getByRole('heading', { name: 'Made when you order it' })).toBeVisible();
  await expect(hero.getByRole('link', { name: 'Shop T-Shirts' })).toHaveAttribute('href', '/collection/t-shirts/');
  await expect(page.locator('[data-block-type="textBlock"]').first()).toContainText('Good clothes, no leftovers');
  await expect(page.locator('[data-block-type="button"]')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Announcement' })).toContainText('Free UK delivery');
  expect(errors).toEqual([]);
});

test('store pages are routes: navigating keeps the SPA and updates the title', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Shop T-Shirts' }).first().waitFor();
  await page.goto('/about/');
  await expect(page.getByRole('heading', { name: 'Our story' })).toBeVisible();
  await expect(page).toHaveTitle('About us | Fern & Thread');
  await page.locator('[data-block-uid="about-cta"]').getByRole('link').click();
  await expect(page).toHaveURL(/\/sustainability\/$/);
  await expect(page).toHaveTitle('Sustainability | Fern & Thread');
  // Head data follows client navigation (§2.2).
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/sustainability\/$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /print on demand, organic cotton and take-back/);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
});

test('an unknown path answers HTTP 404 and shows the 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page/');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/404\/$/);
  await expect(page.getByRole('heading', { name: 'We couldn’t find that page' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Fern & Thread');
});

test('the failed-to-load screen appears when store data cannot load', async ({ page }) => {
  await page.route('**/getStoreCoreData/**', (route) => route.fulfill({ status: 500, body: '{"message":"down"}', contentType: 'application/json' }));
  // When the store data cannot load, the server cannot draw the page either: it sends the bare app.
  await page.route('/', async (route) => {
    const response = await route.fetch();
    // The drawn markup, the block stylesheets linked after it and the hydration data all go.
    const html = (await response.text()).replace(/<div id="root">[\s\S]*<\/div>\s*(?:<link [^>]*>)*<script[^>]*id="pod-data"[^>]*>[\s\S]*?<\/script>/, '<div id="root"></div>');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Oops...' })).toBeVisible({ timeout: 5000 });
  await expect(page.getByText('Looks like something went wrong')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
});
