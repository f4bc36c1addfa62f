import type { FastifyInstance } from 'fastify';

/** A registered route as Fastify sees it: one entry per method. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Which parts of the request the route's Fastify schema validates. */
  schema: { params: boolean; querystring: boolean; body: boolean };
  /** The route's declared reason for having no body schema (server/http/routeSchemas.ts). */
  bodyKind?: string | undefined;
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
    const schema = { params: Boolean(route.schema?.params), querystring: Boolean(route.schema?.querystring), body: Boolean(route.schema?.body) };
    const bodyKind = (route.config as { body?: string } | undefined)?.body;
    for (const method of [route.method].flat()) if (method !== 'HEAD') list.push({ method, url: route.url, schema, bodyKind });
  });
}

/** The routes registered so far (empty when trackRoutes was not installed). */
export const registeredRoutes = (app: FastifyInstance): RegisteredRoute[] => [...((app as Tracked)[ROUTES] ?? [])];
