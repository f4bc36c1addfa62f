import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { ApiError } from '../../http/errors';
import { getPage, listPages, toPageRoute, type PageDoc } from '../../pages/repository';
import { createPage, deletePage, pageWriteMessages, storeIsProFor, updatePage } from '../../pages/writes';
import { canAccessStore, canViewPage } from '../../auth/roles';
import { requireStoreAccess } from '../../auth/guards';
import { audit } from '../../auth/audit';
import { findStore } from '../../stores';
import { expandFactories } from '../../pages/factories';
import { setupAfterPageSave } from '../../setup/storeSetup';
import type { PageSaveSetup } from '../../../src/core/setupSteps';
import { linkOrigin } from '../../http/linkOrigin';
import { mailBrandOf } from '../../orders/mailBrand';
import { renderCampaignEmail } from '../../pages/campaignEmail';
import { DIVISION_PARAMS, ID, paramsSchema, type BodyKind } from '../../http/routeSchemas';

export const pageMessages = {
  notFound: 'Page not found',
  otherStore: "Oops... Looks like you're trying to access a page from another store",
  noStore: pageWriteMessages.noStore,
  notMail: 'Only mail pages can be sent as an e-mail',
} as const;

import { PAGES_PERMISSION } from './permissions';

export { PAGES_PERMISSION };

type Params = { divisionId: number; pageId: number };
export const PAGE_PARAMS = paramsSchema({ divisionId: ID, pageId: ID });
/** A saved page holds every block's settings and text: a 1,000-block page is a few hundred KB of JSON. */
export const PAGE_BODY_LIMIT = 8 * 1024 * 1024;

const pageRoute = (params: typeof DIVISION_PARAMS | typeof PAGE_PARAMS, body?: BodyKind) => ({
  schema: { params },
  ...(body ? { bodyLimit: PAGE_BODY_LIMIT } : {}),
  config: { notFound: pageMessages.notFound, ...(body ? { body } : {}) },
});
type Body = Record<string, unknown>;

const pageLoginState = (properties: Record<string, unknown>) => (typeof properties.loginState === 'string' ? properties.loginState : undefined);

const isEditorOf = (request: FastifyRequest, divisionId: number) => request.auth !== null && canAccessStore(request.auth, divisionId);

