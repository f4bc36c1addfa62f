import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ValidationError } from '../../src/core/schemas/types';
import { isDatabaseUnavailable } from '../db/database';

/** §8 API error wording. Responses are `{ message, errors? }` (DESIGN §5). */
export const apiMessages = {
  notFound: '404 Not found',
  forbidden: '403 Permission denied',
  proRequired: '402 Pro upgrade required',
  server: '500 Server error',
  invalid: 'The given data was invalid.',
  malformedJson: 'The request body is not valid JSON.',
  unstorable: 'A value contains characters or a number that cannot be stored.',
  unavailable: 'The store is not answering right now. Please try again in a moment.',
  tooLarge: (limitBytes: number) => `The request body is too large (at most ${Math.floor(limitBytes / 1024)} KB).`,
} as const;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** Groups `{path, message}` errors by field path for a 422 body. */
export function fieldErrors(errors: ValidationError[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { path, message } of errors) (out[path || '/'] ??= []).push(message);
  return out;
}

interface SchemaIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/**
 * For routes declared with `attachValidation: true` that answer a failed schema check with 400 instead of the
 * usual 422 (the §7 catalogue look-ups and models/fetch): `{ message, errors: { "/field": [...] } }`, a
 * missing required property keyed by its own path.
 */
export function badRequest(validation: { validation?: SchemaIssue[] } | undefined): ApiError {
  const errors: Record<string, string[]> = {};
  for (const v of validation?.validation ?? []) {
    const missing = v.keyword === 'required' && typeof v.params?.missingProperty === 'string' ? `/${v.params.missingProperty}` : '';
    (errors[`${v.instancePath ?? ''}${missing}` || '/'] ??= []).push(v.message ?? 'is invalid');
  }
  return new ApiError(400, apiMessages.invalid, errors);
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error.validation && error.validationContext === 'params') {
      // A path naming something that cannot exist (a word where an id goes) is a page that is not there.
      return reply.status(404).send({ message: request.routeOptions.config?.notFound ?? apiMessages.notFound });
    }
    if (error.validation) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) (errors[v.instancePath || '/'] ??= []).push(v.message ?? 'is invalid');
      return reply.status(422).send({ message: apiMessages.invalid, errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 400 && (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)) {
      return reply.status(400).send({ message: apiMessages.malformedJson });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: apiMessages.tooLarge(request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0) });
    }
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
    // Text the database cannot store (NUL, lone surrogates) or numbers beyond its range: the caller's input, not our fault.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && ['22P05', '22021', '22003', '22P02', '22008', '22007'].includes(code)) {
      return reply.status(400).send({ message: apiMessages.invalid, errors: { '/': [apiMessages.unstorable] } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: apiMessages.unavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: apiMessages.server });
  });
}
