import type { AppContext } from '../context';
import { buildHeadData, renderHeadHtml, type HeadProduct } from '../../src/core/head';
import { walkBlocks } from '../../src/core/blocks/tree';
import { normalisePath } from '../../src/core/routes';
import type { ProductSort } from '../../src/core/catalogue';
import type { BlockData, PageDocument } from '../../src/core/storeData';
import { listPages } from '../pages/repository';
import { findStore, type Store } from '../stores';
import { listProducts } from '../catalogue/products';
import { collectionIdByUrlName } from '../catalogue/collections';

const NOT_FOUND_URL = '/404/';

/**
 * The SPA's index.html with the head data of the store page at `path` written in (§2.2), so crawlers that
 * run no JavaScript still get title, description, canonical, Open Graph and JSON-LD.
 */
export async function renderPageHtml(ctx: AppContext, indexHtml: string, opts: { host: string; origin: string; path: string }): Promise<string> {
  const store = await findStore(ctx.db, { host: opts.host });
  if (!store) return indexHtml;
  const pages = (await listPages(ctx.db, store.id)).filter((p) => p.published);
  const wanted = normalisePath(opts.path);
  const page = pages.find((p) => normalisePath(p.url) === wanted);
  const shown = page ?? pages.find((p) => p.url === NOT_FOUND_URL);
  if (!shown) return indexHtml;
  const head = buildHeadData({
    origin: opts.origin,
    companyName: store.company.name,
    page: {
      url: shown.url,
      title: shown.properties.title,
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
  return indexHtml.replace(/<title>[\s\S]*?<\/title>/, renderHeadHtml(head));
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
  return data.map((product) => ({ name: product.name, url: `/product/${product.urlName}/`, image: product.image?.src }));
}
