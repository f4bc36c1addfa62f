import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages } from '../../http/errors';
import { requireStoreAccess } from '../../auth/guards';
import { defaultZones, saveZones, toZoneView, zonesOf } from '../../orders/shippingZones';
import type { ShippingSettingsView, ShippingZoneInput } from '../../../src/core/api/shipping';
import { DIVISION_PARAMS } from '../../http/routeSchemas';

/** Editors need this store permission to change shipping (owners and staff hold every permission, §6). */
export const SHIPPING_PERMISSION = 'shipping';

const MONEY = { type: 'integer', minimum: 0, maximum: 10_000_000 } as const;
const ZONES_BODY = {
  type: 'object',
  required: ['zones'],
  additionalProperties: false,
  properties: {
    zones: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['name', 'countries', 'freeOver', 'rates'],
        additionalProperties: false,
        properties: {
          id: { type: 'integer' },
          name: { type: 'string', maxLength: 80 },
          countries: { type: 'array', maxItems: 250, items: { type: 'string', maxLength: 8 } },
          freeOver: { anyOf: [MONEY, { type: 'null' }] },
          rates: {
            type: 'array',
            maxItems: 20,
            items: { type: 'object', required: ['method', 'price'], additionalProperties: false, properties: { method: { type: 'string', maxLength: 50 }, price: MONEY } },
          },
        },
      },
    },
  },
} as const;

/**
 * GET /omnis/v3/divisions/{id}/shipping/  the store's zones (or the defaults it ships with until it sets its own)
 *                                          and the methods a zone can offer.
 * PUT /omnis/v3/divisions/{id}/shipping/  {zones}: replaces the zones; 422 with field errors (zones.0.name …).
 */
export function shippingRoutes(app: FastifyInstance, ctx: AppContext) {
  const view = async (divisionId: number): Promise<ShippingSettingsView> => {
    const { rows: methods } = await ctx.db.query<{ code: string; name: string; description: string; price: number; region: string }>(
      'select code, name, description, price, region from shipping_methods where active order by position, id',
    );
    const zones = await zonesOf(ctx.db, divisionId);
    return {
      currency: 'GBP',
      methods: methods.map(({ code, name, description, price }) => ({ code, name, description, price })),
      zones: zones.length ? zones.map(toZoneView) : defaultZones(methods).map((z, i) => ({ ...z, id: -(i + 1) })),
      defaults: zones.length === 0,
    };
  };

  app.get<{ Params: { divisionId: number } }>('/omnis/v3/divisions/:divisionId/shipping/', { schema: { params: DIVISION_PARAMS } }, async (request) => {
    const { divisionId } = request.params;
    requireStoreAccess(request, divisionId);
    return view(divisionId);
  });

  app.put<{ Params: { divisionId: number }; Body: { zones: ShippingZoneInput[] } }>(
    '/omnis/v3/divisions/:divisionId/shipping/',
    { schema: { params: DIVISION_PARAMS, body: ZONES_BODY }, attachValidation: true },
    async (request) => {
      if (request.validationError?.validationContext === 'params') throw new ApiError(404, apiMessages.notFound);
      const { divisionId } = request.params;
      // Who may write is checked before what they wrote.
      requireStoreAccess(request, divisionId, SHIPPING_PERMISSION);
      if (request.validationError) throw new ApiError(422, apiMessages.invalid, { zones: [request.validationError.message] });
      await ctx.db.transaction((tx) => saveZones(tx, divisionId, request.body.zones));
      return view(divisionId);
    },
  );
}
