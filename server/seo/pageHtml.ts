import type { AppContext } from '../context';
import { resolveStoreTheme } from '../themes';
import { buildHeadData, buildScreenHeadData, collectionScreen, notFoundScreen, productScreen, renderHeadHtml, type HeadData, type HeadProduct } from '../../src/core/head';
import { walkBlocks } from '../../src/core/blocks/tree';
import { normalisePath } from '../../src/core/routes';
import { statusOfAddress } from '../../src/core/appRoutes';
import { isPluginCode } from '../../src/core/plugins';
import { COLLECTION_PAGE_SIZE, productHref, type ProductSort } from '../../src/core/catalogue';
import { DEFAULT_CURRENCY } from '../../src/core/currency';
import type { BlockData, PageDocument, StoreTheme } from '../../src/core/storeData';
import { getPage, listPageSummaries, type PageSummary } from '../pages/repository';
import { HELP_URL, helpAddressOf, helpCentreOf, type HelpAddress } from '../../src/core/help';
import { fallbackFaceCss } from '../../src/core/theme/fontFallbackFaces';
import { verificationMeta } from '../../src/core/storeSettings';
import { findStore, type Store } from '../stores';
import { listProducts, productDetail } from '../catalogue/products';
import { collectionIdByUrlName, listCollections } from '../catalogue/collections';

const NOT_FOUND_URL = '/404/';

/** The first response of a storefront address: the SPA's index.html with the head written in, and its status. */
export interface PageHtml {
  html: string;
  status: 200 | 404;
}

interface PageAddress {
  host: string;
  origin: string;
  path: string;
}

/** /product/{product}/{colour?} and /collection/{collection}/ (§2.2), matched as the SPA's router does. */
const PRODUCT_PATH = /^\/product\/([^/]+)(?:\/([^/]+))?\/?$/;
const COLLECTION_PATH = /^\/collection\/([^/]+)\/?$/;
/** Product and collection keys the §7 calls accept. */
const KEY = /^[A-Za-z0-9-]{1,200}$/;

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/**
 * The SPA's index.html with the head data of the store page at `path` written in (§2.2), so crawlers that
 * run no JavaScript still get title, description, canonical, Open Graph and JSON-LD; plus the store theme's CSS
 * variables and @font-face rules (renderThemeHead), so the first paint is already in its colours.
 * Product and collection pages get the head their screens apply (the same pure builders), and 404 when the
 * product or collection does not exist.
 */
export async function renderPageHtml(ctx: AppContext, indexHtml: string, opts: PageAddress): Promise<string> {
  return (await renderPage(ctx, indexHtml, opts)).html;
}

