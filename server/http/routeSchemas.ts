import { MAX_ID } from './inputGuard';

/**
 * Shared Fastify schemas for route parameters. Every route with a parameter in its path declares it here or
 * beside the route (routeSchemas.test.ts fails on one that does not), so ids are checked once, with one bound,
 * before a handler runs. A parameter that fails its schema names nothing that exists: the error handler answers
 * 404 (with the route's `config.notFound` message when it has one).
 */

/** A row id in a path: a whole number from 1 to PostgreSQL's integer maximum (Fastify turns the text into a number). */
export const ID = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;

/** A name in a path (a theme, a font family, a product's url name, a file): bounded text. */
export const NAME = { type: 'string', minLength: 1, maxLength: 200 } as const;

/** A hash or token in a path (order and customer hashes, mailed tokens). */
export const TOKEN = { type: 'string', minLength: 1, maxLength: 200 } as const;

type Property = {
  readonly type: 'integer' | 'string';
  readonly [rule: string]: unknown;
};

/** The params schema of a route: each named parameter with its type, all required. */
export function paramsSchema<const P extends Record<string, Property>>(properties: P) {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
  } as const;
}

/** `:divisionId` alone, the most common path. */
export const DIVISION_PARAMS = paramsSchema({ divisionId: ID });

/**
 * Declared by a route that takes a body without a Fastify body schema, with the reason: `none` (the call carries
 * no body), `raw` (a signed webhook read byte for byte), `multipart` (a file streamed through @fastify/multipart)
 * or `entity` (a whole page or theme document, checked in the handler against its entity schema in schemas/ with
 * the block registry, which gives the §5 field messages).
 */
export type BodyKind = 'none' | 'raw' | 'multipart' | 'entity';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Why the route has no body schema (see BodyKind). */
    body?: BodyKind;
    /** The 404 message when a path parameter fails its schema (default §8 "404 Not found"). */
    notFound?: string;
  }
}
