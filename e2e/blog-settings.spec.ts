import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_OWNER, signInAs } from './helpers/session';

/**
 * The dashboard's blog tools: a one-time "got it" tip, and a post's settings (title, tags, author, date, meta
 * image) edited in an overlay with the server's §5.1 messages under their fields, saved with a snackbar, and
 * carried to the post's page and the tag list.
 */

const csrf = async (request: APIRequestContext) => (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

async function createPost(page: Page, title: string): Promise<void> {
  const { user } = (await (await page.request.get('/omnis/v3/dashboard/secure/get/')).json()) as { user: { stores: { divisionId: number; role: string }[] } };
  const divisionId = user.stores.find((s) => s.role === 'owner')!.divisionId;
  const res = await page.request.post(`/omnis/v3/divisions/${divisionId}/blog/posts/`, { data: { title, author: 'Ines Fern', tags: 'drafts' }, headers: { 'x-csrf-token': await csrf(page.request) } });
  expect(res.status(), await res.text()).toBe(201);
}

test('a blog post\'s settings: tip once, field errors in the spec\'s words, saved to the post and its tag list', async ({ page }) => {
  await signInAs(page, DEMO_OWNER);
  const unique = `${Date.now().toString(36)}${test.info().project.name}`;
  const title = `Settings ${unique}`;
  await createPost(page, title);
  await page.goto('/blog/');

  // The got-it tip: focus inside, dismissed for good.
  const tip = page.getByRole('dialog', { name: 'Posts are pages' });
  await expect(tip).toBeVisible();
  await expect(tip.getByRole('button', { name: 'Got it' })).toBeFocused();
  await tip.getByRole('button', { name: 'Got it' }).click();
  await expect(tip).toBeHidden();
  await page.reload();
  const manager = page.getByRole('region', { name: 'Manage posts' });
  await expect(manager.getByRole('link', { name: title })).toBeVisible();
  await expect(tip).toBeHidden();

  const opener = manager.getByRole('button', { name: `Settings of ${title}` });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Post settings' });
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await expect(dialog.getByLabel('Author')).toHaveValue('Ines Fern');
  await expect(dialog.getByLabel('Tags')).toHaveValue('drafts');

  // Escape closes it unchanged and focus goes back to its button.
  await dialog.getByLabel('Title').fill('Not kept');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByLabel('Title').fill('');
  await dialog.getByLabel('Tags').fill('fine, not fine!');
  await dialog.getByLabel('Date').fill('');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog.getByLabel('Title')).toHaveAccessibleDescription('This field is required');
  await expect(dialog.getByLabel('Date')).toHaveAccessibleDescription('This field is required');
  await expect(dialog.getByLabel('Tags')).toHaveAccessibleDescription(/must contain only alphanumeric characters or dashes/);

  const renamed = `Renamed ${unique}`;
  await dialog.getByLabel('Title').fill(renamed);
  await dialog.getByLabel('Author').fill('Rowan Ash');
  await dialog.getByLabel('Tags').fill(`Studio, s-${unique}`);
  await dialog.getByLabel('Date').fill('2026-03-04T09:30');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Post settings saved' })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = manager.getByRole('row').filter({ has: page.getByRole('link', { name: renamed }) });
  await expect(row).toContainText('Rowan Ash');
  await expect(row).toContainText('4 Mar 2026');

  await page.goto(`/blog/tagged/s-${unique}/`);
  await expect(page.locator('.blog-card__title')).toHaveText([renamed]);
  await page.locator('.blog-card__title a').click();
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(page.getByText('Rowan Ash')).toBeVisible();
});

test('creating a post holds the screen behind the loading overlay until the builder opens', async ({ page }) => {
  await signInAs(page, DEMO_OWNER);
  await page.goto('/blog/');
  await page.getByRole('dialog', { name: 'Posts are pages' }).getByRole('button', { name: 'Got it' }).click();
  // The server answers slowly, so the overlay can be looked at.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/blog/posts/', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await held;
    await route.continue();
  });
  const manager = page.getByRole('region', { name: 'Manage posts' });
  await manager.getByRole('button', { name: 'New post' }).click();
  await manager.getByLabel('Title').fill(`Loading ${Date.now().toString(36)} ${test.info().project.name}`);
  await manager.getByLabel('Author').fill('Ines Fern');
  await manager.getByRole('button', { name: 'Create and open in the builder' }).click();
  const loading = page.getByRole('dialog', { name: 'Creating your post' });
  await expect(loading).toBeVisible();
  await expect(loading).toBeFocused();
  await expect(loading.getByRole('button')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(loading).toBeFocused();
  release();
  // The builder's code is the largest chunk: on a busy machine it can take a while to arrive.
  await expect(page).toHaveURL(/\/dashboard\/pages\/\d+\/edit/, { timeout: 30_000 });
  await expect(loading).toBeHidden();
});