/** renderPageHtml with the response status: 404 for an unknown address, product or collection (statusOfAddress), else 200. */
export async function renderPage(ctx: AppContext, indexHtml: string, opts: PageAddress): Promise<PageHtml> {
  const store = await findStore(ctx.db, { host: opts.host });
  if (!store) return { html: indexHtml, status: 200 };
  // First paint already in the theme's colours and fonts: no flash of unthemed content before the SPA starts.
  const themeHead = [renderThemeHead(await resolveStoreTheme(ctx, store)), ...verificationTags(store)].join('\n    ');
  // A function replacement: "$&" or "$'" in a title must stay literal text.
  const withHead = (head: HeadData) => indexHtml.replace(/<title>[\s\S]*?<\/title>/, () => `${renderHeadHtml(head)}\n    ${themeHead}`);

  const screen = await catalogueScreen(ctx, store, opts.origin, opts.path.split(/[?#]/)[0] ?? '/');
  if (screen) return { html: withHead(buildScreenHeadData(opts.origin, store.company.name, screen.head)), status: screen.status };

  const pages = (await listPageSummaries(ctx.db, store.id)).filter((p) => p.published);
  const wanted = normalisePath(opts.path);
  const help = await helpScreen(ctx, pages, opts.path);
  const page = help ? help.page : pages.find((p) => normalisePath(p.url) === wanted);
  const found = page ?? pages.find((p) => p.url === NOT_FOUND_URL);
  // Only the page shown is read with its blocks (its FAQ and product grids go into the head).
  const shown = help ? help.page : found && (await getPage(ctx.db, found.id));
  const status = help === undefined || (await missingEntity(ctx, store.id, opts.path)) ? 404 : statusOfAddress(opts.path, page !== undefined);
  if (!shown) return { html: indexHtml.replace(/<\/title>/, () => `</title>\n    ${themeHead}`), status };
  const head = buildHeadData({
    origin: opts.origin,
    companyName: store.company.name,
    page: {
      // A help screen is the help page under its own address and title.
      url: help ? wanted : shown.url,
      title: help ? help.address.title : shown.properties.title,
      description: shown.properties.description,
      ogImage: shown.properties.ogImage,
      loginState: shown.properties.loginState,
      sitemap: shown.sitemap,
      published: shown.published,
      blocks: shown.blocks,
    },
    isHome: shown.flags.homepage === true,
    isNotFound: !page || shown.url === NOT_FOUND_URL,
    products: await productsOfGrids(ctx, store, shown),
  });
  return { html: withHead(head), status };
}

/**
 * The store's site-verification meta tags (Tracking settings: Google, Pinterest, Facebook), written again from
 * their attributes with escaping: the owner's snippet passed the §5.1 rule, but its text never reaches the page.
 */
export function verificationTags(store: Pick<Store, 'subdomain'>): string[] {
  const tracking = (store.subdomain.settings.tracking ?? {}) as Record<string, unknown>;
  return ['googleVerification', 'pinterestVerification', 'facebookVerification'].flatMap((key) => {
    const snippet = tracking[key];
    const meta = typeof snippet === 'string' ? verificationMeta(snippet) : null;
    if (!meta) return [];
    const attr = meta.name !== undefined ? `name="${escapeAttr(meta.name)}"` : `property="${escapeAttr(meta.property ?? '')}"`;
    return [`<meta ${attr} content="${escapeAttr(meta.content)}">`];
  });
}

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The head of a product or collection address, from the same data the §7 calls give the SPA; null for other paths. */
async function catalogueScreen(ctx: AppContext, store: Store, origin: string, path: string) {
  const division = { id: store.id, companyName: store.company.name, domains: [] };
  const product = PRODUCT_PATH.exec(path);
  if (product) {
    const key = decode(product[1]!);
    const colour = product[2] === undefined ? null : decode(product[2]);
    const valid = key !== null && KEY.test(key) && (product[2] === undefined || colour !== null);
    const found = valid ? await productDetail(ctx.db, division, key) : null;
    if (!found) return { head: notFoundScreen('product', path), status: 404 as const };
    return { head: productScreen(origin, found, { colour, currency: DEFAULT_CURRENCY, today: new Date() }), status: 200 as const };
  }
  const collection = COLLECTION_PATH.exec(path);
  if (collection) {
    const urlName = decode(collection[1]!);
    const found = urlName ? (await listCollections(ctx.db, store.id)).find((c) => c.urlName === urlName) : undefined;
    if (!found) return { head: notFoundScreen('collection', path), status: 404 as const };
    // The collection page's first page, in its default order (best sellers first).
    const { data } = await listProducts(ctx.db, division, { collectionId: found.id, sort: 'bestsellerOrder', removeDuplicates: true, page: 1, perPage: COLLECTION_PAGE_SIZE });
    return { head: collectionScreen(origin, found, data), status: 200 as const };
  }
  return null;
}

/**
 * A help address (§2.2 /help/…): the store's help page with what the address shows, undefined when it names a
 * question or group the centre lacks (404), null when the address is not a help address or the store has no help page.
 */
async function helpScreen(ctx: AppContext, pages: readonly PageSummary[], address: string): Promise<{ page: PageDocument; address: HelpAddress } | null | undefined> {
  const path = address.split(/[?#]/)[0] ?? '/';
  if (!normalisePath(path).startsWith(HELP_URL)) return null;
  const summary = pages.find((p) => normalisePath(p.url) === HELP_URL);
  const page = summary && (await getPage(ctx.db, summary.id));
  if (!page) return null;
  const found = helpAddressOf(path, helpCentreOf(page.blocks), String(page.properties.title ?? 'Help centre'));
  return found ? { page, address: found } : undefined;
}

const CREATOR_PATH = /^\/creator\/([^/]+)\/?$/i;
const PLUGIN_PATH = /^\/plugins\/([^/]+)\/?$/i;

/** An app route whose subject does not exist (an unknown creator or store feature): the screen sends the shopper to /404/. */
async function missingEntity(ctx: AppContext, divisionId: number, address: string): Promise<boolean> {
  const path = address.split(/[?#]/)[0] ?? '/';
  const creator = CREATOR_PATH.exec(path);
  if (creator) {
    const urlName = decode(creator[1]!);
    return !urlName || !/^[a-z0-9-]{1,200}$/.test(urlName) || (await ctx.db.query('select 1 from creators where division_id = $1 and url_name = $2', [divisionId, urlName])).rows.length === 0;
  }
  const plugin = PLUGIN_PATH.exec(path);
  if (plugin) return !isPluginCode(decode(plugin[1]!) ?? '');
  return false;
}

/** Custom property names and values allowed into the inline <style>: values come from store data. */
const CSS_NAME = /^--[a-z0-9][a-z0-9-]*$/i;
const CSS_VALUE = /^[a-z0-9 #%(),.\-"/:_+?=&@]*$/i;

/**
 * A value that cannot leave its declaration or the <style> element: strict charset (no `<`, `>`, `;`, `{`, `}`,
 * `\`, `'`, `!`, newlines), balanced double quotes and no comment opener. Anything else is left out of the first
 * paint; the SPA's applyTheme still sets it through the CSSOM, which needs no escaping.
 */
export const isSafeCssValue = (value: string): boolean =>
  CSS_VALUE.test(value) && !value.includes('/*') && (value.match(/"/g)?.length ?? 0) % 2 === 0 && value.length <= 2000;

/**
 * The resolved theme as a first-paint head tag: its CSS custom properties on :root (the same ones applyTheme sets).
 * Marked data-store-theme, not data-head: it belongs to the store, not to the page, so the app's head updates on
 * navigation (applyHead) leave it, and applyTheme relies on it instead of setting every property again.
 * Its web fonts are not declared here: the app loads them and adds them together (src/app/fonts.ts), so the page's
 * text is laid out again once rather than once per face, and nothing holds the first paint for a font.
 */
export function renderThemeHead(theme: StoreTheme): string {
  const declarations = Object.entries(theme.variables)
    .filter(([name, value]) => CSS_NAME.test(name) && typeof value === 'string' && isSafeCssValue(value))
    .map(([name, value]) => `${name}:${value}`);
  // The stand-ins the font stacks name, scaled to each web font, so text does not move when the web fonts arrive.
  return `<style data-store-theme>:root{${declarations.join(';')}}${fallbackFaceCss(theme.fonts)}</style>`;
}

/** The products the page's first product grid shows, as its block would list them. */
async function productsOfGrids(ctx: AppContext, store: Store, page: PageDocument): Promise<HeadProduct[]> {
  const grid = [...walkBlocks<BlockData>(page.blocks)].find((b) => b.type === 'productList');
  if (!grid) return [];
  const p = grid.properties as { collection?: string; sortBy?: ProductSort; limit?: number };
  const collectionId = p.collection ? await collectionIdByUrlName(ctx.db, store.id, p.collection) : null;
  const { data } = await listProducts(
    ctx.db,
    { id: store.id, companyName: store.company.name, domains: [] },
    { collectionId, sort: p.sortBy ?? 'bestsellerOrder', removeDuplicates: true, page: 1, perPage: Math.min(p.limit ?? 4, 100) },
  );
  return data.map((product) => ({ name: product.name, url: productHref(product.urlName), image: product.image?.src }));
}
