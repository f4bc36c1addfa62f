import { LIVE_CHAT_CONSOLE_PATH } from '../core/staffPaths';

/** The staff screens of atlas (§1): the floor (orders, production, picking), permission requests, the mail outbox and users. */
export const ATLAS_PATHS = {
  home: '/atlas/',
  orders: '/atlas/orders/',
  quotes: '/atlas/quotes/',
  production: '/atlas/production/',
  picking: '/atlas/picking/',
  permissions: '/atlas/permissions/',
  outbox: '/atlas/outbox/',
  users: '/atlas/users/',
  chat: LIVE_CHAT_CONSOLE_PATH,
} as const;
