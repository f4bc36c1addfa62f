import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { DIVISION_PARAMS } from '../../http/routeSchemas';
import { requireStoreAccess } from '../../auth/guards';
import { readStoreSetup } from '../../setup/storeSetup';

export const setupMessages = {
  noStore: 'Store not found',
} as const;

type Params = { divisionId: number };

/**
 * `GET /omnis/v3/divisions/{divisionId}/setup/` → `{ steps: [{ code, title, done, href }], next }` (the
 * store set-up checklist; steps in src/core/setupSteps.ts). Store access as for the store's other dashboard data:
 * 401 signed out, 403 for another store, staff any store.
 */
export function setupRoutes(app: FastifyInstance, ctx: AppContext) {
  const read = async (request: FastifyRequest<{ Params: Params }>) => {
    const { divisionId } = request.params;
    requireStoreAccess(request, divisionId);
    const { rows } = await ctx.db.query('select 1 from divisions where id = $1', [divisionId]);
    if (rows.length === 0) throw new ApiError(404, setupMessages.noStore);
    return readStoreSetup(ctx.db, divisionId);
  };
  app.get('/omnis/v3/divisions/:divisionId/setup/', { schema: { params: DIVISION_PARAMS } }, read);
  app.get('/omnis/v3/divisions/:divisionId/setup', { schema: { params: DIVISION_PARAMS } }, read);
}
