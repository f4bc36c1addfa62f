/** Dashboard addresses screens link to (the route table imports screens lazily, so they read paths from here). */
export const DASHBOARD_PATHS = {
  orders: '/dashboard/orders/',
  shipping: '/dashboard/shipping/',
  settings: '/dashboard/settings/',
  products: '/dashboard/products/',
  newProduct: '/dashboard/products/new/',
  stores: '/dashboard/stores/',
  customers: '/dashboard/customers/',
  projects: '/dashboard/projects/',
  manufacturers: '/dashboard/manufacturers/',
  collections: '/dashboard/collections/',
  notificationBuilder: '/marketing-tools/notifications/builder',
} as const;

export const productsApi = (divisionId: number, rest = '') => `/omnis/v3/dashboard/products/${rest}${rest.includes('?') ? '&' : '?'}store=${divisionId}`;

/** GET every settings tab, or PATCH one (issue #17). */
export const settingsApi = (divisionId: number, tab?: string) => `/omnis/v3/divisions/${divisionId}/settings/${tab ? `${tab}/` : ''}`;
