import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages } from '../../http/errors';
import { requireStoreAccess } from '../../auth/guards';
import { audit } from '../../auth/audit';
import { DIVISION_PARAMS } from '../../http/routeSchemas';
import { readStoreSettings, writeTab } from '../../settings/storeSettings';
import { NO_RATES_FEED, RATES_FEED_FAILED, ratesFeedFrom, type RatesFeed } from '../../settings/ratesFeed';
import { DEFAULT_STORE_SETTINGS, SETTINGS_TABS, type SettingsTab, type StoreSettings } from '../../../src/core/storeSettings';

/** Editors need this store permission to change settings (owners and staff hold every permission, §6). */
export const SETTINGS_PERMISSION = 'settings';

export const settingsUrl = (tab?: SettingsTab) => `/omnis/v3/divisions/:divisionId/settings/${tab ? `${tab}/` : ''}`;

/** The body schema of a tab: the fields of its defaults, each optional (PATCH), nothing else. */
function tabBodySchema(tab: SettingsTab) {
  const properties: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(DEFAULT_STORE_SETTINGS[tab])) {
    if (typeof value === 'boolean') properties[field] = { type: 'boolean' };
    else if (typeof value === 'string') properties[field] = { type: 'string', maxLength: 2000 };
    else if (typeof value === 'number') properties[field] = { type: 'integer' }; // its range is a §5.1 rule, named at the field
    else if (field === 'rates') properties[field] = { type: 'object', maxProperties: 60, additionalProperties: { type: 'number' } };
    else if (field === 'redirects')
      properties[field] = {
        type: 'array',
        maxItems: 200,
        items: {
          type: 'object',
          required: ['searchTerm', 'destinationUrl'],
          additionalProperties: false,
          properties: { searchTerm: { type: 'string', maxLength: 200 }, destinationUrl: { type: 'string', maxLength: 2000 } },
        },
      };
    else if (field === 'tests')
      properties[field] = {
        type: 'array',
        maxItems: 50,
        items: {
          type: 'object',
          required: ['code', 'name', 'variations', 'defaultVariation', 'active'],
          additionalProperties: false,
          properties: {
            code: { type: 'string', maxLength: 200 },
            name: { type: 'string', maxLength: 200 },
            variations: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 200 } },
            defaultVariation: { type: 'string', maxLength: 200 },
            active: { type: 'boolean' },
          },
        },
      };
    else properties[field] = { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 254 } };
  }
  return { type: 'object', additionalProperties: false, properties } as const;
}

/**
 * GET   /omnis/v3/divisions/{id}/settings/        every tab of the store's settings (issue #17), the subdomain and its
 *                                                  approval status text.
 * PATCH /omnis/v3/divisions/{id}/settings/{tab}/  the fields of one tab that change; 422 with the §5.1 message per
 *                                                  field; audit-logged. Owners and editors (with the settings
 *                                                  permission) of the store, staff for any store.
 */
export function settingsRoutes(app: FastifyInstance, ctx: AppContext, feed: RatesFeed | null = ratesFeedFrom()) {
  app.get<{ Params: { divisionId: number } }>(settingsUrl(), { schema: { params: DIVISION_PARAMS } }, async (request) => {
    requireStoreAccess(request, request.params.divisionId);
    return readStoreSettings(ctx.db, request.params.divisionId);
  });

  // POST …/settings/currencies/rates/: replaces the store's rates with the configured feed's (asked outside any
  // transaction), keeping the owner's rates when the feed is missing or fails.
  app.post<{ Params: { divisionId: number } }>(`${settingsUrl('currencies')}rates/`, { schema: { params: DIVISION_PARAMS }, config: { body: 'none' } }, async (request) => {
    const { divisionId } = request.params;
    const user = requireStoreAccess(request, divisionId, SETTINGS_PERMISSION);
    if (!feed) throw new ApiError(409, NO_RATES_FEED);
    const main = (await readStoreSettings(ctx.db, divisionId)).settings.currencies.mainCurrency;
    const rates = await feed.latest(main).catch(() => {
      throw new ApiError(502, RATES_FEED_FAILED);
    });
    await ctx.db.transaction(async (tx) => {
      const current = (await readStoreSettings(tx, divisionId)).settings.currencies;
      const { before, after } = await writeTab(tx, divisionId, 'currencies', { ...current, rates: { ...current.rates, ...rates } });
      await audit(tx, { actorUserId: user.id, action: 'settings_updated', subjectType: 'division', subjectId: divisionId, data: { tab: 'currencies', source: 'feed', before, after }, ip: request.ip });
    });
    return readStoreSettings(ctx.db, divisionId);
  });

  for (const tab of SETTINGS_TABS) {
    app.patch<{ Params: { divisionId: number }; Body: Partial<StoreSettings[typeof tab]> }>(
      settingsUrl(tab),
      { schema: { params: DIVISION_PARAMS, body: tabBodySchema(tab) }, attachValidation: true },
      async (request) => {
        if (request.validationError?.validationContext === 'params') throw new ApiError(404, apiMessages.notFound);
        const { divisionId } = request.params;
        // Who may write is checked before what they wrote.
        const user = requireStoreAccess(request, divisionId, SETTINGS_PERMISSION);
        if (request.validationError) throw new ApiError(422, apiMessages.invalid, { [tab]: [request.validationError.message] });
        await ctx.db.transaction(async (tx) => {
          const current = (await readStoreSettings(tx, divisionId)).settings[tab];
          const { before, after } = await writeTab(tx, divisionId, tab, { ...current, ...request.body } as StoreSettings[typeof tab]);
          await audit(tx, { actorUserId: user.id, action: 'settings_updated', subjectType: 'division', subjectId: divisionId, data: { tab, before, after }, ip: request.ip });
        });
        return readStoreSettings(ctx.db, divisionId);
      },
    );
  }
}
