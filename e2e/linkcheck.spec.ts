import { expect, test, type Page } from '@playwright/test';
import { DEMO_SHOPPER, signInAs } from './helpers/session';

/**
 * Every link leads somewhere: starting from every page the store lists, follow every same-site link (in the
 * content, header, footer and menus) and fail on any that ends on the not-found screen. Run anonymously and as
 * the signed-in demo shopper.
 */
const NOT_FOUND_HEADING = 'We couldn’t find that page';
const MAX_PAGES = 160;

const skip = (path: string) => /^\/(omnis|media)\//.test(path) || /\.[a-z0-9]+$/i.test(path);

/**
 * A page is drawn once its main region is there (the server draws it, or the app once it has started) and
 * nothing in it is still loading: route changes and data-loading blocks mark themselves aria-busy.
 */
async function settle(page: Page) {
  await page.locator('main#content').waitFor();
  await expect(page.locator('main[aria-busy="true"], main [aria-busy="true"]')).toHaveCount(0);
}

async function crawl(page: Page): Promise<string[]> {
  // Links are the subject here: pictures and fonts are left out, so each page settles sooner.
  await page.route(/\/(media|fonts)\/|\.(woff2?|avif|webp|jpe?g|png)(\?|$)/, (route) => route.abort());
  const origin = new URL(page.url()).origin;
  const { pages } = (await (await page.request.get('/omnis/v3/frontend/getStoreCoreData/json/')).json()) as { pages: { url: string }[] };
  const queue: { path: string; from: string }[] = [{ path: '/', from: '(start)' }, ...pages.filter((p) => p.url !== '/404/').map((p) => ({ path: p.url, from: '(store pages)' }))];
  const seen = new Set(queue.map((q) => q.path));
  const dead: string[] = [];
  let visited = 0;
  while (queue.length > 0 && visited < MAX_PAGES) {
    const { path, from } = queue.shift()!;
    visited += 1;
    await page.goto(path);
    await settle(page);
    const landed = new URL(page.url()).pathname;
    if (landed === '/404/' || (await page.getByRole('heading', { name: NOT_FOUND_HEADING }).count()) > 0) {
      dead.push(`${path} (linked from ${from})`);
      continue;
    }
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin || skip(url.pathname) || seen.has(url.pathname)) continue;
      seen.add(url.pathname);
      queue.push({ path: url.pathname + url.search, from: path });
    }
  }
  expect(visited, 'the crawl reached beyond the store pages').toBeGreaterThan(pages.length);
  return dead;
}

test('anonymous: no link of any seeded page ends on the not-found screen', async ({ page }) => {
  test.setTimeout(900_000);
  test.skip(test.info().project.name === 'phone', 'the same links as desktop; crawled once');
  await page.goto('/');
  expect(await crawl(page)).toEqual([]);
});

// The signed-in crawl runs at phone width (the anonymous one at desktop width): each crawl once, and the two
// side-by-side e2e runs share the time.
test('signed-in shopper: no link of any seeded page ends on the not-found screen', async ({ page }) => {
  test.setTimeout(900_000);
  test.skip(test.info().project.name !== 'phone', 'crawled once, at phone width');
  await signInAs(page, DEMO_SHOPPER);
  expect(await crawl(page)).toEqual([]);
});
