import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, badRequest } from '../../http/errors';
import { findStore } from '../../stores';
import { requireDivision, STORE_NOT_FOUND } from '../../catalogue/division';
import { listProducts, productDetail, productIdBySku, productsByIds } from '../../catalogue/products';
import { collectionIdByUrlName, listCollections } from '../../catalogue/collections';
import { paginateBlog } from '../../catalogue/blog';
import { socialPosts } from '../../catalogue/social';
import { creatorProfile } from '../../catalogue/creators';
import type { ProductSort } from '../../../src/core/catalogue';
import { ID } from '../../http/routeSchemas';

export const catalogueMessages = {
  collectionNotFound: 'Collection not found',
  productNotFound: 'Product not found',
  creatorNotFound: 'Creator not found',
  skuNotFound: 'No product with this SKU in this store',
} as const;

/** §7 product list limit ceiling; the blocks ask for at most 96. */
export const MAX_PRODUCTS_PER_PAGE = 100;
/** §9 photo feed default. */
export const SOCIAL_DEFAULT_LIMIT = 20;

// Query flags arrive as text; "1"/"0" are as common as "true"/"false".
const FLAG = { type: 'string', enum: ['true', 'false', '1', '0'] } as const;
const isOn = (flag: string | undefined) => flag === 'true' || flag === '1';
const PAGE = { type: 'integer', minimum: 1, maximum: 100000, default: 1 } as const;
const DIVISION_PARAMS = { type: 'object', properties: { divisionId: { type: 'string', maxLength: 20 } } } as const;

interface ProductListQuery {
  limit: number;
  page: number;
  collection: string;
  sort: ProductSort;
  removeDuplicates: string;
}

