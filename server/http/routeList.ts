import type { FastifyInstance } from 'fastify';

/** A registered route as Fastify sees it: one entry per method. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

const ROUTES = Symbol('registeredRoutes');
type Tracked = FastifyInstance & { [ROUTES]?: RegisteredRoute[] };

/**
 * Records every route the app registers (Fastify's onRoute), so the authorisation matrix and the fuzz suite cover a
 * new route without anyone listing it. Install before the first route.
 */
export function trackRoutes(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  (app as Tracked)[ROUTES] = list;
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') list.push({ method, url: route.url });
  });
}

/** The routes registered so far (empty when trackRoutes was not installed). */
export const registeredRoutes = (app: FastifyInstance): RegisteredRoute[] => [...((app as Tracked)[ROUTES] ?? [])];
