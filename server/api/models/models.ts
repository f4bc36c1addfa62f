import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { MAX_IDS, fetchModels, type FetchRequest } from '../../models/registry';
import { ID } from '../../http/routeSchemas';

const NAME = { type: 'string', minLength: 1, maxLength: 100 } as const;

/**
 * §7 `POST /omnis/v3/models/fetch/` `{ type, ids, relations?, attributes? }` → a list of models, or one model
 * for a single id. Field-level access control lives in server/models (docs/commerce-contract.md, "Models fetch").
 * Bad bodies answer 400 `{ message, errors }`; the anti-forgery token is checked by the global hook.
 */
export function modelRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post<{ Body: FetchRequest }>(
    '/omnis/v3/models/fetch/',
    {
      attachValidation: true,
      schema: {
        body: {
          type: 'object',
          required: ['type', 'ids'],
          properties: {
            type: { type: 'string', minLength: 1, maxLength: 64 },
            ids: { type: 'array', maxItems: MAX_IDS, items: ID },
            relations: { type: 'array', maxItems: 20, items: NAME },
            attributes: { type: 'array', maxItems: 200, items: NAME },
          },
        },
      },
    },
    async (request) => {
      if (request.validationError) throw badRequest(request.validationError);
      return fetchModels(ctx.db, request.auth, request.body);
    },
  );
}