/** Read-only catalogue calls of the storefront (§7): products, collections, blog posts and the photo feed. */
export function catalogueRoutes(app: FastifyInstance, ctx: AppContext) {
  // The sort keys blocks offer (blockParts productSort) are exactly the ones the API accepts.
  const sorts = (ctx.registry.schema('entities/blockParts') as { $defs: { productSort: { enum: ProductSort[] } } }).$defs.productSort.enum;
  app.get<{ Params: { divisionId: string }; Querystring: ProductListQuery }>(
    '/omnis/v3/division/:divisionId/products/',
    {
      schema: {
        params: DIVISION_PARAMS,
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: MAX_PRODUCTS_PER_PAGE, default: 24 },
            page: PAGE,
            collection: { type: 'string', maxLength: 200, pattern: '^[a-z0-9-]*$', default: '' },
            sort: { type: 'string', enum: sorts, default: 'bestsellerOrder' },
            removeDuplicates: { ...FLAG, default: 'true' },
          },
        },
      },
    },
    async (request) => {
      const division = await requireDivision(ctx.db, request.params.divisionId);
      const q = request.query;
      let collectionId: number | null = null;
      if (q.collection) {
        collectionId = await collectionIdByUrlName(ctx.db, division.id, q.collection);
        if (collectionId === null) throw new ApiError(404, catalogueMessages.collectionNotFound);
      }
      return listProducts(ctx.db, division, { collectionId, sort: q.sort, removeDuplicates: isOn(q.removeDuplicates), page: q.page, perPage: q.limit });
    },
  );

  app.get<{ Params: { divisionId: string; urlName: string } }>(
    '/omnis/v3/division/:divisionId/products/:urlName/',
    { schema: { params: { type: 'object', properties: { divisionId: { type: 'string', maxLength: 20 }, urlName: { type: 'string', maxLength: 300 } } } } },
    async (request) => {
      const division = await requireDivision(ctx.db, request.params.divisionId);
      const key = request.params.urlName;
      const product = /^[A-Za-z0-9-]{1,200}$/.test(key) ? await productDetail(ctx.db, division, key) : null;
      if (!product) throw new ApiError(404, catalogueMessages.productNotFound);
      return product;
    },
  );

  // §2.2 /creator/{urlName}/: the profile and products of one of the store's creators.
  app.get<{ Params: { divisionId: string; urlName: string } }>(
    '/omnis/v3/division/:divisionId/creators/:urlName/',
    { schema: { params: { type: 'object', properties: { divisionId: { type: 'string', maxLength: 20 }, urlName: { type: 'string', maxLength: 200 } } } } },
    async (request) => {
      const division = await requireDivision(ctx.db, request.params.divisionId);
      const key = request.params.urlName;
      const creator = /^[a-z0-9-]{1,200}$/.test(key) ? await creatorProfile(ctx.db, division.id, key) : null;
      if (!creator) throw new ApiError(404, catalogueMessages.creatorNotFound);
      return creator;
    },
  );

  app.get<{ Params: { divisionId: string } }>('/omnis/v3/collections/get/:divisionId/', { schema: { params: DIVISION_PARAMS } }, async (request) => {
    const division = await requireDivision(ctx.db, request.params.divisionId);
    return { data: await listCollections(ctx.db, division.id) };
  });

  app.post<{ Body: { product_ids: number[]; division?: number } }>(
    '/omnis/v3/products/fetch/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['product_ids'],
          properties: {
            product_ids: { type: 'array', maxItems: MAX_PRODUCTS_PER_PAGE, items: ID },
            division: ID,
          },
        },
      },
    },
    async (request) => {
      const divisionId = request.body.division === undefined ? null : (await requireDivision(ctx.db, request.body.division)).id;
      return { products: await productsByIds(ctx.db, request.body.product_ids, divisionId) };
    },
  );

  // §7 fetch-base-product: the product (or the product of the variant) with this sku in the requesting store —
  // `division` when given, else the store of the request's host (as blog/paginate). Bad queries answer 400.
  app.get<{ Querystring: { sku: string; division?: number } }>(
    '/omnis/v3/products/fetch-base-product/',
    {
      attachValidation: true,
      schema: {
        querystring: {
          type: 'object',
          required: ['sku'],
          properties: {
            sku: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
            division: ID,
          },
        },
      },
    },
    async (request) => {
      if (request.validationError) throw badRequest(request.validationError);
      const q = request.query;
      let divisionId: number;
      if (q.division !== undefined) divisionId = (await requireDivision(ctx.db, q.division)).id;
      else {
        const store = await findStore(ctx.db, { host: request.hostname });
        if (!store?.enabled) throw new ApiError(404, STORE_NOT_FOUND);
        divisionId = store.id;
      }
      const id = await productIdBySku(ctx.db, divisionId, q.sku.trim());
      const product = id === null ? undefined : (await productsByIds(ctx.db, [id], divisionId))[0];
      if (!product) throw new ApiError(404, catalogueMessages.skuNotFound);
      return { product };
    },
  );

  app.get<{ Querystring: { paginate: number; page: number; divisions?: string; lite?: string; tag?: string } }>(
    '/omnis/v3/blog/paginate/',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            paginate: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
            page: PAGE,
            divisions: { type: 'string', maxLength: 200, pattern: '^[0-9]{1,9}(,[0-9]{1,9}){0,19}$' },
            lite: FLAG,
            tag: { type: 'string', maxLength: 80 },
          },
        },
      },
    },
    async (request) => {
      const q = request.query;
      let divisionIds: number[];
      if (q.divisions) {
        const { rows } = await ctx.db.query<{ id: number }>('select id from divisions where id = any($1::int[]) and enabled', [q.divisions.split(',').map(Number)]);
        divisionIds = rows.map((r) => r.id);
      } else {
        // Without divisions, the store the request's host belongs to (as getStoreCoreData does).
        const store = await findStore(ctx.db, { host: request.hostname });
        divisionIds = store?.enabled ? [store.id] : [];
      }
      if (divisionIds.length === 0) throw new ApiError(404, STORE_NOT_FOUND);
      return paginateBlog(ctx.db, { divisionIds, page: q.page, perPage: q.paginate, tag: q.tag || null, lite: isOn(q.lite) });
    },
  );

  app.get<{ Params: { divisionId: string }; Querystring: { limit: number } }>(
    '/omnis/v3/divisions/:divisionId/social/instagram/posts',
    {
      schema: {
        params: DIVISION_PARAMS,
        querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 50, default: SOCIAL_DEFAULT_LIMIT } } },
      },
    },
    async (request) => {
      const division = await requireDivision(ctx.db, request.params.divisionId);
      return { media: await socialPosts(ctx.db, division.id, request.query.limit) };
    },
  );
}
