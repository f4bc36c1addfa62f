import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, apiMessages } from './errors';

/** Ids are PostgreSQL integers (1 … 2,147,483,647). */
export const MAX_ID = 2_147_483_647;

export const inputMessages = {
  badText: 'Contains a character that cannot be stored (a NUL byte or a broken Unicode character).',
  badId: `Must be a whole number from 1 to ${MAX_ID}.`,
  badNumber: 'Must be a finite number.',
} as const;

/** A NUL byte or a UTF-16 surrogate without its partner: neither can be stored as text in PostgreSQL. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Parameter and query names that hold a row id: `id`, `pageId`, `divisionId`, `division` … */
const ID_NAME = /^(id|divisions?|[a-z][a-zA-Z]*Id)$/;
const BODY_ID_NAME = /^(id|[a-z][a-zA-Z]*Id)$/;

/**
 * An id parameter that is a number the database cannot hold (negative, fractional, exponent or beyond the integer
 * range) is the caller's mistake: 400. Other text ("abc", 0) is left to the route, whose answer is 404.
 */
const isBadIdText = (value: string) => /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(value) && !(/^\d{1,10}$/.test(value) && Number(value) <= MAX_ID);
const isIdNumber = (value: number) => Number.isInteger(value) && value >= 0 && value <= MAX_ID;

/**
 * Refuses input the database would choke on, before any handler sees it, as a 400 naming the field:
 * NUL bytes and lone surrogates in any string (path, query or body), non-finite numbers in a body (1e309 parses
 * as Infinity), and ids outside PostgreSQL's integer range in path parameters, query strings and bodies.
 * Runs after the body depth cap, so the walk is bounded.
 */
export function findBadInput(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => {
    const list = (errors[path] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const value of [request.params, request.query]) {
    if (!value || typeof value !== 'object') continue;
    for (const [name, raw] of Object.entries(value as Record<string, unknown>)) {
      for (const item of [raw].flat()) {
        if (typeof item !== 'string') continue;
        if (UNSTORABLE.test(item) || UNSTORABLE.test(name)) add(`/${name}`, inputMessages.badText);
        // A store may be named by its id in `division`; lists (`1,2`) are checked item by item.
        else if (ID_NAME.test(name) && item.split(',').some((part) => isBadIdText(part.trim()))) add(`/${name}`, inputMessages.badId);
      }
    }
  }
  const body = request.body;
  if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body)) {
    // Top-level ids (`divisionId`, `itemIds: [...]`); ids inside page content are the content's business.
    if (!Array.isArray(body)) {
      for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
        if (BODY_ID_NAME.test(name) && typeof value === 'number' && !isIdNumber(value)) add(`/${name}`, inputMessages.badId);
        if (/^[a-z][a-zA-Z]*Ids$/.test(name) && Array.isArray(value)) {
          value.forEach((item, i) => typeof item === 'number' && !isIdNumber(item) && add(`/${name}/${i}`, inputMessages.badId));
        }
      }
    }
    const stack: [unknown, string][] = [[body, '']];
    let seen = 0;
    while (stack.length > 0 && seen++ < 100_000) {
      const [node, path] = stack.pop()!;
      if (typeof node === 'string') {
        if (UNSTORABLE.test(node)) add(path || '/', inputMessages.badText);
      } else if (typeof node === 'number') {
        if (!Number.isFinite(node)) add(path || '/', inputMessages.badNumber);
      } else if (node !== null && typeof node === 'object') {
        for (const [name, child] of Object.entries(node as Record<string, unknown>)) {
          if (UNSTORABLE.test(name)) add(`${path}/${name}`, inputMessages.badText);
          stack.push([child, `${path}/${name}`]);
        }
      }
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const errors = findBadInput(request);
    if (errors) throw new ApiError(400, apiMessages.invalid, errors);
  });
}
