import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * The page builder end to end, as the demo store owner: create a page, drag a banner
 * into a row, resize it, edit it, undo/redo by keyboard, save, see it on the public page; a stale save asks
 * whose version to keep; a keyboard-only user moves and resizes a block.
 */

const OWNER = { email: 'owner@fernandthread.example', password: 'demo-owner-password' };

async function csrf(request: APIRequestContext) {
  return (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
}

/** Signs in through the page's own request context (it shares the browser's cookies); returns the store id. */
async function signIn(page: Page): Promise<number> {
  await page.request.get('/omnis/v3/frontend/getStoreCoreData/json/');
  const res = await page.request.post('/omnis/v3/dashboard/secure/login/', { data: OWNER, headers: { 'x-csrf-token': await csrf(page.request) } });
  expect(res.status(), await res.text()).toBe(200);
  const { user } = (await res.json()) as { user: { stores: { divisionId: number; role: string }[] } };
  return user.stores.find((s) => s.role === 'owner')!.divisionId;
}

async function createPage(page: Page, divisionId: number, url: string, blocks: unknown[]): Promise<{ id: number; version: number }> {
  const res = await page.request.post(`/omnis/v3/divisions/${divisionId}/pages/`, {
    data: { url, layout: 'standard', properties: { title: `E2E ${url}` }, blocks },
    headers: { 'x-csrf-token': await csrf(page.request) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; version: number };
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A pointer drag dnd-kit recognises: press, move in steps (past its 4 px activation distance), release. */
async function drag(page: Page, from: Locator, to: { x: number; y: number }, beforeDrop?: () => Promise<void>) {
  const box = (await from.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2 + 6, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.waitForTimeout(100);
  await page.mouse.move(to.x + 1, to.y + 1, { steps: 2 });
  await beforeDrop?.();
  await page.mouse.up();
}

/** A block's box once the canvas stopped moving (the store's header, its logo and fonts arrive after the page). */
async function settledBox(locator: Locator) {
  let last = '';
  await expect
    .poll(async () => {
      const box = JSON.stringify(await locator.boundingBox());
      const same = box === last;
      last = box;
      return same;
    }, { intervals: [150, 250, 400] })
    .toBe(true);
  return (await locator.boundingBox())!;
}

const canvas = (page: Page) => page.locator('[data-canvas-root]');

/**
 * A full load of the builder fetches every block type's code before it draws the page; on CI's two busy cores
 * that first draw has taken over 10 s, so it gets its own allowance (what it draws is still checked).
 */
const FIRST_DRAW = { timeout: 30_000 };

async function openBuilder(page: Page, pageId: number) {
  await page.goto(`/dashboard/pages/${pageId}/edit`);
  await expect(canvas(page)).toBeVisible(FIRST_DRAW);
}
const block = (page: Page, uid: string) => page.locator(`[data-canvas-uid="${uid}"]`);
const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

test.describe('page builder', () => {
  test.skip(({ isMobile }) => isMobile, 'The builder is desktop-only by design: below 960 px it shows a "needs a wider screen" notice (tested below).');

  test('create a page, drag a banner into a row, resize, edit, undo/redo, save, see it published', async ({ page }) => {
    const divisionId = await signIn(page);
    const slug = `builder-${unique()}`;

    // Create the page through the pages screen; a bad address is refused on its field first.
    await page.goto('/dashboard/pages/');
    await expect(page.getByRole('heading', { name: 'Pages', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New page' });
    await dialog.getByLabel('Title').fill(`Builder ${slug}`);
    await dialog.getByLabel('Address').fill('Not A Path');
    await dialog.getByRole('button', { name: 'Create and edit' }).click();
    await expect(dialog.getByText('Must be a path of lower-case words and dashes, starting and ending with /')).toBeVisible();
    await dialog.getByLabel('Address').fill(`/${slug}/`);
    await dialog.getByRole('button', { name: 'Create and edit' }).click();
    // The builder is its own chunk: on busy CI cores the first visit can take longer than a screen change.
    await expect(page).toHaveURL(/\/dashboard\/pages\/\d+\/edit/, FIRST_DRAW);
    await expect(page.getByText('This page has no blocks yet')).toBeVisible(FIRST_DRAW);

    // A row from the palette (Enter / click adds it), then a banner dragged into it.
    const palette = page.getByRole('complementary', { name: 'Blocks' });
    await palette.getByRole('button', { name: /^Row/ }).click();
    const row = canvas(page).locator('[data-block-type="row"]');
    await expect(row).toBeVisible();
    const rowBox = (await row.boundingBox())!;
    await drag(page, palette.getByRole('button', { name: /^Banner/ }), { x: rowBox.x + rowBox.width / 2, y: rowBox.y + rowBox.height / 2 });
    const banner = row.locator('[data-block-type="banner"]');
    await expect(banner).toBeVisible();

    // Resize by the right-edge handle to 4 of 12 columns.
    const handle = page.getByRole('slider', { name: /Width of Banner/ });
    await expect(handle).toHaveAttribute('aria-valuenow', '12');
    const grid = (await banner.evaluate((el) => {
      const g = el.parentElement!.getBoundingClientRect();
      return { left: g.left, width: g.width, gap: parseFloat(getComputedStyle(el.parentElement!).columnGap) || 0 };
    })) as { left: number; width: number; gap: number };
    const column = (grid.width + grid.gap) / 12;
    const hb = (await handle.boundingBox())!;
    await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
    await page.mouse.down();
    await page.mouse.move(grid.left + 4 * column - grid.gap, hb.y + hb.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect(handle).toHaveAttribute('aria-valuenow', '4');

    // Edit its title in the panel; the canvas shows it.
    const inspector = page.getByRole('complementary', { name: 'Settings' });
    await inspector.getByLabel('Title', { exact: true }).fill('Autumn drop');
    await expect(banner.getByText('Autumn drop')).toBeVisible();

    // Undo twice (title, then width), redo once (width again) — by keyboard.
    await page.keyboard.press(`${mod}+z`);
    await expect(banner.getByText('Autumn drop')).toHaveCount(0);
    await page.keyboard.press(`${mod}+z`);
    await expect(banner).toHaveCSS('--pod-span', '12');
    await page.keyboard.press(`${mod}+Shift+z`);
    await expect(banner).toHaveCSS('--pod-span', '4');
    await expect(page.getByTestId('save-status')).toHaveText('Unsaved changes');

    await page.keyboard.press(`${mod}+s`);
    await expect(page.getByTestId('save-status')).toHaveText('Saved');

    // Reload the builder: the saved page comes back.
    await page.reload();
    await expect(canvas(page)).toBeVisible(FIRST_DRAW);
    await expect(canvas(page).locator('[data-block-type="row"] [data-block-type="banner"]')).toHaveCSS('--pod-span', '4');

    // The public page (a new route after a full load) shows the banner in its row at 4 columns.
    await page.goto(`/${slug}/`);
    const published = page.locator('.pod-block--row .pod-block--banner');
    await expect(published).toBeVisible();
    await expect(published).toHaveCSS('--pod-span', '4');
    expect(divisionId).toBeGreaterThan(0);
  });

  test('a stale save asks whether to reload their version or overwrite with mine', async ({ page }) => {
    const divisionId = await signIn(page);
    const url = `/stale-${unique()}/`;
    const created = await createPage(page, divisionId, url, [{ uid: 's0', type: 'textBlock', properties: { text: '<p>Original</p>' } }]);
    await openBuilder(page, created.id);
    await expect(block(page, 's0')).toBeVisible();

    // My change: a spacer from the palette.
    await page.getByRole('complementary', { name: 'Blocks' }).getByRole('button', { name: /^Spacer/ }).click();
    await expect(canvas(page).locator('[data-block-type="spacer"]')).toBeVisible();

    // Someone else saves meanwhile.
    const theirs = await page.request.patch(`/omnis/v3/divisions/${divisionId}/pages/${created.id}/`, {
      data: { version: created.version, blocks: [{ uid: 's0', type: 'textBlock', properties: { text: '<p>Their edit</p>' } }] },
      headers: { 'x-csrf-token': await csrf(page.request) },
    });
    expect(theirs.status(), await theirs.text()).toBe(200);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'This page changed since you opened it' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Reload their version' })).toBeVisible();
    await expect(page.getByTestId('save-status')).toHaveText('Not saved: conflict');
    await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('save-status')).toHaveText('Saved');

    const stored = (await (await page.request.get(`/omnis/v3/divisions/${divisionId}/pages/${created.id}/`)).json()) as { blocks: { type: string }[] };
    expect(stored.blocks.map((b) => b.type)).toEqual(['textBlock', 'spacer']);
  });

  test('a keyboard-only user can move and resize a block', async ({ page }) => {
    const divisionId = await signIn(page);
    const created = await createPage(page, divisionId, `/keys-${unique()}/`, [
      { uid: 'k0', type: 'textBlock', properties: { text: '<p>First</p>' } },
      { uid: 'k1', type: 'textBlock', properties: { text: '<p>Second</p>' } },
      { uid: 'k2', type: 'textBlock', properties: { text: '<p>Third</p>' } },
    ]);
    await openBuilder(page, created.id);
    await expect(block(page, 'k2')).toBeVisible();

    // Tab to the first block (past the toolbar and the palette), Enter selects it.
    for (let i = 0; i < 120; i++) {
      await page.keyboard.press('Tab');
      if (await block(page, 'k0').evaluate((el) => el === document.activeElement)) break;
    }
    await expect(block(page, 'k0')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(block(page, 'k0')).toHaveAttribute('aria-label', /selected/);

    // Its move handle: Space picks it up, ArrowDown chooses the spot after "Second", Space drops it.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Move Text' })).toBeFocused();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(150);
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('[data-canvas-uid]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.canvasUid))).toEqual(['k1', 'k0', 'k2']);
    await expect(page.getByTestId('editor-live')).toContainText('moved to position 2');

    // Width: ] and [ step a column; Alt+ArrowLeft too. The focused block keeps the shortcuts.
    await expect(block(page, 'k0')).toBeFocused();
    await page.keyboard.press('[');
    await page.keyboard.press('Alt+ArrowLeft');
    const slider = page.getByRole('slider', { name: 'Width of Text, in columns' });
    await expect(slider).toHaveAttribute('aria-valuenow', '10');
    await expect(page.getByTestId('editor-live')).toContainText('width 10 of 12 columns');
    await slider.focus();
    await page.keyboard.press('Home');
    await expect(slider).toHaveAttribute('aria-valuenow', '3');

    // Save by keyboard, and the order and width are stored.
    await page.keyboard.press(`${mod}+s`);
    await expect(page.getByTestId('save-status')).toHaveText('Saved');
    const stored = (await (await page.request.get(`/omnis/v3/divisions/${divisionId}/pages/${created.id}/`)).json()) as { blocks: { uid: string; size: { x: number } }[] };
    expect(stored.blocks.map((b) => b.uid)).toEqual(['k1', 'k0', 'k2']);
    expect(stored.blocks[1]!.size.x).toBe(3);
  });
});

test.describe('page builder: where owners tripped', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop-only builder');

  test('a block dropped into the gap between blocks, or on the lower half of one, lands there', async ({ page }) => {
    const divisionId = await signIn(page);
    const created = await createPage(page, divisionId, `/drops-${unique()}/`, [
      { uid: 'd0', type: 'textBlock', properties: { text: '<p>First</p>' } },
      { uid: 'd1', type: 'textBlock', properties: { text: '<p>Second</p>' } },
      { uid: 'd2', type: 'textBlock', properties: { text: '<p>Third</p>' } },
    ]);
    await openBuilder(page, created.id);
    await expect(block(page, 'd2')).toBeVisible();
    const order = () => page.locator('[data-canvas-root] [data-block-type]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.blockType === 'spacer' ? 'spacer' : (e as HTMLElement).dataset.blockUid));
    const palette = page.getByRole('complementary', { name: 'Blocks' });

    // The gap between the first and the second block.
    await page.waitForLoadState('networkidle');
    const a = await settledBox(block(page, 'd0'));
    const b = (await block(page, 'd1').boundingBox())!;
    const gapY = (a.y + a.height + b.y) / 2;
    await drag(page, palette.getByRole('button', { name: /^Spacer/ }), { x: a.x + a.width / 2, y: gapY }, async () => {
      // The insertion line shows between the two blocks while hovering the gap.
      const line = (await page.getByTestId('drop-indicator').boundingBox())!;
      expect(Math.abs(line.y - gapY)).toBeLessThan(Math.max(16, (b.y - a.y - a.height) / 2 + 8));
    });
    await expect.poll(order).toEqual(['d0', 'spacer', 'd1', 'd2']);

    // The lower half of the first block: right after it.
    const first = await settledBox(block(page, 'd0'));
    await drag(page, palette.getByRole('button', { name: /^Spacer/ }), { x: first.x + first.width / 2, y: first.y + first.height * 0.8 });
    await expect.poll(order).toEqual(['d0', 'spacer', 'spacer', 'd1', 'd2']);
  });

  test('pick a theme, Save once, reload: page and theme are both saved; low contrast is flagged first', async ({ page }) => {
    const divisionId = await signIn(page);
    const themeUrl = `/omnis/v3/divisions/${divisionId}/theme/`;
    const before = (await (await page.request.get(themeUrl)).json()) as { name: string; properties: Record<string, unknown> };
    const created = await createPage(page, divisionId, `/theme-${unique()}/`, [{ uid: 'h0', type: 'textBlock', properties: { text: '<p>Hello</p>' } }]);
    try {
      await openBuilder(page, created.id);
      await expect(block(page, 'h0')).toBeVisible();
      await page.getByRole('complementary', { name: 'Blocks' }).getByRole('button', { name: /^Spacer/ }).click();
      const inspector = page.getByRole('complementary', { name: 'Settings' });
      await inspector.getByRole('tab', { name: 'Theme' }).click();
      const pick = before.name === 'clay' ? 'nordic' : 'clay';
      const card = inspector.locator(`[data-theme-name="${pick}"]`);
      await card.click();
      await expect(card).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('save-status')).toHaveText('Unsaved changes');

      // White text on the page: the theme panel says which pair fails before anything is saved.
      await inspector.getByText('Text', { exact: true }).click();
      await inspector.getByRole('textbox', { name: 'Text colour', exact: true }).fill('#ffffff');
      await expect(inspector.getByRole('status', { name: 'Low contrast' })).toContainText('Text colour on');
      await inspector.getByRole('button', { name: 'Reset changes' }).click();
      await expect(inspector.getByRole('status', { name: 'Low contrast' })).toHaveCount(0);

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByTestId('save-status')).toHaveText('Saved');
      await page.reload();
      await expect(canvas(page).locator('[data-block-type="spacer"]')).toBeVisible(FIRST_DRAW);
      const after = (await (await page.request.get(themeUrl)).json()) as { name: string };
      expect(after.name).toBe(pick);
      await page.getByRole('complementary', { name: 'Settings' }).getByRole('tab', { name: 'Theme' }).click();
      await expect(page.locator(`[data-theme-name="${pick}"]`)).toHaveAttribute('aria-pressed', 'true');
    } finally {
      const res = await page.request.put(themeUrl, { data: { name: before.name, properties: before.properties }, headers: { 'x-csrf-token': await csrf(page.request) } });
      expect(res.status(), await res.text()).toBe(200);
    }
  });

  test('type, undo with the caret in the field, type again: the undone text stays gone', async ({ page }) => {
    const divisionId = await signIn(page);
    const created = await createPage(page, divisionId, `/undo-${unique()}/`, [{ uid: 'u0', type: 'textBlock', properties: { text: '<p>Block 0</p>' } }]);
    await openBuilder(page, created.id);
    await block(page, 'u0').click();
    const field = page.getByRole('complementary', { name: 'Settings' }).getByRole('textbox', { name: 'Text', exact: true });
    await expect(field).toHaveText('Block 0');
    await field.click();
    await page.keyboard.press('End');
    await page.keyboard.type('abcde');
    await expect(block(page, 'u0')).toContainText('Block 0abcde');
    await page.keyboard.press(`${mod}+z`);
    await expect(block(page, 'u0')).not.toContainText('abcde');
    await expect(field).toHaveText('Block 0');
    await page.keyboard.type('f');
    await expect(block(page, 'u0')).toContainText('Block 0f');
    await expect(block(page, 'u0')).not.toContainText('abcde');
    await expect(field).toHaveText('Block 0f');
  });

  test('restore an older revision from the page history, and schedule a block to unpublish', async ({ page }) => {
    const divisionId = await signIn(page);
    const created = await createPage(page, divisionId, `/history-${unique()}/`, [{ uid: 'h0', type: 'textBlock', properties: { text: '<p>First words</p>' } }]);
    await openBuilder(page, created.id);
    await block(page, 'h0').click();
    const field = page.getByRole('complementary', { name: 'Settings' }).getByRole('textbox', { name: 'Text', exact: true });
    await field.click();
    await page.keyboard.press(`${mod}+a`);
    await page.keyboard.type('Second words');
    await page.keyboard.press(`${mod}+s`);
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Page history' }).click();
    const history = page.getByRole('dialog', { name: 'Page history' });
    const versions = history.getByRole('list', { name: 'Saved versions' });
    await expect(versions.getByRole('button')).toHaveCount(2);
    await expect(versions.getByRole('button').first()).toContainText('Version 2');
    await expect(versions.getByRole('button').first()).toContainText('1 changed');
    // The previous version is chosen and drawn beside the page now.
    await expect(versions.getByRole('button', { name: /Version 1/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(history.getByRole('figure', { name: 'Version 1' })).toContainText('First words');
    await expect(history.getByRole('figure', { name: 'Now' })).toContainText('Second words');
    await history.getByRole('button', { name: 'Restore version 1' }).click();
    await expect(history).toBeHidden();
    await expect(block(page, 'h0')).toContainText('First words');
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    const saved = await (await page.request.get(`/omnis/v3/divisions/${divisionId}/pages/${created.id}/`)).json();
    expect(saved.version).toBe(3);
    expect(saved.blocks[0].properties.text).toContain('First words');

    // A block scheduled to go offline in an hour: listed, and cancellable.
    await block(page, 'h0').click();
    const settings = page.getByRole('complementary', { name: 'Settings' });
    await settings.getByText('Schedule', { exact: true }).click();
    await settings.getByLabel('Action').selectOption('unpublish');
    await settings.getByRole('button', { name: 'Schedule block' }).click();
    const pending = settings.getByRole('list', { name: 'Schedules of this block' });
    await expect(pending).toContainText('Unpublishes on');
    await pending.getByRole('button', { name: /^Cancel/ }).click();
    await expect(settings.getByText('Nothing scheduled for this block.')).toBeVisible();
  });
});

test('phone: the pages list works and the builder says it needs a wider screen', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone layout only');
  const divisionId = await signIn(page);
  const created = await createPage(page, divisionId, `/phone-${unique()}/`, [{ uid: 'p0', type: 'textBlock', properties: { text: '<p>Hi</p>' } }]);
  await page.goto('/dashboard/pages/');
  await expect(page.getByRole('list', { name: 'Store pages' })).toBeVisible();
  await expect(page.getByText("Can't be deleted")).toBeVisible();
  await page.goto(`/dashboard/pages/${created.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Editing needs a wider screen' })).toBeVisible(FIRST_DRAW);
  await page.getByRole('link', { name: 'Back to pages' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pages\/$/);
});
