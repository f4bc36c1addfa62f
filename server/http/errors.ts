import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ValidationError } from '../../src/core/schemas/types';

/** §8 API error wording. Responses are `{ message, errors? }` (DESIGN §5). */
export const apiMessages = {
  notFound: '404 Not found',
  forbidden: '403 Permission denied',
  proRequired: '402 Pro upgrade required',
  server: '500 Server error',
  invalid: 'The given data was invalid.',
  malformedJson: 'The request body is not valid JSON.',
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
    if (error.validation) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) (errors[v.instancePath || '/'] ??= []).push(v.message ?? 'is invalid');
      return reply.status(422).send({ message: apiMessages.invalid, errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 400 && (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)) {
      return reply.status(400).send({ message: apiMessages.malformedJson });
    }
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: apiMessages.server });
  });
}