/** §7 pages API: list, read, create, update (with optimistic concurrency) and delete a store's pages. */
export function pageRoutes(app: FastifyInstance, ctx: AppContext) {
  const pageOf = (divisionId: number, pageId: number) => storePage(ctx.db, divisionId, pageId);

  const list = async (request: FastifyRequest<{ Params: Pick<Params, 'divisionId'>; Querystring: { 'page-type'?: string } }>) => {
    const { divisionId } = request.params;
    requireStoreAccess(request, divisionId);
    const type = request.query['page-type'];
    const pages = (await listPages(ctx.db, divisionId)).filter((p) =>
      type === 'MailPage' ? p.properties.isMailPage === true : type === 'StorePage' ? p.properties.isStorePage !== false && p.properties.isMailPage !== true : true,
    );
    return { data: pages.map((p) => ({ ...toPageRoute(p), version: p.version, edited: p.edited })) };
  };
  app.get('/omnis/v3/divisions/:divisionId/pages', pageRoute(DIVISION_PARAMS), list);
  app.get('/omnis/v3/divisions/:divisionId/pages/', pageRoute(DIVISION_PARAMS), list);

  app.get<{ Params: Params; Querystring: { expand?: string } }>('/omnis/v3/divisions/:divisionId/pages/:pageId/', pageRoute(PAGE_PARAMS), async (request) => {
    const { divisionId, pageId } = request.params;
    const page = await getPage(ctx.db, pageId);
    // The store's own editors read any of its pages (the builder); everyone else by §6: unpublished pages for
    // internal users only, loginState logged-in needs a session, dashboard-access verified + EULA — others are
    // told the page does not exist.
    const visible = page && (isEditorOf(request, page.divisionId) || canViewPage({ published: page.published, loginState: pageLoginState(page.properties) }, request.auth));
    if (!page || !visible) throw new ApiError(404, pageMessages.notFound);
    if (page.divisionId !== divisionId) throw new ApiError(403, pageMessages.otherStore);
    // Blocks are stored complete (validated with defaults on every write), so the renderer needs no schema code.
    // The storefront asks for factory containers filled (?expand=factories); the builder edits the factories.
    if (request.query.expand === 'factories') {
      const store = await findStore(ctx.db, { division: String(divisionId) });
      if (store) return expandFactories(ctx, store, page, (message) => request.log.warn(message));
    }
    return page;
  });

  app.post<{ Params: Pick<Params, 'divisionId'>; Body: Body }>('/omnis/v3/divisions/:divisionId/pages/', pageRoute(DIVISION_PARAMS, 'entity'), async (request, reply) => {
    const { divisionId } = request.params;
    const user = requireStoreAccess(request, divisionId, PAGES_PERMISSION);
    const body = bodyObject(request.body);
    const pro = await storeIsProFor(ctx.db, divisionId);
    const page = await ctx.db.transaction(async (tx) => {
      const created = await createPage(tx, ctx.registry, divisionId, pro, body, { userId: user.id });
      await audit(tx, { actorUserId: user.id, action: 'page_created', subjectType: 'page', subjectId: created.id, data: { url: created.url }, ip: request.ip });
      return withSetup(created, await setupAfterPageSave(tx, created));
    });
    return reply.status(201).send(page);
  });

  app.patch<{ Params: Params; Body: Body }>('/omnis/v3/divisions/:divisionId/pages/:pageId/', pageRoute(PAGE_PARAMS, 'entity'), async (request) => {
    const { divisionId, pageId } = request.params;
    const user = requireStoreAccess(request, divisionId, PAGES_PERMISSION);
    const body = bodyObject(request.body);
    const current = await pageOf(divisionId, pageId);
    const pro = await storeIsProFor(ctx.db, divisionId);
    return ctx.db.transaction(async (tx) => {
      const updated = await updatePage(tx, ctx.registry, current, pro, body, { userId: user.id });
      await audit(tx, { actorUserId: user.id, action: 'page_updated', subjectType: 'page', subjectId: pageId, data: { version: updated.version }, ip: request.ip });
      // Saving the store's homepage completes its set-up step, in this transaction (§4 Page save).
      return withSetup(updated, await setupAfterPageSave(tx, updated));
    });
  });

  app.delete<{ Params: Params }>('/omnis/v3/divisions/:divisionId/pages/:pageId/', pageRoute(PAGE_PARAMS, 'none'), async (request) => {
    const { divisionId, pageId } = request.params;
    const user = requireStoreAccess(request, divisionId, PAGES_PERMISSION);
    const current = await pageOf(divisionId, pageId);
    await ctx.db.transaction(async (tx) => {
      await deletePage(tx, current);
      await audit(tx, { actorUserId: user.id, action: 'page_deleted', subjectType: 'page', subjectId: pageId, data: { url: current.url }, ip: request.ip });
    });
    return { message: 'Page deleted' };
  });

  // §2.2 /teemail/{page}: a mail page as the e-mail the store sends (subject, HTML and plain text), with links from
  // the store's link origin (PUBLIC_URL or its own domain, never another host's header).
  app.get<{ Params: Params }>('/omnis/v3/divisions/:divisionId/pages/:pageId/email/', pageRoute(PAGE_PARAMS), async (request, reply) => {
    const { divisionId, pageId } = request.params;
    requireStoreAccess(request, divisionId);
    const page = await pageOf(divisionId, pageId);
    if (page.properties.isMailPage !== true && page.layout !== 'mail') throw new ApiError(422, pageMessages.notMail);
    const origin = await linkOrigin(ctx.db, request);
    const brand = await mailBrandOf(ctx, divisionId, origin);
    reply.header('cache-control', 'private, no-store');
    return renderCampaignEmail(page, brand, origin);
  });
}

/** The page of this store, or 404 / 403 (§8: another store's page). */
export async function storePage(db: Queryable, divisionId: number, pageId: number): Promise<PageDoc> {
  const page = await getPage(db, pageId);
  if (!page) throw new ApiError(404, pageMessages.notFound);
  if (page.divisionId !== divisionId) throw new ApiError(403, pageMessages.otherStore);
  return page;
}

/** A homepage save answers the page plus the store's set-up progress (`setup`); other saves answer the page alone. */
const withSetup = (page: PageDoc, setup: PageSaveSetup | null): PageDoc | (PageDoc & { setup: PageSaveSetup }) => (setup ? { ...page, setup } : page);

function bodyObject(body: unknown): Body {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(422, 'Page failed validation', { '/': ['must be object'] });
  return body as Body;
}
