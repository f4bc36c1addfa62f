import type { FastifyInstance } from 'fastify';
import { resolveStoreTheme } from '../../themes';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { listPageSummaries, toPageRoute } from '../../pages/repository';
import { findStore, type Store } from '../../stores';
import type { MenuEntry, SitewideBanner, StoreCoreData } from '../../../src/core/storeData';
import { describeCurrency, DEFAULT_CURRENCY } from '../../../src/core/currency';
import { canViewPage } from '../../auth/roles';
import type { AuthUser } from '../../auth/types';
import { isPolicyUrl, policyPagesReachable } from '../../../src/core/policies';
import { editorOrigins } from '../../ssr/securityHeaders';
import { NAME, paramsSchema } from '../../http/routeSchemas';

export const STORE_NOT_FOUND = 'Store not found';

/** §7 getStoreCoreData: the pages (as routes) and the store core state (§3) the SPA loads once at start. */
export function storeCoreDataRoutes(app: FastifyInstance, ctx: AppContext) {
  const handler = async (division: string | undefined, host: string, user: AuthUser | null) => {
    const store = await findStore(ctx.db, { division, host });
    if (!store) throw new ApiError(404, STORE_NOT_FOUND);
    return buildStoreCoreData(ctx, store, user);
  };
  app.get('/omnis/v3/frontend/getStoreCoreData/json/', async (request) => handler(undefined, request.hostname, request.auth));
  app.get<{ Params: { division: string } }>('/omnis/v3/frontend/:division/getStoreCoreData/json/', { schema: { params: paramsSchema({ division: NAME }) }, config: { notFound: STORE_NOT_FOUND } }, async (request) =>
    handler(request.params.division, request.hostname, request.auth),
  );
}

/** `user` decides which pages are listed (§6); without one, only the pages everyone may see. */
export async function buildStoreCoreData(ctx: AppContext, store: Store, user: AuthUser | null = null): Promise<StoreCoreData> {
  const [pages, menu] = await Promise.all([
    listPageSummaries(ctx.db, store.id),
    store.subdomain.mainMenuId === null
      ? Promise.resolve(null)
      : ctx.db.query<{ entries: MenuEntry[] }>('select entries from menus where id = $1', [store.subdomain.mainMenuId]).then((r) => r.rows[0]?.entries ?? null),
  ]);
  const settings = store.subdomain.settings;
  const plugins = (settings.plugins as Record<string, unknown> | undefined) ?? {};
  const theme = await resolveStoreTheme(ctx, store);
  // §3 payment processor state: first-party unless the store's settings name the direct type.
  const processorType = settings.paymentProcessor === 'direct' ? ('direct' as const) : ('first-party' as const);
  return {
    // §6: pages this user may not open are left out (unpublished → internal only; loginState rules); §2.2: the
    // policy pages only when the payment processor is not the direct type.
    pages: pages
      .filter((p) => canViewPage({ published: p.published, loginState: typeof p.properties.loginState === 'string' ? p.properties.loginState : undefined }, user))
      .filter((p) => policyPagesReachable(processorType) || !isPolicyUrl(p.url))
      .map(toPageRoute),
    state: {
      currency: describeCurrency(DEFAULT_CURRENCY),
      splitTest: {},
      subdomain: {
        id: store.subdomain.id,
        isPro: store.subdomain.isPro,
        favicon: store.subdomain.favicon,
        customDomainName: store.subdomain.customDomainName,
        theme,
        plugins,
        sitewideBanner: (settings.sitewideBanner as SitewideBanner | undefined) ?? { enabled: false },
        sitewidePopup: (settings.sitewidePopup as StoreCoreData['state']['subdomain']['sitewidePopup'] | undefined) ?? { enabled: false },
        searchRedirects: (settings.searchRedirects as StoreCoreData['state']['subdomain']['searchRedirects'] | undefined) ?? [],
        passwordProtected: settings.passwordProtected === true,
        comingSoonPageData: (settings.comingSoonPageData as { enabled: boolean } | undefined) ?? { enabled: false },
        meta: (settings.meta as Record<string, unknown> | undefined) ?? {},
        division: { id: store.id, name: store.name, code: store.code },
        cart: { items: [] },
        favourites: { items: [] },
        mainMenu: menu ?? [],
        isNative: true,
        mode: 'native' as const,
        // The same list the page's frame-ancestors allow: the builder talks only to editors that may frame it.
        editorOrigins: editorOrigins(settings.editorOrigins),
      },
      plugins,
      mainMenu: menu ?? [],
      mode: 'native' as const,
      paymentProcessor: { type: processorType, accounts: {} },
      company: store.company,
      store: { active: store.enabled, pro: store.hasPro || store.subdomain.isPro },
    },
  };
}
