import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { ID, NAME, paramsSchema } from '../../http/routeSchemas';
import { findStore } from '../../stores';
import { splitTestsOf } from '../../settings/storeSettings';
import { splitCookieName, splitTestMissingMessage } from '../../../src/core/splitTests';

export const SPLIT_TEST_DISCOVER_URL = '/omnis/v3/split-tests/:divisionId/:code/discover/';

/**
 * POST /omnis/v3/split-tests/{divisionId}/{code}/discover/ — §4 "discovered once per session": the visitor's session
 * meets an active test. A session without a variation is given one at random (kept in a session cookie, which the
 * store core data reads from then on) and counted for the owner's results; a session that has one keeps it and is
 * not counted again. 404 with §8's message for a test the store does not run.
 */
export function splitTestRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post<{ Params: { divisionId: number; code: string } }>(
    SPLIT_TEST_DISCOVER_URL,
    { schema: { params: paramsSchema({ divisionId: ID, code: NAME }) }, config: { body: 'none' } },
    async (request, reply) => {
      const { divisionId, code } = request.params;
      const store = await findStore(ctx.db, { division: String(divisionId) });
      const test = store ? splitTestsOf(store.subdomain.settings).find((t) => t.code === code && t.active) : undefined;
      if (!store || !test) throw new ApiError(404, splitTestMissingMessage(code));
      const held = request.cookies[splitCookieName(code)];
      if (held !== undefined && test.variations.includes(held)) return { code, variation: held, counted: false };
      const variation = test.variations[randomInt(test.variations.length)]!;
      await ctx.db.query(
        `insert into split_test_discoveries (division_id, code, variation, sessions) values ($1, $2, $3, 1)
         on conflict (division_id, code, variation) do update set sessions = split_test_discoveries.sessions + 1, updated_at = now()`,
        [divisionId, code, variation],
      );
      void reply.setCookie(splitCookieName(code), variation, { path: '/', sameSite: 'lax', secure: request.protocol === 'https' });
      return { code, variation, counted: true };
    },
  );
}
