/** The staff screens of atlas (§1): the floor (orders, production, picking), permission requests, the mail outbox and users. */
export const ATLAS_PATHS = {
  home: '/atlas/',
  orders: '/atlas/orders/',
  production: '/atlas/production/',
  picking: '/atlas/picking/',
  permissions: '/atlas/permissions/',
  outbox: '/atlas/outbox/',
  users: '/atlas/users/',
} as const;
