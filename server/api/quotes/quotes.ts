import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages, badRequest } from '../../http/errors';
import { ID, TOKEN, paramsSchema } from '../../http/routeSchemas';
import { readUploadedFile } from '../../http/uploadedFile';
import { linkOrigin } from '../../http/linkOrigin';
import { findStore } from '../../stores';
import { STORE_NOT_FOUND } from '../../catalogue/division';
import { AuthError } from '../../auth/errors';
import { authMessages } from '../../auth/messages';
import type { AuthUser } from '../../auth/types';
import { mailBrandOf } from '../../orders/mailBrand';
import { requireAllowance } from '../../auth/rateLimit';
import { UPLOAD_CSP } from '../media/uploads';
import {
  addArtwork,
  approveQuote,
  attachMockup,
  createQuote,
  listQuotes,
  loadQuoteFile,
  loadQuoteView,
  priceQuote,
  requestQuoteChanges,
  saveQuoteDraft,
} from '../../orders/quotes';
import { ADVANCED_STEPS, PACKAGING_OPTIONS, QUOTE_LIMITS, QUOTE_SIZES, quoteMessages, type QuotePricing, type QuoteRequest } from '../../../src/core/quotes';
import { BESPOKE_PROGRESS_GROUPS } from '../../../src/core/orderLifecycle';

const API = '/omnis/v3';
const HASH = /^[A-Za-z0-9_-]{16,64}$/;
const TEXT = { type: 'string', maxLength: QUOTE_LIMITS.text } as const;
const COUNT = { type: ['integer', 'null'], minimum: -1000000, maximum: 1000000 } as const;
const MONEY = { type: 'integer', minimum: 0, maximum: 100_000_000 } as const;

/** The request body of both quote forms; the handler checks what is required (§5.1 messages per field). */
export const QUOTE_REQUEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['contact', 'products'],
  properties: {
    contact: {
      type: 'object',
      additionalProperties: false,
      properties: { name: TEXT, email: TEXT, phone: { type: 'string', maxLength: 40 }, company: TEXT },
    },
    products: {
      type: 'array',
      maxItems: QUOTE_LIMITS.products,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          product: TEXT,
          colour: { type: 'string', maxLength: 60 },
          sizes: { type: 'object', additionalProperties: false, properties: Object.fromEntries(QUOTE_SIZES.map((s) => [s, COUNT])) },
          positions: { type: 'array', maxItems: 4, items: { type: 'string', maxLength: 10 } },
        },
      },
    },
    deadline: { type: ['string', 'null'], maxLength: 10 },
    country: { type: 'string', maxLength: 2 },
    notes: { type: 'string', maxLength: QUOTE_LIMITS.notes },
    packaging: { type: 'string', enum: PACKAGING_OPTIONS.map((o) => o.value) },
    deliveries: {
      type: 'array',
      maxItems: QUOTE_LIMITS.deliveries,
      items: { type: 'object', additionalProperties: false, properties: { label: { type: 'string', maxLength: 80 }, country: { type: 'string', maxLength: 2 }, quantity: COUNT } },
    },
    requestTerms: { type: 'boolean' },
  },
} as const;

const SAVE_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['request'],
  properties: { request: QUOTE_REQUEST_SCHEMA, step: { type: 'integer', minimum: 0, maximum: ADVANCED_STEPS.length - 1 }, submit: { type: 'boolean' } },
} as const;

const PRICING_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['lines', 'shipping', 'vatRate'],
  properties: {
    lines: {
      type: 'array',
      maxItems: QUOTE_LIMITS.products,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['breaks'],
        properties: {
          breaks: { type: 'array', maxItems: QUOTE_LIMITS.breaks, items: { type: 'object', additionalProperties: false, required: ['minQuantity', 'unitPrice'], properties: { minQuantity: MONEY, unitPrice: MONEY } } },
          printCost: MONEY,
        },
      },
    },
    shipping: MONEY,
    vatRate: { type: 'number', minimum: 0, maximum: 100 },
  },
} as const;

