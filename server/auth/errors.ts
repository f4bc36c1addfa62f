import type { FastifyInstance } from 'fastify';
import { ApiError, apiMessages } from '../http/errors';

/**
 * An ApiError whose body carries extra top-level fields (e.g. `confirm: true` on 423, `redirect` on the
 * dashboard guards). The shared error handler writes `{ message, errors? }`; installAuthErrors merges the
 * extras into that body, so this works everywhere the handler does.
 */
export class AuthError extends ApiError {
  constructor(
    statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    errors?: Record<string, string[]>,
    /** Response headers to set (Retry-After on 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(statusCode, message, errors);
  }
}

/** 422 with field errors, keyed by field name as docs/auth-api.md shows (`errors.email`). */
export const fieldError = (field: string, message: string) => new ApiError(422, apiMessages.invalid, { [field]: [message] });

declare module 'fastify' {
  interface FastifyRequest {
    authError?: AuthError;
  }
}

export function installAuthErrors(app: FastifyInstance) {
  app.decorateRequest('authError', undefined);
  // onError runs before the error handler: remember the extras and set the headers.
  app.addHook('onError', async (request, reply, error) => {
    if (error instanceof AuthError) {
      request.authError = error;
      for (const [name, value] of Object.entries(error.headers)) void reply.header(name, value);
    }
  });
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const error = request.authError;
    if (!error || payload === null || typeof payload !== 'object') return payload;
    return { ...(payload as Record<string, unknown>), ...error.extra };
  });
}
