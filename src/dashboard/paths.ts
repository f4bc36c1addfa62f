/** Dashboard addresses screens link to (the route table imports screens lazily, so they read paths from here). */
export const DASHBOARD_PATHS = {
  orders: '/dashboard/orders/',
  shipping: '/dashboard/shipping/',
  products: '/dashboard/products/',
  newProduct: '/dashboard/products/new/',
} as const;

export const productsApi = (divisionId: number, rest = '') => `/omnis/v3/dashboard/products/${rest}${rest.includes('?') ? '&' : '?'}store=${divisionId}`;
