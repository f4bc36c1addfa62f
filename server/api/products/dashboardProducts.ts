import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, badRequest } from '../../http/errors';
import { requireInternal, requireStoreAccess } from '../../auth/guards';
import { uploadSlug, uploadUrl } from '../media/uploads';
import { ARTWORK_TYPES, MAX_ARTWORK_BYTES, artworkMessages, checkArtwork } from '../../products/artwork';
import { baseProductChoice, createMessages, createProduct, type NewProduct } from '../../products/createProduct';
import { exportCsv, importCsv, productTable, setEnabled, type TableQuery } from '../../products/productTable';
import { PRINT_AREAS } from '../../products/mockups';
import { priceBreakdown } from '../stats/costModel';
import { APPROVAL_STATUSES, PRODUCT_TABLE_SORTS, PRODUCTS_PER_PAGE, type Artwork } from '../../../src/core/dashboardProducts';
import { ID } from '../../http/routeSchemas';
import { readUploadedFile } from '../../http/uploadedFile';

/**
 * The owner's products (/dashboard/products/), all under /omnis/v3/dashboard/products/ with `?store={divisionId}`:
 *
 * GET  ?store&page&perPage&sort&dir&search&status&approval   one page of the table (sorted, searched, filtered in SQL)
 * POST bulk/?store          { ids, enabled }                  enable or disable many (a denied product stays off)
 * GET  export.csv?store                                       every product as CSV
 * POST import/?store        { csv }                           apply an edited export; a report row per failing line
 * GET  base/?store&sku                                        the base product (§7 fetch-base-product) with its colours, sizes, print areas
 * GET  quote/?store&sku&price&salePrice&prints                the price breakdown with the profit per sale
 * POST artwork/?store       multipart file (PNG, JPEG, SVG)   checked artwork, stored as an upload of the store
 * POST ?store               the new product                   product with a mockup per colour and print area
 * POST {id}/approval/       { status, reason }                staff only: approve or deny (§3 approvalStatus, denialReason)
 *
 * Store access (owner, editor with the products permission, or staff) is checked first on every route.
 */
export const PRODUCTS_PERMISSION = 'products';
const API = '/omnis/v3/dashboard/products';
const STORE_QUERY = { type: 'object', required: ['store'], properties: { store: ID } } as const;
const MONEY = { type: 'integer', minimum: 0, maximum: 100000000 } as const;

/** Validation errors answer 400, after the store guard has had its say for a signed-out caller. */
function guardStore(request: FastifyRequest, store: number | undefined) {
  if (request.validationError) {
    if (!request.auth) requireStoreAccess(request, 0);
    throw badRequest(request.validationError as never);
  }
  return requireStoreAccess(request, store!, PRODUCTS_PERMISSION);
}

