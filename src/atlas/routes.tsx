import { redirect, type RouteObject } from 'react-router';
import type { Guard } from '../app/guards/guardLoader';
import { FORBIDDEN_URL, type RouteAccess } from '../app/guards/decide';
import { session as appSession, type SessionStore } from '../auth/session';
import { ATLAS_PATHS } from './paths';

/** Anonymous visitors go to /login/?redirect_uri=… (§2.3); the staff check itself runs after (see staffOnly). */
const SIGNED_IN: RouteAccess = { loginState: 'logged-in' };

/** The chunk with every atlas screen: one lazy module, apart from the storefront entry. */
const screens = () => import('./screens');

/**
 * Atlas as lazy routes in the tool layout. Each route runs the §2.3 guard (signed in) and then the staff check:
 * a signed-in user who is not staff (users.internal, as the API's requireInternal) lands on the 403 page.
 * `decide.ts`'s `internal` rule answers /404/, which is right for unpublished pages but not for atlas.
 */
export function atlasRoutes(guard: Guard, sessionStore: SessionStore = appSession): RouteObject[] {
  const staffOnly = async (): Promise<null> => {
    const user = await sessionStore.load();
    if (!user?.internal) throw redirect(FORBIDDEN_URL);
    return null;
  };
  type ScreenName = 'PermissionsScreen' | 'OutboxScreen' | 'UsersScreen' | 'OrdersScreen' | 'OrderScreen' | 'ProductionScreen' | 'PickingScreen' | 'QuotesScreen' | 'QuoteScreen' | 'ChatScreen';
  const staffRoute = (id: string, path: string, name: ScreenName): RouteObject => ({
    id,
    path,
    loader: guard(SIGNED_IN, staffOnly),
    lazy: async () => ({ Component: (await screens())[name] }),
  });
  return [
    {
      id: 'atlas',
      handle: { layout: 'atlas' },
      lazy: async () => ({ Component: (await screens()).AtlasLayout }),
      children: [
        {
          id: 'atlas:home',
          path: ATLAS_PATHS.home,
          loader: guard(SIGNED_IN, async () => {
            await staffOnly();
            throw redirect(ATLAS_PATHS.orders);
          }),
        },
        staffRoute('atlas:orders', ATLAS_PATHS.orders, 'OrdersScreen'),
        staffRoute('atlas:order', '/atlas/orders/:orderId/', 'OrderScreen'),
        staffRoute('atlas:quotes', ATLAS_PATHS.quotes, 'QuotesScreen'),
        staffRoute('atlas:quote', '/atlas/quotes/:quoteId/', 'QuoteScreen'),
        staffRoute('atlas:production', ATLAS_PATHS.production, 'ProductionScreen'),
        staffRoute('atlas:picking', ATLAS_PATHS.picking, 'PickingScreen'),
        staffRoute('atlas:permissions', ATLAS_PATHS.permissions, 'PermissionsScreen'),
        staffRoute('atlas:outbox', ATLAS_PATHS.outbox, 'OutboxScreen'),
        staffRoute('atlas:users', ATLAS_PATHS.users, 'UsersScreen'),
        staffRoute('atlas:chat', ATLAS_PATHS.chat, 'ChatScreen'),
      ],
    },
  ];
}
