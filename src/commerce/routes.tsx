import type { RouteObject } from 'react-router';
import type { Guard } from '../app/guards/guardLoader';
import { checkoutRouteList } from './checkout/routes';

/**
 * The commerce screens as lazy routes (their code never enters the storefront entry). Each runs the store's
 * §2.3 guards as its loader.
 */
export function commerceRoutes(guard: Guard): RouteObject[] {
  const route = (id: string, path: string, layout: string, lazy: RouteObject['lazy']): RouteObject => ({
    id,
    path,
    loader: guard({ storefront: true }),
    lazy,
    handle: { layout },
  });
  return [
    // ---- Shop front, basket and favourites ----
    route('commerce:collection', '/collection/:collection/', 'standard', async () => ({ Component: (await import('./catalogue/CollectionPage')).CollectionPage })),
    route('commerce:product', '/product/:product/:colour?/', 'standard', async () => ({ Component: (await import('./catalogue/ProductPage')).ProductPage })),
    route('commerce:search', '/search/', 'search', async () => ({ Component: (await import('./search/SearchPage')).SearchPage })),
    route('commerce:basket', '/basket/', 'cart', async () => ({ Component: (await import('./basket/BasketPage')).BasketPage })),
    route('commerce:favourites', '/favourites/', 'standard', async () => ({ Component: (await import('./favourites/FavouritesPage')).FavouritesPage })),

    // ---- Checkout, orders and payments ----
    ...checkoutRouteList(route),
  ];
}
