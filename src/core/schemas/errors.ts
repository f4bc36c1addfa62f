import type { ErrorObject } from 'ajv';
import type { ValidationError } from './types';

/** §5.1 messages for the generic JSON Schema failures that have a spec wording. */
export const formMessages = {
  required: 'This field is required',
  email: 'Please enter a valid email address',
  url: 'Please enter a valid url',
} as const;

const escapeSegment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Turns ajv's errors into `{path, message}` in the spec's words; one error per path and message. */
export function toValidationErrors(errors: ErrorObject[], basePath: string): ValidationError[] {
  const out: ValidationError[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    // The allOf/unevaluated wrappers produce a summary error beside the real ones; skip those.
    if (error.keyword === 'allOf' || error.keyword === 'if' || error.keyword === 'anyOf' || error.keyword === 'oneOf') continue;
    let path = basePath + error.instancePath;
    let message = error.message ?? 'is invalid';
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'required':
        path += `/${escapeSegment(String(params.missingProperty))}`;
        message = formMessages.required;
        break;
      case 'additionalProperties':
        path += `/${escapeSegment(String(params.additionalProperty))}`;
        message = 'is not a known property';
        break;
      case 'unevaluatedProperties':
        path += `/${escapeSegment(String(params.unevaluatedProperty))}`;
        message = 'is not a known property';
        break;
      case 'format':
        if (params.format === 'email') message = formMessages.email;
        else if (params.format === 'uri' || params.format === 'uri-reference' || params.format === 'iri') message = formMessages.url;
        break;
      case 'enum':
        message = `must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
        break;
      default:
        break;
    }
    const key = `${path}\u0000${message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ path, message });
    }
  }
  return out;
}
