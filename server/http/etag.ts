import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * ETag and 304 for the API reads a storefront repeats: a browser that already holds the answer revalidates and gets
 * an empty 304 instead of the JSON again. The tag is a hash of the answer itself, so it is right for whoever asked.
 * Catalogue reads are the same for every visitor (public; a shared cache may keep them). The store's core data and
 * a page read depend on the visitor's session (pages they may see, an editor's unpublished pages): private, and
 * Vary: Cookie. Personal reads (basket, account, orders) get none.
 */
export const PUBLIC_READS = new Set([
  '/omnis/v3/division/:divisionId/products/',
  '/omnis/v3/division/:divisionId/products/:urlName/',
  '/omnis/v3/collections/get/:divisionId/',
  '/omnis/v3/products/fetch-base-product/',
  '/omnis/v3/blog/paginate/',
]);
export const VISITOR_READS = new Set(['/omnis/v3/frontend/getStoreCoreData/json/', '/omnis/v3/frontend/:division/getStoreCoreData/json/', '/omnis/v3/divisions/:divisionId/pages/:pageId/']);

/** Registered before compression, so the tag is of the JSON, the same whichever encoding travels. */
export function installEtags(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    const route = request.routeOptions.url ?? '';
    const visitor = VISITOR_READS.has(route);
    if (!visitor && !PUBLIC_READS.has(route)) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag);
    // Revalidated on every use: the data changes whenever an owner edits the store.
    reply.header('cache-control', visitor ? 'private, no-cache' : 'public, no-cache');
    if (visitor) reply.header('vary', 'Cookie');
    const sent = request.headers['if-none-match'];
    if (sent && sent.split(',').some((tag) => tag.trim() === etag || tag.trim() === etag.slice(2))) {
      reply.code(304);
      reply.removeHeader('content-type');
      return '';
    }
    return payload;
  });
}
