import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { findStore, type Store } from '../stores';
import { isAllowedUser, mayVisitStore } from '../../src/core/access';
import { ApiError } from './errors';
import { authMessages } from '../auth/messages';

/**
 * Storefront reads and basket calls: what a password-protected or coming-soon store shows only to its allowed
 * users. The browser's guard (src/app/guards/decide.ts) hides these screens; the API applies the same §6 rule so
 * the data behind them is not a request away. Store data (getStoreCoreData) stays open: the SPA needs it to show
 * the sign-in or countdown screen.
 */
const STOREFRONT_ROUTES = new Set([
  'GET /omnis/v3/divisions/:divisionId/pages',
  'GET /omnis/v3/divisions/:divisionId/pages/',
  'GET /omnis/v3/divisions/:divisionId/pages/:pageId/',
  'GET /omnis/v3/division/:divisionId/products/',
  'GET /omnis/v3/division/:divisionId/products/:urlName/',
  'GET /omnis/v3/collections/get/:divisionId/',
  'GET /omnis/v3/search/',
  'GET /omnis/v3/blog/paginate/',
  'GET /omnis/v3/products/:urlName/price-breakdown/',
  'POST /omnis/v3/frontend/product/addItemToCart/',
  'POST /omnis/v3/frontend/product/bulkAddItemsToCart/',
  'POST /omnis/v3/basket/remove/',
  'POST /omnis/v3/basket/update/',
  'GET /omnis/v3/basket/main/list/',
  'GET /omnis/v3/basket/favourites/list/',
  'POST /omnis/v3/basket/favourites/recover/',
]);

/** The store a storefront call is for: its division parameter when it names one, else the request's host. */
function divisionOf(request: FastifyRequest): string | undefined {
  const params = request.params as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | null | undefined;
  const raw = params?.divisionId ?? query?.division ?? query?.divisions ?? (body && typeof body === 'object' ? body.division : undefined);
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.split(',')[0]!.trim() : '';
  return /^\d{1,9}$/.test(text) ? text : undefined;
}

export const storeGateOf = (store: Pick<Store, 'subdomain'>) => {
  const settings = store.subdomain.settings;
  return {
    passwordProtected: settings.passwordProtected === true,
    comingSoon: (settings.comingSoonPageData as { enabled?: boolean } | undefined)?.enabled === true,
  };
};

/** §6 allowed users a store's owner listed (lower-cased addresses), besides its owners and editors. */
export const allowedUsersOf = (store: Pick<Store, 'subdomain'>): string[] => {
  const list = store.subdomain.settings.allowedUsers;
  return Array.isArray(list) ? list.filter((e): e is string => typeof e === 'string').map((e) => e.toLowerCase()) : [];
};

export function installStoreGate(app: FastifyInstance, ctx: AppContext) {
  app.addHook('preHandler', async (request) => {
    if (!STOREFRONT_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return;
    const store = await findStore(ctx.db, { division: divisionOf(request), host: request.hostname });
    if (!store) return; // the route answers its own 404
    const user = request.auth;
    const visitor = { internal: user?.internal === true, allowed: user ? isAllowedUser(user, store.id) || allowedUsersOf(store).includes(user.email.toLowerCase()) : false };
    if (!mayVisitStore(storeGateOf(store), visitor)) throw new ApiError(403, authMessages.permissionDenied);
  });
}
