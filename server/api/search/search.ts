import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { findStore } from '../../stores';
import { requireDivision, STORE_NOT_FOUND } from '../../catalogue/division';
import { productsByIds } from '../../catalogue/products';
import { listPages, toPageRoute } from '../../pages/repository';
import { findSearchRedirect, rankBySearch, type SearchRedirect, type SearchResults } from '../../../src/core/search';
import type { ProductSummary } from '../../../src/core/catalogue';

/** Results per kind; the weighting decides which. */
export const SEARCH_LIMITS = { products: 48, collections: 12, pages: 12 } as const;

/**
 * GET /omnis/v3/search/?q=&division= — the §9 weighting (src/core/search.ts) over the store's enabled products
 * (name, tags, description), collections (name, description) and searchable pages (title as name, description).
 * Without `division`, the store of the request's host. Also answers the §5.2 redirect the term matches, if any.
 */
export function searchRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Querystring: { q: string; division?: string } }>(
    '/omnis/v3/search/',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { q: { type: 'string', maxLength: 200, default: '' }, division: { type: 'string', maxLength: 20 } },
        },
      },
    },
    async (request): Promise<SearchResults<ProductSummary>> => {
      const { q, division } = request.query;
      const store = division ? await findStore(ctx.db, { division }) : await findStore(ctx.db, { host: request.hostname });
      if (!store?.enabled) throw new ApiError(404, STORE_NOT_FOUND);
      if (division) await requireDivision(ctx.db, store.id);
      const redirects = (store.subdomain.settings.searchRedirects as SearchRedirect[] | undefined) ?? [];
      const redirect = findSearchRedirect(q, Array.isArray(redirects) ? redirects : []);
      if (!q.trim()) return { query: q, products: [], collections: [], pages: [], redirect };

      const [products, collections, pages] = await Promise.all([
        ctx.db.query<{ id: number; name: string; description: string; tags: string[] }>(
          'select id, name, description, tags from products where division_id = $1 and enabled and studio_design is null order by bestseller_rank, id',
          [store.id],
        ),
        ctx.db.query<{ name: string; url_name: string; description: string }>('select name, url_name, description from collections where division_id = $1 order by position, id', [
          store.id,
        ]),
        listPages(ctx.db, store.id),
      ]);

      const rankedProducts = rankBySearch(products.rows, q, (p) => ({ name: p.name, tags: p.tags, description: p.description })).slice(0, SEARCH_LIMITS.products);
      const weightOf = new Map(rankedProducts.map((r) => [r.item.id, r.weight]));
      const summaries = await productsByIds(ctx.db, rankedProducts.map((r) => r.item.id), store.id);

      const searchablePages = pages
        .map(toPageRoute)
        .filter((p) => p.published && p.isSearchable && p.loginState === 'everyone' && p.url !== '/404/');

      return {
        query: q,
        products: summaries.map((p) => ({ ...p, weight: weightOf.get(p.id) ?? 0 })),
        collections: rankBySearch(collections.rows, q, (c) => ({ name: c.name, description: c.description }))
          .slice(0, SEARCH_LIMITS.collections)
          .map(({ item, weight }) => ({ name: item.name, urlName: item.url_name, description: item.description, weight })),
        pages: rankBySearch(searchablePages, q, (p) => ({ name: p.title, description: p.description }))
          .slice(0, SEARCH_LIMITS.pages)
          .map(({ item, weight }) => ({ title: item.title, url: item.url, description: item.description, weight })),
        redirect,
      };
    },
  );
}