const HASH_PARAMS = paramsSchema({ hash: TOKEN });
const FILE_PARAMS = paramsSchema({ hash: TOKEN, fileId: ID });
const ID_PARAMS = paramsSchema({ id: ID });
const STAFF_FILE_PARAMS = paramsSchema({ id: ID, fileId: ID });

const LIST_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { group: { type: 'string', enum: ['open', 'approved', 'production', 'done', 'all'] }, page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 } },
} as const;

/** Inbox tabs: quotes to price and send, approved ones waiting for payment, the floor's part, and finished ones. */
const LIST_GROUPS: Record<string, readonly string[] | null> = {
  open: ['quote', 'bespoke_idle', 'bespoke_requested_terms', 'bespoke_authorised_terms', 'bespoke_mockup'],
  approved: ['bespoke_approved'],
  production: BESPOKE_PROGRESS_GROUPS.slice(3, 8).flat(),
  done: ['bespoke_shipped', 'bespoke_refunded', 'cancelled'],
  all: null,
};
export const QUOTES_PER_PAGE = 50;

/** What one address may send within an hour: new quotes and artwork files (plenty for an office, not for a script). */
export const QUOTE_ALLOWANCE = { windowSeconds: 3600, quotesPerIp: 20, filesPerIp: 60 } as const;
export const tooManyQuotes = (seconds: number) => `Too many requests from this address. Please try again in ${Math.ceil(seconds / 60)} minutes.`;

/** §6/§8: atlas is for staff; anyone else, signed in or not, gets 403 "Permission denied". */
function staffOf(request: FastifyRequest): AuthUser {
  const user = request.auth;
  if (!user?.internal) throw new AuthError(403, authMessages.permissionDenied);
  return user;
}

const noStore = (reply: FastifyReply) => {
  void reply.header('cache-control', 'no-store');
  void reply.header('x-robots-tag', 'noindex');
};

/**
 * Bespoke orders. The customer's side is reached by the quote's unguessable hash (as receipts are): create
 * (/get-a-quote/, or the first save of /advanced-quote/), save and submit a draft, upload artwork, read the
 * proposal and its files, approve or ask for changes; paying is /pay/{order}/ (orders.ts). Staff's side is under
 * atlas: the inbox, a quote, pricing and the mock-up; status moves use the floor's status route.
 */
