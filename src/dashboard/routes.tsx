import type { RouteObject } from 'react-router';
import type { Guard } from '../app/guards/guardLoader';
import { DASHBOARD_PATHS } from './paths';

export const DASHBOARD_ORDERS_PATH = DASHBOARD_PATHS.orders;
export const DASHBOARD_SHIPPING_PATH = DASHBOARD_PATHS.shipping;

/** The owner's dashboard screens, lazy chunks apart from the storefront; each needs dashboard access (§2.3, §6). */
export function dashboardRoutes(guard: Guard): RouteObject[] {
  const access = guard({ loginState: 'dashboard-access' });
  return [
    {
      id: 'dashboard:orders',
      path: DASHBOARD_PATHS.orders,
      loader: access,
      lazy: async () => ({ Component: (await import('./StoreOrdersScreen')).StoreOrdersScreen }),
      handle: { layout: 'blank' },
    },
    {
      id: 'dashboard:shipping',
      path: DASHBOARD_PATHS.shipping,
      loader: access,
      lazy: async () => ({ Component: (await import('./ShippingScreen')).ShippingScreen }),
      handle: { layout: 'blank' },
    },
    {
      id: 'dashboard:settings',
      path: DASHBOARD_PATHS.settings,
      loader: access,
      lazy: async () => ({ Component: (await import('./settings/SettingsScreen')).SettingsScreen }),
      handle: { layout: 'blank' },
    },
    {
      id: 'dashboard:products',
      path: DASHBOARD_PATHS.products,
      loader: access,
      lazy: async () => ({ Component: (await import('./products/ProductsScreen')).ProductsScreen }),
      handle: { layout: 'blank' },
    },
    {
      id: 'dashboard:new-product',
      path: DASHBOARD_PATHS.newProduct,
      loader: access,
      lazy: async () => ({ Component: (await import('./products/NewProductScreen')).NewProductScreen }),
      handle: { layout: 'blank' },
    },
    {
      id: 'dashboard:stores',
      path: DASHBOARD_PATHS.stores,
      loader: guard({ loginState: 'dashboard-access', internal: true }),
      lazy: async () => ({ Component: (await import('./business/StoresScreen')).StoresScreen }),
      handle: { layout: 'blank' },
    },
    {
      id: 'dashboard:customers',
      path: DASHBOARD_PATHS.customers,
      loader: access,
      lazy: async () => ({ Component: (await import('./business/CustomersScreen')).CustomersScreen }),
      handle: { layout: 'blank' },
    },
    {
      id: 'dashboard:projects',
      path: DASHBOARD_PATHS.projects,
      loader: guard({ loginState: 'dashboard-access', internal: true }),
      lazy: async () => ({ Component: (await import('./business/ProjectsScreen')).ProjectsListScreen }),
      handle: { layout: 'blank' },
    },
    {
      id: 'dashboard:manufacturers',
      path: DASHBOARD_PATHS.manufacturers,
      loader: guard({ loginState: 'dashboard-access', internal: true }),
      lazy: async () => ({ Component: (await import('./business/ProjectsScreen')).ManufacturersScreen }),
      handle: { layout: 'blank' },
    },
    {
      id: 'dashboard:collections',
      path: DASHBOARD_PATHS.collections,
      loader: access,
      lazy: async () => ({ Component: (await import('./business/CollectionsScreen')).CollectionsScreen }),
      handle: { layout: 'blank' },
    },
    {
      id: 'dashboard:notification-builder',
      path: DASHBOARD_PATHS.notificationBuilder,
      loader: access,
      lazy: async () => ({ Component: (await import('./notifications/NotificationBuilderScreen')).NotificationBuilderScreen }),
      handle: { layout: 'blank' },
    },
  ];
}
