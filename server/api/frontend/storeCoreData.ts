import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { allowedUsersOf } from '../../http/storeGate';
import { TRACKING_KEYS, type TrackingIds } from '../../../src/core/tracking';
import { splitCookieName, splitTestStates } from '../../../src/core/splitTests';
import { splitTestsOf } from '../../settings/storeSettings';
import { logoSize } from '../../files/logoSize';

/** The tracking ids the browser needs to load the scripts (verification snippets go into the server-drawn head). */
function publicTracking(raw: unknown): TrackingIds {
  const saved = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return Object.fromEntries(TRACKING_KEYS.filter((k) => typeof saved[k] === 'string' && saved[k] !== '').map((k) => [k, saved[k] as string])) as TrackingIds;
}

export const STORE_NOT_FOUND = 'Store not found';

/**
 * The plugin map as every visitor may read it: the subscriber offer says whether it awards a coupon, never which
 * (the code is mailed once the address is confirmed).
 */
function publicPlugins(plugins: Record<string, unknown>): Record<string, unknown> {
  const offer = plugins['email-subscriber-offer'] as { coupon?: unknown } | undefined;
  if (!offer || typeof offer !== 'object') return plugins;
  const { coupon, ...rest } = offer;
  return { ...plugins, 'email-subscriber-offer': { ...rest, hasCoupon: typeof coupon === 'string' && coupon !== '' } };
}

/** §7 getStoreCoreData: the pages (as routes) and the store core state (§3) the SPA loads once at start. */
export function storeCoreDataRoutes(app: FastifyInstance, ctx: AppContext) {
  const handler = async (division: string | undefined, request: FastifyRequest) => {
    const store = await findStore(ctx.db, { division, host: request.hostname });
    if (!store) throw new ApiError(404, STORE_NOT_FOUND);
    // The variation each split test gave this visitor's session is kept in its cookie (split-tests/discover).
    return buildStoreCoreData(ctx, store, request.auth, (code) => request.cookies[splitCookieName(code)]);
  };
  app.get('/omnis/v3/frontend/getStoreCoreData/json/', async (request) => handler(undefined, request));
  app.get<{ Params: { division: string } }>('/omnis/v3/frontend/:division/getStoreCoreData/json/', { schema: { params: paramsSchema({ division: NAME }) }, config: { notFound: STORE_NOT_FOUND } }, async (request) =>
    handler(request.params.division, request),
  );
}

/** `user` decides which pages are listed (§6); without one, only the pages everyone may see. */
export async function buildStoreCoreData(
  ctx: AppContext,
  store: Store,
  user: AuthUser | null = null,
  assignedVariation: (code: string) => string | undefined = () => undefined,
): Promise<StoreCoreData> {
  const logo = store.company.logo;
  const [pages, menu, logoDimensions] = await Promise.all([
    listPageSummaries(ctx.db, store.id),
    store.subdomain.mainMenuId === null
      ? Promise.resolve(null)
      : ctx.db.query<{ entries: MenuEntry[] }>('select entries from menus where id = $1', [store.subdomain.mainMenuId]).then((r) => r.rows[0]?.entries ?? null),
    logo ? logoSize(ctx.db, logo.src) : Promise.resolve(null),
  ]);
  const settings = store.subdomain.settings;
  const plugins = publicPlugins((settings.plugins as Record<string, unknown> | undefined) ?? {});
  // §6 allowed users, as the ids of the accounts their addresses belong to (the addresses themselves stay private).
  const allowedEmails = allowedUsersOf(store);
  const allowedUserIds = allowedEmails.length
    ? (await ctx.db.query<{ id: number }>('select id from users where lower(email) = any($1::text[])', [allowedEmails])).rows.map((r) => r.id)
    : [];
  const comingSoon = (settings.comingSoonPageData as { enabled?: boolean; launchDate?: string } | undefined) ?? {};
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
      splitTest: splitTestStates(splitTestsOf(settings), assignedVariation),
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
        comingSoonPageData: { enabled: comingSoon.enabled === true, ...(comingSoon.launchDate ? { launchDate: comingSoon.launchDate } : {}) },
        allowedUserIds,
        tracking: publicTracking(settings.tracking),
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
      // §3 store core state: the seasonal delivery cut-off dates and the banner's content.
      christmasCutoffDates: (settings.christmasCutoffDates as { standard?: string; express?: string } | undefined) ?? {},
      christmasContent: typeof settings.christmasContent === 'string' ? settings.christmasContent : '',
      // The logo's size lets the header keep its room from the first paint (nothing moves when it arrives).
      company: { ...store.company, logo: logo && { ...logo, ...logoDimensions } },
      store: { active: store.enabled, pro: store.hasPro || store.subdomain.isPro },
    },
  };
}