export function quoteRoutes(app: FastifyInstance, ctx: AppContext, env: NodeJS.ProcessEnv = process.env) {
  const storeOf = async (request: FastifyRequest) => {
    const store = await findStore(ctx.db, { host: request.hostname });
    if (!store?.enabled) throw new ApiError(404, STORE_NOT_FOUND);
    return store;
  };
  const hashOf = (raw: string) => {
    if (!HASH.test(raw)) throw new ApiError(404, quoteMessages.notFound);
    return raw;
  };
  const allowance = (request: FastifyRequest, reply: FastifyReply, kind: 'quotes' | 'files') =>
    requireAllowance(
      ctx.db,
      reply,
      { key: `${kind}:ip:${request.ip}`, limit: kind === 'quotes' ? QUOTE_ALLOWANCE.quotesPerIp : QUOTE_ALLOWANCE.filesPerIp, windowSeconds: QUOTE_ALLOWANCE.windowSeconds },
      tooManyQuotes,
    );
  const brandFor = (origin: string) => (divisionId: number) => mailBrandOf(ctx, divisionId, origin).catch(() => null);
  const customerFiles = (hash: string) => `${API}/quotes/${hash}`;
  const staffFiles = (_hash: string, id: number) => `${API}/atlas/quotes/${id}`;
  const customerView = async (hash: string) => {
    const view = await loadQuoteView(ctx.db, { hash }, customerFiles);
    if (!view) throw new ApiError(404, quoteMessages.notFound);
    const { id: _id, divisionId: _division, requestTerms: _terms, pricing: _pricing, ...rest } = view;
    return rest;
  };
  const sendFile = async (reply: FastifyReply, file: Awaited<ReturnType<typeof loadQuoteFile>>) => {
    if (!file) throw new ApiError(404, apiMessages.notFound);
    noStore(reply);
    reply.headers({
      'content-type': file.content_type,
      'x-content-type-options': 'nosniff',
      'content-security-policy': UPLOAD_CSP,
      'content-disposition': `inline; filename="${file.filename.replace(/[^\w.-]+/g, '_')}"`,
    });
    return reply.send(Buffer.from(file.bytes));
  };

  // ——— the customer ———

  app.post<{ Body: { request: QuoteRequest; step?: number; submit?: boolean; kind?: 'simple' | 'advanced' } }>(
    `${API}/quotes/`,
    { schema: { body: { ...SAVE_BODY, properties: { ...SAVE_BODY.properties, kind: { type: 'string', enum: ['simple', 'advanced'] } } } } },
    async (request, reply) => {
      const store = await storeOf(request);
      await allowance(request, reply, 'quotes');
      const origin = await linkOrigin(ctx.db, request, env);
      const kind = request.body.kind ?? 'simple';
      // The short form is sent whole; an advanced quote starts as a draft unless sent in one go.
      const submit = kind === 'simple' ? true : request.body.submit === true;
      const { hash, id } = await createQuote(ctx.db, {
        divisionId: store.id,
        kind,
        request: request.body.request,
        step: request.body.step ?? 0,
        submit,
        userId: request.auth?.id ?? null,
        origin,
        brand: await brandFor(origin)(store.id),
      });
      noStore(reply);
      return reply.status(201).send({ hash, number: id, message: submit ? quoteMessages.received : null });
    },
  );

  app.get<{ Params: { hash: string } }>(`${API}/quotes/:hash/`, { schema: { params: HASH_PARAMS }, config: { notFound: quoteMessages.notFound } }, async (request, reply) => {
    const view = await customerView(hashOf(request.params.hash));
    noStore(reply);
    return view;
  });

  app.put<{ Params: { hash: string }; Body: { request: QuoteRequest; step?: number; submit?: boolean } }>(
    `${API}/quotes/:hash/`,
    { schema: { params: HASH_PARAMS, body: SAVE_BODY }, config: { notFound: quoteMessages.notFound } },
    async (request, reply) => {
      const hash = hashOf(request.params.hash);
      const origin = await linkOrigin(ctx.db, request, env);
      await saveQuoteDraft(ctx.db, { hash, request: request.body.request, step: request.body.step ?? 0, submit: request.body.submit === true, origin, brand: brandFor(origin) });
      noStore(reply);
      return { ...(await customerView(hash)), message: request.body.submit ? quoteMessages.received : null };
    },
  );

  app.post<{ Params: { hash: string }; Querystring: { position?: string } }>(
    `${API}/quotes/:hash/artwork/`,
    {
      schema: { params: HASH_PARAMS, querystring: { type: 'object', additionalProperties: false, properties: { position: { type: 'string', enum: ['front', 'back', 'left', 'right'] } } } },
      config: { body: 'multipart', notFound: quoteMessages.notFound },
    },
    async (request, reply) => {
      const hash = hashOf(request.params.hash);
      await allowance(request, reply, 'files');
      const file = await readUploadedFile(request, { maxBytes: QUOTE_LIMITS.artworkBytes, missing: quoteMessages.artworkMissing, tooLarge: quoteMessages.artworkTooLarge });
      await addArtwork(ctx.db, hash, request.query.position ?? null, file);
      noStore(reply);
      return reply.status(201).send(await customerView(hash));
    },
  );

  app.get<{ Params: { hash: string; fileId: number } }>(`${API}/quotes/:hash/files/:fileId/`, { schema: { params: FILE_PARAMS } }, async (request, reply) => {
    const view = await loadQuoteView(ctx.db, { hash: hashOf(request.params.hash) }, customerFiles);
    if (!view) throw new ApiError(404, quoteMessages.notFound);
    return sendFile(reply, await loadQuoteFile(ctx.db, view.id, request.params.fileId));
  });

  app.post<{ Params: { hash: string } }>(`${API}/quotes/:hash/approve/`, { schema: { params: HASH_PARAMS }, config: { body: 'none', notFound: quoteMessages.notFound } }, async (request, reply) => {
    const hash = hashOf(request.params.hash);
    await approveQuote(ctx.db, hash);
    noStore(reply);
    return { ...(await customerView(hash)), message: quoteMessages.approved };
  });

  app.post<{ Params: { hash: string }; Body: { comment: string } }>(
    `${API}/quotes/:hash/changes/`,
    { schema: { params: HASH_PARAMS, body: { type: 'object', additionalProperties: false, required: ['comment'], properties: { comment: { type: 'string', maxLength: QUOTE_LIMITS.notes } } } }, config: { notFound: quoteMessages.notFound } },
    async (request, reply) => {
      const hash = hashOf(request.params.hash);
      await requestQuoteChanges(ctx.db, hash, request.body.comment);
      noStore(reply);
      return { ...(await customerView(hash)), message: quoteMessages.changesRequested };
    },
  );

  // ——— staff (atlas) ———

  app.get<{ Querystring: { group?: string; page: number } }>(`${API}/atlas/quotes/`, { schema: { querystring: LIST_QUERY }, attachValidation: true }, async (request) => {
    staffOf(request);
    if (request.validationError) throw badRequest(request.validationError as { validation?: [] });
    const group = request.query.group ?? 'open';
    const page = request.query.page ?? 1;
    const { data, total } = await listQuotes(ctx.db, LIST_GROUPS[group] ?? null, page, QUOTES_PER_PAGE);
    return { data, meta: { total, page, perPage: QUOTES_PER_PAGE, group } };
  });

  app.get<{ Params: { id: number } }>(`${API}/atlas/quotes/:id/`, { schema: { params: ID_PARAMS } }, async (request) => {
    staffOf(request);
    const view = await loadQuoteView(ctx.db, { id: request.params.id }, staffFiles);
    if (!view) throw new ApiError(404, apiMessages.notFound);
    return view;
  });

  app.put<{ Params: { id: number }; Body: QuotePricing }>(`${API}/atlas/quotes/:id/price/`, { schema: { params: ID_PARAMS, body: PRICING_BODY }, attachValidation: true }, async (request) => {
    const staff = staffOf(request);
    if (request.validationError?.validationContext === 'params') throw new ApiError(404, apiMessages.notFound);
    if (request.validationError) throw badRequest(request.validationError as { validation?: [] });
    await priceQuote(ctx.db, request.params.id, request.body, staff.id);
    return loadQuoteView(ctx.db, { id: request.params.id }, staffFiles);
  });

  app.post<{ Params: { id: number } }>(`${API}/atlas/quotes/:id/mockup/`, { schema: { params: ID_PARAMS }, config: { body: 'multipart' } }, async (request, reply) => {
    const staff = staffOf(request);
    const { rows } = await ctx.db.query('select 1 from quotes where order_id = $1', [request.params.id]);
    if (rows.length === 0) throw new ApiError(404, apiMessages.notFound);
    const file = await readUploadedFile(request, { maxBytes: QUOTE_LIMITS.artworkBytes, missing: quoteMessages.artworkMissing, tooLarge: quoteMessages.artworkTooLarge });
    const origin = await linkOrigin(ctx.db, request, env);
    await attachMockup(ctx.db, request.params.id, file, staff.id, origin, brandFor(origin));
    return reply.status(201).send(await loadQuoteView(ctx.db, { id: request.params.id }, staffFiles));
  });

  app.get<{ Params: { id: number; fileId: number } }>(`${API}/atlas/quotes/:id/files/:fileId/`, { schema: { params: STAFF_FILE_PARAMS } }, async (request, reply) => {
    staffOf(request);
    return sendFile(reply, await loadQuoteFile(ctx.db, request.params.id, request.params.fileId));
  });
}
