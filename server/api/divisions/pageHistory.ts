import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, badRequest } from '../../http/errors';
import { requireStoreAccess } from '../../auth/guards';
import { audit } from '../../auth/audit';
import { ID, paramsSchema } from '../../http/routeSchemas';
import { getRevision, listRevisions } from '../../pages/revisions';
import { addSchedule, cancelSchedule, listSchedules, startScheduledPublishing, type ScheduleAction } from '../../pages/schedules';
import { storeIsProFor, updatePage } from '../../pages/writes';
import { PAGES_PERMISSION } from './permissions';
import { PAGE_PARAMS, pageMessages, storePage } from './pages';

export const revisionMessages = {
  notFound: 'This version of the page is no longer kept.',
} as const;

const API = '/omnis/v3/divisions/:divisionId/pages/:pageId';
const REVISION_PARAMS = paramsSchema({ divisionId: ID, pageId: ID, version: ID });
const SCHEDULE_PARAMS = paramsSchema({ divisionId: ID, pageId: ID, scheduleId: ID });
const RESTORE_BODY = { type: 'object', required: ['version'], additionalProperties: false, properties: { version: ID } } as const;
const SCHEDULE_BODY = {
  type: 'object',
  required: ['action', 'runAt'],
  additionalProperties: false,
  properties: {
    action: { type: 'string', enum: ['publish', 'unpublish'] },
    runAt: { type: 'string', format: 'date-time' },
    blockUid: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
  },
} as const;

type PageParams = { divisionId: number; pageId: number };

/**
 * For writes with a body schema (validation attached, not thrown): who may write is decided first, so a stranger
 * gets 401/403 and learns nothing from the body's 422; a path that names nothing is 404.
 */
function writerOf(request: FastifyRequest, divisionId: number, notFound: string) {
  const error = request.validationError;
  if (error?.validationContext === 'params') {
    if (!request.auth) requireStoreAccess(request, 0);
    throw new ApiError(404, notFound);
  }
  const user = requireStoreAccess(request, divisionId, PAGES_PERMISSION);
  if (error) throw badRequest(error as { validation?: [] });
  return user;
}

/** Revisions (view, compare, restore) and scheduled publishing of a store's page, for its editors. */
export function pageHistoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const page = { schema: { params: PAGE_PARAMS }, config: { notFound: pageMessages.notFound } };

  app.get<{ Params: PageParams }>(`${API}/revisions/`, page, async (request) => {
    const { divisionId, pageId } = request.params;
    requireStoreAccess(request, divisionId);
    await storePage(ctx.db, divisionId, pageId);
    return { data: await listRevisions(ctx.db, pageId) };
  });

  app.get<{ Params: PageParams & { version: number } }>(`${API}/revisions/:version/`, { schema: { params: REVISION_PARAMS }, config: { notFound: revisionMessages.notFound } }, async (request) => {
    const { divisionId, pageId, version } = request.params;
    requireStoreAccess(request, divisionId);
    await storePage(ctx.db, divisionId, pageId);
    const revision = await getRevision(ctx.db, pageId, version);
    if (!revision) throw new ApiError(404, revisionMessages.notFound);
    return revision;
  });

  // Restoring is a save of the old version over the one the owner has open (optimistic concurrency as any save),
  // so it is itself a revision and can be undone by restoring again.
  app.post<{ Params: PageParams & { version: number }; Body: { version: number } }>(
    `${API}/revisions/:version/restore/`,
    { schema: { params: REVISION_PARAMS, body: RESTORE_BODY }, attachValidation: true, config: { notFound: revisionMessages.notFound } },
    async (request) => {
      const { divisionId, pageId, version } = request.params;
      const user = writerOf(request, divisionId, revisionMessages.notFound);
      const current = await storePage(ctx.db, divisionId, pageId);
      const revision = await getRevision(ctx.db, pageId, version);
      if (!revision) throw new ApiError(404, revisionMessages.notFound);
      const pro = await storeIsProFor(ctx.db, divisionId);
      return ctx.db.transaction(async (tx) => {
        const restored = await updatePage(tx, ctx.registry, current, pro, { ...revision.document, version: request.body.version }, { userId: user.id });
        await audit(tx, { actorUserId: user.id, action: 'page_restored', subjectType: 'page', subjectId: pageId, data: { from: version, version: restored.version }, ip: request.ip });
        return restored;
      });
    },
  );

  app.get<{ Params: PageParams }>(`${API}/schedules/`, page, async (request) => {
    const { divisionId, pageId } = request.params;
    requireStoreAccess(request, divisionId);
    await storePage(ctx.db, divisionId, pageId);
    return { data: await listSchedules(ctx.db, pageId) };
  });

  app.post<{ Params: PageParams; Body: { action: ScheduleAction; runAt: string; blockUid?: string | null } }>(
    `${API}/schedules/`,
    { schema: { params: PAGE_PARAMS, body: SCHEDULE_BODY }, attachValidation: true, config: { notFound: pageMessages.notFound } },
    async (request, reply) => {
      const { divisionId, pageId } = request.params;
      const user = writerOf(request, divisionId, pageMessages.notFound);
      const target = await storePage(ctx.db, divisionId, pageId);
      const { action, runAt, blockUid } = request.body;
      const schedule = await addSchedule(ctx.db, target, { action, runAt: new Date(runAt), blockUid }, user.id);
      return reply.status(201).send(schedule);
    },
  );

  app.delete<{ Params: PageParams & { scheduleId: number } }>(
    `${API}/schedules/:scheduleId/`,
    { schema: { params: SCHEDULE_PARAMS }, config: { body: 'none', notFound: pageMessages.notFound } },
    async (request) => {
      const { divisionId, pageId, scheduleId } = request.params;
      requireStoreAccess(request, divisionId, PAGES_PERMISSION);
      await storePage(ctx.db, divisionId, pageId);
      await cancelSchedule(ctx.db, pageId, scheduleId);
      return { message: 'Schedule cancelled' };
    },
  );

  // Due schedules run in every process that serves (onListen: never under inject() in tests, which call
  // runDueSchedules directly); each schedule runs once whichever process claims it.
  let stop: (() => Promise<void>) | null = null;
  app.addHook('onListen', async () => {
    stop ??= startScheduledPublishing(ctx.db, ctx.registry, { onError: (error) => app.log.error({ err: error }, 'scheduled publishing failed; it is retried') });
  });
  app.addHook('onClose', async () => {
    await stop?.();
    stop = null;
  });
}
