import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { ApiError, badRequest } from '../../http/errors';
import { requireStoreAccess } from '../../auth/guards';
import { ID, paramsSchema } from '../../http/routeSchemas';
import { collectionMessages, collectionUrlName, type CollectionDetail, type CollectionSummary } from '../../../src/core/businessAdmin';

/**
 * The owner's collections (/dashboard/collections/), under /omnis/v3/dashboard/collections/ with `?store`:
 *
 * GET   ?store                 the store's collections with their product counts
 * POST  ?store  { name, description }            a new collection (201)
 * GET   {id}/?store            one collection with its products in order
 * PATCH {id}/?store  { name, description, banner, productIds }   rename, describe, picture, set the products and their order
 *
 * Owners, editors with the "collections" permission and staff.
 */
export const COLLECTIONS_PERMISSION = 'collections';
const API = '/omnis/v3/dashboard/collections';
const STORE_QUERY = { type: 'object', required: ['store'], properties: { store: ID } } as const;

function guard(request: FastifyRequest, store: number | undefined) {
  if (request.validationError) {
    if (!request.auth) requireStoreAccess(request, 0);
    throw badRequest(request.validationError as never);
  }
  return requireStoreAccess(request, store!, COLLECTIONS_PERMISSION);
}

async function detail(db: Queryable, store: number, id: number): Promise<CollectionDetail> {
  const c = (
    await db.query<{ id: number; name: string; url_name: string; description: string; banner: { src?: string; alt?: string } | null }>(
      'select id, name, url_name, description, banner from collections where id = $1 and division_id = $2',
      [id, store],
    )
  ).rows[0];
  if (!c) throw new ApiError(404, collectionMessages.notFound);
  const { rows } = await db.query<{ id: number; name: string; sku: string; image: string | null }>(
    `select p.id, p.name, p.sku,
            (select i.src from product_images i where i.product_id = p.id order by i.position, i.id limit 1) as image
     from product_collections pc join products p on p.id = pc.product_id
     where pc.collection_id = $1 order by pc.position, p.id`,
    [id],
  );
  const banner = c.banner?.src ? { src: c.banner.src, alt: c.banner.alt ?? '' } : null;
  return { id: c.id, name: c.name, urlName: c.url_name, description: c.description, banner, products: rows.length, items: rows };
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

export function collectionRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Querystring: { store: number } }>(`${API}/`, { attachValidation: true, schema: { querystring: STORE_QUERY } }, async (request) => {
    guard(request, request.query.store);
    const { rows } = await ctx.db.query<{ id: number; name: string; url_name: string; description: string; products: number }>(
      `select c.id, c.name, c.url_name, c.description, (select count(*)::int from product_collections pc where pc.collection_id = c.id) as products
       from collections c where c.division_id = $1 order by c.position, c.id`,
      [request.query.store],
    );
    const collections: CollectionSummary[] = rows.map((r) => ({ id: r.id, name: r.name, urlName: r.url_name, description: r.description, products: r.products }));
    return { collections };
  });

  const name = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
  const description = { type: 'string', maxLength: 2000 } as const;
  // An uploaded picture's path or an https address, with its alt text; null takes the banner away.
  const banner = {
    type: ['object', 'null'],
    required: ['src'],
    additionalProperties: false,
    properties: { src: { type: 'string', maxLength: 2000, pattern: '^(?:/(?!/)[^\\s]*|https://[^\\s]+)$' }, alt: { type: 'string', maxLength: 300 } },
  } as const;
  app.post<{ Querystring: { store: number }; Body: { name: string; description?: string } }>(
    `${API}/`,
    {
      attachValidation: true,
      schema: { querystring: STORE_QUERY, body: { type: 'object', required: ['name'], additionalProperties: false, properties: { name, description } } },
    },
    async (request, reply) => {
      const store = request.query.store;
      guard(request, store);
      const title = request.body.name.trim();
      try {
        const { rows } = await ctx.db.query<{ id: number }>(
          `insert into collections (division_id, name, url_name, description, position)
           values ($1, $2, $3, $4, (select coalesce(max(position), 0) + 1 from collections where division_id = $1)) returning id`,
          [store, title, collectionUrlName(title), request.body.description?.trim() ?? ''],
        );
        return reply.status(201).send({ collection: await detail(ctx.db, store, rows[0]!.id) });
      } catch (e) {
        if (isUniqueViolation(e)) throw new ApiError(422, collectionMessages.taken, { '/name': [collectionMessages.taken] });
        throw e;
      }
    },
  );

  const params = paramsSchema({ id: ID });
  app.get<{ Params: { id: number }; Querystring: { store: number } }>(`${API}/:id/`, { attachValidation: true, schema: { params, querystring: STORE_QUERY } }, async (request) => {
    guard(request, request.query.store);
    return { collection: await detail(ctx.db, request.query.store, request.params.id) };
  });

  app.patch<{ Params: { id: number }; Querystring: { store: number }; Body: { name?: string; description?: string; banner?: { src: string; alt?: string } | null; productIds?: number[] } }>(
    `${API}/:id/`,
    {
      attachValidation: true,
      schema: {
        params,
        querystring: STORE_QUERY,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: { name, description, banner, productIds: { type: 'array', maxItems: 500, uniqueItems: true, items: ID } },
        },
      },
    },
    async (request) => {
      const store = request.query.store;
      guard(request, store);
      const { id } = request.params;
      const b = request.body;
      try {
        return await ctx.db.transaction(async (tx) => {
          const title = b.name?.trim();
          const found = await tx.query(
            `update collections set name = coalesce($3, name), url_name = coalesce($4, url_name), description = coalesce($5, description),
                    banner = case when $6::boolean then $7::jsonb else banner end
             where id = $1 and division_id = $2 returning id`,
            [
              id,
              store,
              title ?? null,
              title ? collectionUrlName(title) : null,
              b.description?.trim() ?? null,
              b.banner !== undefined,
              b.banner ? JSON.stringify({ src: b.banner.src, alt: b.banner.alt?.trim() ?? '' }) : null,
            ],
          );
          if (found.rows.length === 0) throw new ApiError(404, collectionMessages.notFound);
          if (b.productIds) {
            const own = await tx.query<{ n: number }>('select count(*)::int as n from products where division_id = $1 and id = any($2::int[])', [store, b.productIds]);
            if (own.rows[0]!.n !== b.productIds.length) throw new ApiError(422, collectionMessages.foreignProduct, { '/productIds': [collectionMessages.foreignProduct] });
            await tx.query('delete from product_collections where collection_id = $1', [id]);
            if (b.productIds.length > 0)
              await tx.query(
                `insert into product_collections (product_id, collection_id, position)
                 select pid, $1, ord::int from unnest($2::int[]) with ordinality as t(pid, ord)`,
                [id, b.productIds],
              );
          }
          return { collection: await detail(tx, store, id) };
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new ApiError(422, collectionMessages.taken, { '/name': [collectionMessages.taken] });
        throw e;
      }
    },
  );
}