export function dashboardProductRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Querystring: TableQuery & { store: number } }>(
    `${API}/`,
    {
      attachValidation: true,
      schema: {
        querystring: {
          type: 'object',
          required: ['store'],
          properties: {
            store: ID,
            page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
            perPage: { type: 'integer', minimum: 1, maximum: 100, default: PRODUCTS_PER_PAGE },
            sort: { type: 'string', enum: [...PRODUCT_TABLE_SORTS], default: 'created' },
            dir: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
            search: { type: 'string', maxLength: 100, default: '' },
            status: { type: 'string', enum: ['enabled', 'disabled'] },
            approval: { type: 'string', enum: [...APPROVAL_STATUSES] },
          },
        },
      },
    },
    async (request) => {
      guardStore(request, request.query.store);
      const q = request.query;
      return productTable(ctx.db, q.store, { ...q, search: q.search.trim(), status: q.status ?? null, approval: q.approval ?? null });
    },
  );

  app.post<{ Querystring: { store: number }; Body: { ids: number[]; enabled: boolean } }>(
    `${API}/bulk/`,
    {
      attachValidation: true,
      schema: {
        querystring: STORE_QUERY,
        body: { type: 'object', required: ['ids', 'enabled'], properties: { ids: { type: 'array', minItems: 1, maxItems: 500, items: ID }, enabled: { type: 'boolean' } } },
      },
    },
    async (request) => {
      guardStore(request, request.query.store);
      return { changed: await setEnabled(ctx.db, request.query.store, request.body.ids, request.body.enabled) };
    },
  );

  app.get<{ Querystring: { store: number } }>(`${API}/export.csv`, { attachValidation: true, schema: { querystring: STORE_QUERY } }, async (request, reply) => {
    guardStore(request, request.query.store);
    const csv = await exportCsv(ctx.db, request.query.store);
    return reply
      .headers({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="products.csv"', 'cache-control': 'no-store' })
      .send(csv);
  });

  app.post<{ Querystring: { store: number }; Body: { csv: string } }>(
    `${API}/import/`,
    {
      attachValidation: true,
      schema: { querystring: STORE_QUERY, body: { type: 'object', required: ['csv'], properties: { csv: { type: 'string', minLength: 1, maxLength: 5_000_000 } } } },
    },
    async (request) => {
      guardStore(request, request.query.store);
      return importCsv(ctx.db, request.query.store, request.body.csv);
    },
  );

  app.get<{ Querystring: { store: number; sku: string } }>(
    `${API}/base/`,
    { attachValidation: true, schema: { querystring: { type: 'object', required: ['store', 'sku'], properties: { store: ID, sku: { type: 'string', minLength: 1, maxLength: 100 } } } } },
    async (request) => {
      guardStore(request, request.query.store);
      const base = await baseProductChoice(ctx.db, request.query.store, request.query.sku.trim());
      if (!base) throw new ApiError(404, createMessages.baseNotFound);
      const { id: _id, vatRate: _vat, ...choice } = base;
      return { base: choice };
    },
  );

  app.get<{ Querystring: { store: number; sku: string; price: number; salePrice?: number; prints: number } }>(
    `${API}/quote/`,
    {
      attachValidation: true,
      schema: {
        querystring: {
          type: 'object',
          required: ['store', 'sku', 'price'],
          properties: { store: ID, sku: { type: 'string', minLength: 1, maxLength: 100 }, price: MONEY, salePrice: MONEY, prints: { type: 'integer', minimum: 1, maximum: 4, default: 1 } },
        },
      },
    },
    async (request) => {
      guardStore(request, request.query.store);
      const q = request.query;
      const base = await baseProductChoice(ctx.db, q.store, q.sku.trim());
      if (!base) throw new ApiError(404, createMessages.baseNotFound);
      const designs = Object.fromEntries(PRINT_AREAS.slice(0, q.prints).map((a) => [a, true]));
      const salePrice = q.salePrice !== undefined && q.salePrice < q.price ? q.salePrice : null;
      return { quote: priceBreakdown({ price: q.price, salePrice, vatRate: base.vatRate, type: base.type, designs }) };
    },
  );

  app.post<{ Querystring: { store: number } }>(`${API}/artwork/`, { attachValidation: true, schema: { querystring: STORE_QUERY }, config: { body: 'multipart' } }, async (request, reply) => {
    const user = guardStore(request, request.query.store);
    const file = await readUploadedFile(request, { maxBytes: MAX_ARTWORK_BYTES, missing: artworkMessages.missing, tooLarge: artworkMessages.tooLarge });
    const { bytes } = file;
    const check = await checkArtwork(file.mimetype, bytes);
    if (!check.ok) throw new ApiError(422, check.message, { '/file': [check.message] });
    const filename = (file.filename || 'artwork').slice(0, 200);
    const { rows } = await ctx.db.query<{ id: number; slug: string; ext: string }>(
      `insert into media_uploads (division_id, user_id, filename, slug, ext, content_type, size, sha256, bytes)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id, slug, ext`,
      [request.query.store, user.id, filename, uploadSlug(filename), ARTWORK_TYPES[check.type], check.type, bytes.length, createHash('sha256').update(bytes).digest('hex'), bytes],
    );
    const artwork: Artwork = { id: rows[0]!.id, url: uploadUrl(rows[0]!), width: check.width, height: check.height, contentType: check.type };
    return reply.status(201).send({ artwork });
  });

  const placement = { type: 'object', required: ['scale', 'offsetY'], additionalProperties: false, properties: { scale: { type: 'integer', minimum: 10, maximum: 100 }, offsetY: { type: 'integer', minimum: 0, maximum: 100 } } };
  const text = (max: number) => ({ type: 'string', maxLength: max });
  app.post<{ Querystring: { store: number }; Body: NewProduct }>(
    `${API}/`,
    {
      attachValidation: true,
      schema: {
        querystring: STORE_QUERY,
        body: {
          type: 'object',
          required: ['baseSku', 'artworkId', 'areas', 'colours', 'sizes', 'name', 'price'],
          additionalProperties: false,
          properties: {
            baseSku: { type: 'string', minLength: 1, maxLength: 100 },
            artworkId: ID,
            areas: { type: 'object', additionalProperties: false, properties: Object.fromEntries(PRINT_AREAS.map((a) => [a, placement])) },
            colours: { type: 'array', maxItems: 20, items: text(100) },
            sizes: { type: 'array', maxItems: 20, items: text(40) },
            stock: { type: 'integer', minimum: 0, maximum: 100000, default: 100 },
            name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
            description: { ...text(10000), default: '' },
            price: { ...MONEY, minimum: 1 },
            salePrice: { anyOf: [MONEY, { type: 'null' }], default: null },
            collections: { type: 'array', maxItems: 50, items: ID, default: [] },
            metaTitle: { anyOf: [text(200), { type: 'null' }], default: null },
            metaDescription: { anyOf: [text(500), { type: 'null' }], default: null },
            enabled: { type: 'boolean', default: true },
          },
        },
      },
    },
    async (request, reply) => {
      const user = guardStore(request, request.query.store);
      const b = request.body;
      const product = await createProduct(ctx.db, request.query.store, user.id, {
        ...b,
        name: b.name.trim(),
        metaTitle: b.metaTitle?.trim() || null,
        metaDescription: b.metaDescription?.trim() || null,
      });
      return reply.status(201).send({ product });
    },
  );

  app.post<{ Params: { id: number }; Body: { status: 'approved' | 'denied'; reason?: string } }>(
    `${API}/:id/approval/`,
    {
      attachValidation: true,
      schema: {
        params: { type: 'object', properties: { id: ID } },
        body: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['approved', 'denied'] }, reason: { type: 'string', maxLength: 500 } } },
      },
    },
    async (request) => {
      requireInternal(request);
      if (request.validationError) throw badRequest(request.validationError as never);
      const { status } = request.body;
      const reason = request.body.reason?.trim() ?? '';
      if (status === 'denied' && reason === '') throw new ApiError(422, approvalMessages.reason, { '/reason': [approvalMessages.reason] });
      // Denial takes the product off the store until it is approved again.
      const { rows } = await ctx.db.query<{ id: number; approval_status: string; denial_reason: string | null; enabled: boolean }>(
        `update products set approval_status = $2, denial_reason = $3, enabled = case when $2 = 'denied' then false else enabled end
         where id = $1 returning id, approval_status, denial_reason, enabled`,
        [request.params.id, status, status === 'denied' ? reason : null],
      );
      const row = rows[0];
      if (!row) throw new ApiError(404, '404 Not found');
      return { product: { id: row.id, approvalStatus: row.approval_status, denialReason: row.denial_reason, enabled: row.enabled } };
    },
  );
}

export const approvalMessages = { reason: 'Give the reason for the denial: the owner sees it' } as const;
