import type { AppContext } from '../context';
import type { Store } from '../stores';
import type { PageDoc } from './repository';
import type { BlockData } from '../../src/core/storeData';
import type { ProductSort } from '../../src/core/catalogue';
import { blockMessages } from '../../src/core/blocks/messages';
import { listProducts } from '../catalogue/products';
import { collectionIdByUrlName, listCollections } from '../catalogue/collections';
import { paginateBlog } from '../catalogue/blog';

/**
 * §3 itemFactory: a container whose children come from a data source. The storefront asks for pages with their
 * factories expanded; the builder reads them unexpanded, so the owner edits the factory, not a snapshot of it.
 */
export const FACTORY_SOURCES = ['products', 'collections', 'blog'] as const;
type FactorySource = (typeof FACTORY_SOURCES)[number];
type Factory = { source?: string; limit?: number; params?: Record<string, unknown> };
type Seed = { type: 'pod' | 'card'; properties: Record<string, unknown> };

const DEFAULT_LIMIT = 4;

async function seedsOf(ctx: AppContext, store: Store, source: FactorySource, limit: number, params: Record<string, unknown>): Promise<Seed[]> {
  if (source === 'products') {
    const collection = typeof params.collection === 'string' && params.collection ? await collectionIdByUrlName(ctx.db, store.id, params.collection) : null;
    const sort = (typeof params.sortBy === 'string' ? params.sortBy : 'bestsellerOrder') as ProductSort;
    const { data } = await listProducts(ctx.db, { id: store.id, companyName: store.company.name, domains: [] }, { collectionId: collection, sort, removeDuplicates: true, page: 1, perPage: limit });
    return data.map((p) => ({
      type: 'pod',
      properties: {
        title: p.name,
        ...(p.image ? { image: { src: p.image.src, alt: p.image.alt || p.name } } : {}),
        price: p.price,
        ...(p.salePrice !== null && p.salePrice < p.price ? { salePrice: p.salePrice } : {}),
        buttonText: 'View',
        href: `/product/${p.urlName}/`,
      },
    }));
  }
  if (source === 'collections') {
    return (await listCollections(ctx.db, store.id)).slice(0, limit).map((c) => ({
      type: 'card',
      properties: { title: c.name, copy: c.description, href: `/collection/${c.urlName}/`, ...(c.banner ? { image: { src: c.banner.src, alt: c.banner.alt || c.name } } : {}) },
    }));
  }
  const { data } = await paginateBlog(ctx.db, { divisionIds: [store.id], page: 1, perPage: limit, tag: typeof params.tag === 'string' ? params.tag : null, lite: true });
  return data.map((post) => ({
    type: 'card',
    properties: { title: post.title, copy: post.excerpt, href: `/blog/${post.url}/`, ...(post.metaImage ? { image: { src: post.metaImage.src, alt: post.metaImage.alt || post.title } } : {}) },
  }));
}

/** A copy of the page whose factory containers hold the items their source makes (complete, with schema defaults). */
export async function expandFactories(ctx: AppContext, store: Store, page: PageDoc, log: (message: string) => void): Promise<PageDoc> {
  const expand = async (blocks: BlockData[]): Promise<BlockData[]> =>
    Promise.all(
      blocks.map(async (block) => {
        const factory = block.properties.itemFactory as Factory | undefined;
        const items = block.items.length > 0 ? await expand(block.items) : block.items;
        if (!factory) return items === block.items ? block : { ...block, items };
        if (!factory.source) {
          log(`${blockMessages.factoryNoSource} (block ${block.uid})`);
          return { ...block, items };
        }
        if (!(FACTORY_SOURCES as readonly string[]).includes(factory.source)) {
          log(`Unknown factory source "${factory.source}" (block ${block.uid})`);
          return { ...block, items };
        }
        const seeds = await seedsOf(ctx, store, factory.source as FactorySource, Math.min(factory.limit ?? DEFAULT_LIMIT, 100), factory.params ?? {});
        const made = seeds.map((seed, i) => ({ uid: `${block.uid}~${i}`, type: seed.type, properties: seed.properties }) as unknown as BlockData);
        // Fill defaults exactly as a stored block gets them; anything the schemas refuse is left out.
        const valid = made.filter((child) => ctx.registry.validateBlocks([child]).length === 0);
        valid.forEach((child, i) => (child.order = i));
        return { ...block, items: valid };
      }),
    );
  return { ...page, blocks: await expand(page.blocks) };
}
