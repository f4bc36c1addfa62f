import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages, fieldErrors } from '../../http/errors';
import { requireStoreAccess } from '../../auth/guards';
import { findStore, type Store } from '../../stores';
import { DEFAULT_THEME, customThemeOf } from '../../themes';
import { PAGES_PERMISSION } from './permissions';
import { validateThemeDocument, type NamedThemeSummary, type StoreThemeDocument, type ThemeDoc, type ThemeProperties } from '../../../src/core/theme';
import { completeSetupStep } from '../../setup/storeSetup';
import { DIVISION_PARAMS, NAME, paramsSchema } from '../../http/routeSchemas';

/**
 * Store themes.
 *
 * GET /omnis/v3/themes/                      named themes: name, deprecated, swatch colours and font of the resolved theme.
 * GET /omnis/v3/themes/{name}/               one named theme's document chain (root first), so the editor resolves
 *                                            overrides on top of it exactly as the server does.
 * GET /omnis/v3/divisions/{id}/theme/        the store's theme: the named theme it builds on and its overrides.
 * PUT /omnis/v3/divisions/{id}/theme/        {name, properties}: name is the chosen named theme, properties the overrides
 *                                            only. Validated against themes/theme.json; stored as the store's custom
 *                                            theme (themes row with division_id, parent = name) and subdomains.theme
 *                                            points at it — or at the named theme itself when there are no overrides.
 *
 * resolveStoreTheme (server/themes.ts) draws a store in its custom theme, or its named theme.
 */

export const themeMessages = {
  invalid: 'Theme failed validation',
  unknown: (name: string) => `Theme "${name}" does not exist`,
  deprecated: (name: string) => `Theme "${name}" is no longer offered`,
} as const;

/** The custom theme of a store is named after it: one per store. */
export const customThemeName = (divisionId: number) => `store-${divisionId}`;

export type { NamedThemeSummary, StoreThemeDocument };

function summary(ctx: AppContext, name: string, deprecated: boolean): NamedThemeSummary {
  const p = ctx.themes.resolve(name).properties;
  const str = (key: string, fallback: string) => (typeof p[key] === 'string' && p[key] !== '' ? (p[key] as string) : fallback);
  return {
    name,
    deprecated,
    swatches: {
      primary: str('primary.color', '#000000'),
      contrast: str('contrast.color', '#ffffff'),
      background: str('page.background.color', '#ffffff'),
      text: str('text.color', '#222222'),
    },
    font: str('primary.font', 'Lato'),
  };
}

async function storeOf(ctx: AppContext, divisionId: number): Promise<Store> {
  const store = await findStore(ctx.db, { division: String(divisionId) });
  if (!store) throw new ApiError(404, apiMessages.notFound);
  return store;
}

async function documentOf(ctx: AppContext, store: Store): Promise<StoreThemeDocument> {
  const current = store.subdomain.theme;
  if (!ctx.themes.docs()[current]) {
    const custom = await customThemeOf(ctx.db, store.id);
    if (custom && custom.name === current) {
      return { name: custom.parent ?? DEFAULT_THEME, properties: custom.properties, theme: current, updatedAt: new Date(custom.updated_at).toISOString() };
    }
  }
  return { name: ctx.themes.docs()[current] ? current : DEFAULT_THEME, properties: {}, theme: current, updatedAt: null };
}

export function themeRoutes(app: FastifyInstance, ctx: AppContext) {
  const list = async () => ({ data: ctx.themes.names().map(({ name, deprecated }) => summary(ctx, name, deprecated)) });
  app.get('/omnis/v3/themes/', list);
  app.get('/omnis/v3/themes', list);

  app.get<{ Params: { name: string } }>('/omnis/v3/themes/:name/', { schema: { params: paramsSchema({ name: NAME }) } }, async (request) => {
    const docs = ctx.themes.docs();
    const doc = Object.hasOwn(docs, request.params.name) ? docs[request.params.name] : undefined;
    if (!doc) throw new ApiError(404, themeMessages.unknown(request.params.name));
    const chain: ThemeDoc[] = [];
    for (let d: ThemeDoc | undefined = doc; d && chain.length < 20; d = d.parent ? docs[d.parent] : undefined) chain.unshift(d);
    return { name: doc.name ?? request.params.name, deprecated: doc.deprecated === true, chain };
  });

  const read = async (request: FastifyRequest<{ Params: { divisionId: number } }>) => {
    const { divisionId } = request.params;
    requireStoreAccess(request, divisionId);
    return documentOf(ctx, await storeOf(ctx, divisionId));
  };
  app.get('/omnis/v3/divisions/:divisionId/theme/', { schema: { params: DIVISION_PARAMS } }, read);
  app.get('/omnis/v3/divisions/:divisionId/theme', { schema: { params: DIVISION_PARAMS } }, read);

  app.put<{ Params: { divisionId: number }; Body: unknown }>('/omnis/v3/divisions/:divisionId/theme/', { schema: { params: DIVISION_PARAMS }, config: { body: 'entity' } }, async (request) => {
    const { divisionId } = request.params;
    requireStoreAccess(request, divisionId, PAGES_PERMISSION);
    const store = await storeOf(ctx, divisionId);
    const body = (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}) as { name?: unknown; properties?: unknown };
    const name = typeof body.name === 'string' ? body.name : '';
    const docs = ctx.themes.docs();
    if (!Object.hasOwn(docs, name)) throw new ApiError(422, themeMessages.invalid, { '/name': [name ? themeMessages.unknown(name) : 'This field is required'] });
    // A deprecated theme stays only for a store that already uses it (§3: not offered for new choices).
    const current = await documentOf(ctx, store);
    if (docs[name]!.deprecated === true && current.name !== name) throw new ApiError(422, themeMessages.invalid, { '/name': [themeMessages.deprecated(name)] });
    const properties = (body.properties ?? {}) as ThemeProperties;
    const custom = customThemeName(divisionId);
    const errors = validateThemeDocument(ctx.registry, { name: custom, parent: name, properties });
    if (errors.length > 0) throw new ApiError(422, themeMessages.invalid, fieldErrors(errors));
    // The overrides must also resolve (a reference to a key that does not exist, or a cycle, is refused).
    try {
      ctx.themes.resolveDoc({ name: custom, parent: name, properties });
    } catch (error) {
      throw new ApiError(422, themeMessages.invalid, { '/properties': [(error as Error).message] });
    }
    const hasOverrides = Object.keys(properties as object).length > 0;
    await ctx.db.transaction(async (tx) => {
      await tx.query('delete from themes where division_id = $1', [divisionId]);
      if (hasOverrides) {
        await tx.query('insert into themes (uuid, division_id, name, parent, properties) values ($1, $2, $3, $4, $5)', [
          randomUUID(),
          divisionId,
          custom,
          name,
          JSON.stringify(properties),
        ]);
      }
      await tx.query('update subdomains set theme = $2 where division_id = $1', [divisionId, hasOverrides ? custom : name]);
      // Saving a theme completes the store's "theme" set-up step (src/core/setupSteps.ts), with the theme.
      await completeSetupStep(tx, divisionId, 'theme');
    });
    return documentOf(ctx, await storeOf(ctx, divisionId));
  });
}
