import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fillCheckout } from './helpers/shop';
import { signInAsStaff } from './helpers/session';
import { printSize } from '../src/core/studio';
import { artworkMessages } from '../server/products/artwork';

/**
 * The studio's "Done when": on /design-your-own-t-shirt/ a shopper puts text and an uploaded picture on the front
 * and text on the back, undoes and redoes, sees the two-sided price, adds the design to the basket and pays with
 * the test card; the order's print files are PNGs at 300 dpi for the print area with the text's pixels where it
 * was placed. Bad uploads get clear messages and add nothing. Runs at desktop and phone sizes.
 */
const slow = expect.configure({ timeout: 20_000 });

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 220, g: 20, b: 60, alpha: 1 } } }).png().toBuffer();

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByTestId('studio-file').setInputFiles({ name, mimeType, buffer });
}

test('design a two-sided tee, pay for it, and the factory gets print files drawn from the design', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/custom/');
  await expect(page).toHaveURL(/\/design-your-own-t-shirt\/$/);
  const addText = page.getByRole('button', { name: 'Add text' });
  await slow(addText).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Front' })).toHaveAttribute('aria-selected', 'true');
  const layers = page.locator('.studio__layers li');

  // Bad uploads: a clear message each, and nothing is added.
  await upload(page, 'notes.png', 'image/png', Buffer.from('these are not pixels'));
  await expect(page.getByRole('alert')).toHaveText(artworkMessages.formats);
  await upload(page, 'broken.png', 'image/png', Buffer.concat([(await picture(50, 50)).subarray(0, 60)]));
  await expect(page.getByRole('alert')).toHaveText(artworkMessages.corrupt);
  await expect(layers).toHaveCount(0);

  // Front: text, then a picture (small for 30 cm: the studio warns).
  await addText.click();
  await page.getByLabel('Text', { exact: true }).fill('HELLO');
  await expect(layers).toHaveCount(1);
  await upload(page, 'dot.png', 'image/png', await picture(600, 400));
  await slow(layers).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: /^Low resolution: this picture prints at \d+ dpi/ })).toBeVisible();
  const price = page.getByTestId('studio-price');
  await expect(price).toHaveText('£25.00');
  await expect(page.getByText('Printed on 1 side')).toBeVisible();

  // Back: text; undo takes the typing back, redo brings it again.
  await page.getByRole('tab', { name: 'Back' }).click();
  await expect(layers).toHaveCount(0);
  await addText.click();
  await page.getByLabel('Text', { exact: true }).fill('BACK');
  await expect(price).toHaveText('£30.00');
  await expect(page.getByText('Printed on 2 sides')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByLabel('Text', { exact: true })).toHaveValue('Your text');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(layers).toHaveCount(0);
  await expect(price).toHaveText('£25.00');
  await page.getByRole('button', { name: 'Redo' }).click();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(layers).toHaveCount(1);
  await expect(layers.first()).toContainText('“BACK”');
  await expect(price).toHaveText('£30.00');

  // Drag the back text down by 0.3 of the area's width (the stage shows the 336-unit square around the chest).
  const stage = page.getByTestId('studio-stage').locator('canvas').first();
  const box = (await stage.boundingBox())!;
  const k = box.width / 336;
  const from = { x: box.x + (250 - 82) * k, y: box.y + (165 + 0.4375 * 140 - 84.5) * k };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + 0.3 * 140 * k, { steps: 10 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Redo' }).click();

  // A size is needed; then the design goes to the basket as its own product.
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('alert')).toHaveText('Pick a size');
  await page.getByLabel('Size').selectOption('M');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await slow(page).toHaveURL(/\/basket\/$/);
  // The basket screen itself, not only its address: the studio lets go when left.
  await slow(page.getByRole('heading', { name: 'Basket', level: 1 })).toBeVisible();
  const items = (await (await page.request.get('/omnis/v3/basket/main/list/')).json()).items as { name: string; price: number; options: { size: string | null } }[];
  const custom = items.find((i) => i.name.includes('your design'));
  expect(custom).toMatchObject({ options: { size: 'M' } });
  // The basket line reopens the design in the studio.
  await page.getByRole('link', { name: /^Edit the design of / }).click();
  await slow(page).toHaveURL(/\/studio\/\?design=[0-9a-f-]{36}$/);
  await slow(layers).toHaveCount(2);
  await expect(layers.nth(1)).toContainText('“HELLO”');
  await expect(page.getByTestId('studio-price')).toHaveText('£30.00');

  await page.goto('/checkout/');
  await fillCheckout(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /Place order/ }).click();
  await slow(page).toHaveURL(/\/receipt\/[A-Za-z0-9_-]{24}$/);
  await slow(page.locator('.order-page')).toContainText(/Order #\d+/);
  const orderId = /Order #(\d+)/.exec((await page.locator('.order-page').textContent())!)![1]!;

  // The factory: print files per printed side, rendered after payment.
  await signInAsStaff(page);
  type Item = { sku: string; printFiles: { area: string; status: string; width: number; height: number; url: string }[] };
  let item: Item | undefined;
  await expect
    .poll(
      async () => {
        const order = (await (await page.request.get(`/omnis/v3/atlas/orders/${orderId}/`)).json()) as { items: Item[] };
        item = order.items.find((i) => i.sku.startsWith('CP-'));
        return item?.printFiles.map((f) => `${f.area}:${f.status}`).join(',');
      },
      { timeout: 60_000 },
    )
    .toBe('front:done,back:done');
  const expected = printSize('tshirt', 'front');
  for (const file of item!.printFiles) {
    const response = await page.request.get(file.url);
    expect(response.headers()['content-type']).toBe('image/png');
    const png = await response.body();
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: expected.width, height: expected.height, hasAlpha: true });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(Math.round(y) * info.width + Math.round(x)) * 4 + 3]!;
    const inked = (cx: number, cy: number, w: number, h: number) => {
      let n = 0;
      for (let y = cy - h / 2; y < cy + h / 2; y += 4) for (let x = cx - w / 2; x < cx + w / 2; x += 4) if (alphaAt(x, y) > 128) n++;
      return n;
    };
    const W = info.width;
    const aspect = info.height / info.width;
    // The text sits where the studio put it: centred across, 35 % down the area (the back's was dragged 0.3 widths lower).
    const textY = file.area === 'front' ? W * aspect * 0.35 : W * (aspect * 0.35 + 0.3);
    expect(inked(W / 2, textY, W * 0.4, W * 0.1)).toBeGreaterThan(200);
    if (file.area === 'back') expect(inked(W / 2, W * aspect * 0.35, W * 0.4, W * 0.05)).toBe(0);
    // Corners stay transparent.
    expect(alphaAt(5, 5)).toBe(0);
    expect(alphaAt(W - 5, info.height - 5)).toBe(0);
    if (file.area === 'front') {
      // The picture: its colour at its centre.
      const at = (Math.round(W * aspect * 0.6) * W + Math.round(W / 2)) * 4;
      expect([...data.subarray(at, at + 4)]).toEqual([220, 20, 60, 255]);
    }
  }
  // Atlas links them from the order.
  await page.goto(`/atlas/orders/${orderId}/`);
  await slow(page.getByRole('link', { name: 'front print file' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'back print file' })).toBeVisible();
});

