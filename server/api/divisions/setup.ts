import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages } from '../../http/errors';
import { requireStoreAccess } from '../../auth/guards';
import { readStoreSetup } from '../../setup/storeSetup';

export const setupMessages = {
  noStore: 'Store not found',
} as const;

type Params = { divisionId: string };

/**
 * `GET /omnis/v3/divisions/{divisionId}/setup/` → `{ steps: [{ code, title, done, href }], next }` (the
 * store set-up checklist; steps in src/core/setupSteps.ts). Store access as for the store's other dashboard data:
 * 401 signed out, 403 for another store, staff any store.
 */
export function setupRoutes(app: FastifyInstance, ctx: AppContext) {
  const read = async (request: FastifyRequest<{ Params: Params }>) => {
    const raw = request.params.divisionId;
    const divisionId = Number(raw);
    if (!/^\d{1,9}$/.test(raw) || divisionId <= 0) throw new ApiError(404, apiMessages.notFound);
    requireStoreAccess(request, divisionId);
    const { rows } = await ctx.db.query('select 1 from divisions where id = $1', [divisionId]);
    if (rows.length === 0) throw new ApiError(404, setupMessages.noStore);
    return readStoreSetup(ctx.db, divisionId);
  };
  app.get('/omnis/v3/divisions/:divisionId/setup/', read);
  app.get('/omnis/v3/divisions/:divisionId/setup', read);
}
