import { expect, test, type Page } from '@playwright/test';
import { pickColourAndSize, watchConsole } from './helpers/shop';

/** What a new visitor judges first: the chosen colour, the header logo, one container, checkout and not-found screens. */

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

test('a product opened from a link shows a chosen colour, and its picture is of that colour', async ({ page }) => {
  const errors = watchConsole(page);
  const colours = page.getByRole('radiogroup', { name: 'Colour' });
  const picture = page.locator('img.product__main-image');

  // No colour in the address: the product's default colour (§3 defaultColour) is chosen.
  await page.goto('/product/summit-tee/');
  await expect(colours.getByRole('radio', { name: 'Heather Grey', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Colour: Heather Grey')).toBeVisible();
  await expect(picture).toHaveAttribute('alt', 'Summit Tee in Heather Grey');

  // The colour in the address (§2.2 /product/{product}/{colour}), in any case.
  await page.goto('/product/summit-tee/navy/');
  await expect(colours.getByRole('radio', { name: 'Navy', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(picture).toHaveAttribute('alt', 'Summit Tee in Navy');

  // Choosing a size is enough to buy: no "Please select a colour".
  const size = page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio').and(page.locator(':enabled')).first();
  await size.click();
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Another colour: the picture follows.
  await colours.getByRole('radio', { name: 'Natural White', exact: true }).click();
  await expect(picture).toHaveAttribute('alt', 'Summit Tee in Natural White');
  expect(errors).toEqual([]);
});

test('the product picture opens a larger preview that zooms with the wheel and closes with Escape (§2.4, §4)', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/product/summit-tee/navy/');
  const opener = page.getByRole('button', { name: 'View larger: Summit Tee in Navy' });
  await opener.click();
  const preview = page.getByRole('dialog', { name: 'Summit Tee' });
  await expect(preview.getByRole('img', { name: 'Summit Tee in Navy' })).toBeVisible();
  const stage = preview.locator('.image-preview__stage');
  await stage.hover();
  await page.mouse.wheel(0, -100);
  await expect(stage).toHaveAttribute('data-zoom', '1.1');
  await page.mouse.move(0, 0);
  await expect(stage).toHaveAttribute('data-zoom', '1');
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  await expect(opener).toBeFocused();
  expect(errors).toEqual([]);
});

test('the header logo fills the header height up to 220 px wide and stays readable (§2.1, §9 header heights)', async ({ page }) => {
  await page.goto('/');
  const header = await box(page, '.header__inner');
  const logo = page.locator('.header__logo img');
  const drawn = await logo.evaluate((img: HTMLImageElement) => {
    // The painted picture inside the box (object-fit: contain keeps its shape).
    const ratio = img.naturalWidth / img.naturalHeight;
    const { width, height } = img.getBoundingClientRect();
    return { width: Math.min(width, height * ratio), height: Math.min(height, width / ratio), box: width };
  });
  expect(drawn.box).toBeLessThanOrEqual(220);
  // The logo takes most of the header's height (its padding aside) and is never squeezed below a readable size.
  expect(drawn.height).toBeGreaterThanOrEqual(header.height * 0.55);
  expect(drawn.width).toBeGreaterThanOrEqual(170);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the currency selector is reachable by keyboard at every width', async ({ page, isMobile }) => {
  await page.goto('/');
  if (isMobile) {
    // Phones keep it in the menu.
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
  }
  const currency = page.getByRole('combobox', { name: 'Currency' });
  await expect(currency).toBeVisible();
  await currency.focus();
  await page.keyboard.press('ArrowDown');
  await expect(currency).not.toHaveValue('GBP');
});

test('the search screen sits in the same container as the header and every other screen', async ({ page, isMobile }) => {
  const left = async (path: string, selector: string) => {
    await page.goto(path);
    await expect(page.locator(selector).first()).toBeVisible();
    return (await box(page, selector)).x;
  };
  const logo = await left('/search/?q=tee', '.header__logo');
  const search = await left('/search/?q=tee', 'main h1');
  const collection = await left('/collection/t-shirts/', 'main h1');
  expect(Math.abs(search - collection)).toBeLessThanOrEqual(1);
  // On desktop the header's logo starts where the content does (on phones the menu button comes first).
  if (!isMobile) expect(Math.abs(search - logo)).toBeLessThanOrEqual(2);
});

test('the not-found screen centres its button under its text', async ({ page }) => {
  await page.goto('/no-such-page/');
  await expect(page.getByRole('heading', { level: 1, name: 'We couldn’t find that page' })).toBeVisible();
  const heading = await box(page, 'main h1');
  const button = (await page.getByRole('link', { name: 'Back to the shop' }).boundingBox())!;
  expect(Math.abs(button.x + button.width / 2 - (heading.x + heading.width / 2))).toBeLessThanOrEqual(2);
});

test('checkout: themed controls, one heading style, the pay button under the card fields, an error summary that links each field', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/product/summit-tee/');
  await pickColourAndSize(page, 'Navy');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible();
  await page.goto('/checkout/');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByLabel(/UK standard/)).toBeChecked();

  // §3 form family: radios and the checkbox are drawn in the theme's form colours, not the browser's.
  const focusColour = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--form-focus)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });
  for (const control of [page.getByLabel(/UK standard/), page.getByLabel('Billing address is the same as shipping')]) {
    expect(await control.evaluate((el) => getComputedStyle(el).appearance)).toBe('none');
    expect(await control.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe(focusColour);
  }

  // One heading style for sections, fieldset legends and the summary.
  const styles = await page.locator('.checkout h2, .checkout legend').evaluateAll((els) =>
    els.map((el) => {
      const s = getComputedStyle(el);
      return `${s.fontFamily} ${s.fontSize} ${s.fontWeight}`;
    }),
  );
  expect(styles.length).toBeGreaterThanOrEqual(4);
  expect(new Set(styles).size).toBe(1);

  // The pay button follows the card fields in the payment section.
  const payment = page.getByRole('region', { name: 'Payment' });
  const pay = payment.getByRole('button', { name: /Place order/ });
  await expect(pay).toBeVisible();
  const cvc = (await page.getByLabel('CVC').boundingBox())!;
  const button = (await pay.boundingBox())!;
  expect(button.y - (cvc.y + cvc.height)).toBeLessThan(160);

  // A refused submit: a summary names each field with its message and links to it.
  await page.getByLabel('Email address').fill('');
  await pay.click();
  const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: /Please check these \d+ fields/ }) });
  await expect(summary).toBeVisible();
  await expect(summary).toBeFocused();
  for (const text of ['Email address: This field is required', 'Shipping address: First name: This field is required', 'Shipping address: Postcode: This field is required', 'Card number: ']) {
    await expect(summary.getByRole('link', { name: text })).toBeVisible();
  }
  await summary.getByRole('link', { name: 'Shipping address: Postcode: This field is required' }).click();
  await expect(page.getByLabel('Postcode')).toBeFocused();
  await expect(page.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');
  // Keyboard: the links are in the tab order from the summary.
  await summary.focus();
  await page.keyboard.press('Tab');
  await expect(summary.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Email address')).toBeFocused();
  expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
});