test('the studio opens on the garment its address, a product or a suggestion names', async ({ page }) => {
  await page.goto('/custom-printed-hoodies/');
  await slow(page.getByRole('button', { name: 'Add text' })).toBeVisible();
  await expect(page.getByLabel('Garment').locator('option:checked')).toHaveText(/Hoodie/);
  await page.goto('/studio/summit-tee/');
  await slow(page.getByRole('button', { name: 'Add text' })).toBeVisible();
  await expect(page.getByLabel('Garment').locator('option:checked')).toHaveText('Summit Tee');
  // A tote has no sleeves.
  await page.goto('/custom-printed-tote-bags/');
  await slow(page.getByRole('tab', { name: 'Front' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(2);
  // A product page's "Customise it".
  await page.goto('/product/fern-organic-tee/');
  await slow(page.getByRole('link', { name: 'Customise it' })).toBeVisible();
  await page.getByRole('link', { name: 'Customise it' }).click();
  await slow(page).toHaveURL(/\/studio\/fern-organic-tee\/$/);
  await expect(page.getByLabel('Garment').locator('option:checked')).toHaveText('Fern Organic Tee');
});

/** The selected layer's node on the studio's stage (Konva exposes its stages on window). */
async function layerNode(page: Page, index: number) {
  return page.evaluate((i) => {
    const konva = (window as unknown as { Konva: { stages: { find: (s: string) => { rotation: () => number; width: () => number; height: () => number; getClientRect: () => { x: number; y: number; width: number; height: number }; getChildren: () => { scaleX: () => number }[] }[]; container: () => HTMLElement }[] } }).Konva;
    const stage = konva.stages.at(-1)!;
    const node = stage.find('.studio-layer')[i]!;
    const r = node.getClientRect();
    const c = stage.container().getBoundingClientRect();
    const child = node.getChildren?.()[0];
    return { rotation: node.rotation(), height: node.height(), scale: child ? child.scaleX() : 0, centre: { x: c.left + r.x + r.width / 2, y: c.top + r.y + r.height / 2 } };
  }, index);
}

test('clip-art in the shopper’s ink and text curved with the slider, each one undo step', async ({ page }) => {
  await page.goto('/design-your-own-t-shirt/');
  const layers = page.locator('.studio__layers li');
  await slow(page.getByRole('button', { name: 'Add text' })).toBeVisible();
  await page.getByRole('button', { name: 'Add text' }).click();
  const straight = await layerNode(page, 0);
  const curve = page.getByRole('slider', { name: 'Curve' });
  await expect(curve).toHaveAttribute('aria-valuetext', 'Straight');
  await curve.fill('60');
  await expect(curve).toHaveAttribute('aria-valuetext', 'Arc up 60 %');
  // A bent line stands taller than the straight one.
  await expect.poll(async () => (await layerNode(page, 0)).height).toBeGreaterThan(straight.height * 1.2);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(curve).toHaveAttribute('aria-valuetext', 'Straight');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(curve).toHaveAttribute('aria-valuetext', 'Arc up 60 %');

  await page.getByRole('button', { name: 'Clip-art' }).click();
  const shapes = page.getByRole('group', { name: 'Clip-art' }).getByRole('button');
  expect(await shapes.count()).toBeGreaterThanOrEqual(8);
  await page.getByRole('button', { name: 'Add star' }).click();
  await expect(page.getByRole('group', { name: 'Clip-art' })).toBeHidden();
  await expect(layers).toHaveCount(2);
  await expect(layers.first()).toContainText('Star');
  await page.getByRole('button', { name: 'Ink #2980b9' }).click();
  await expect(page.getByRole('button', { name: 'Ink #2980b9' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Printed on 1 side')).toBeVisible();
});

test('two fingers pinch the selected layer: spread to grow, turn to rotate, one undo step', async ({ page }, testInfo) => {
  test.skip(!testInfo.project.use.hasTouch, 'touch screens only');
  await page.goto('/design-your-own-t-shirt/');
  await slow(page.getByRole('button', { name: 'Clip-art' })).toBeVisible();
  await page.getByRole('button', { name: 'Clip-art' }).click();
  await page.getByRole('button', { name: 'Add heart' }).click();
  const before = await layerNode(page, 0);
  expect(before.rotation).toBe(0);
  const { x, y } = before.centre;
  const cdp = await page.context().newCDPSession(page);
  const fingers = (spread: number, degrees: number) => {
    const a = (degrees * Math.PI) / 180;
    return [
      { x: x - spread * Math.cos(a), y: y - spread * Math.sin(a), id: 0 },
      { x: x + spread * Math.cos(a), y: y + spread * Math.sin(a), id: 1 },
    ];
  };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(30, 0) });
  for (let step = 1; step <= 8; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(30 + (15 * step) / 8, (30 * step) / 8) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  // The fingers land around the shape, not on it: the layer stays selected and follows them.
  await expect.poll(async () => Math.round((await layerNode(page, 0)).rotation)).toBe(30);
  const after = await layerNode(page, 0);
  expect(after.scale / before.scale).toBeCloseTo(1.5, 1);
  expect(Math.abs(after.centre.x - x)).toBeLessThan(3);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await layerNode(page, 0)).rotation).toBe(0);
  expect((await layerNode(page, 0)).scale).toBeCloseTo(before.scale, 5);
});
