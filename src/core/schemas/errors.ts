import type { ErrorObject } from 'ajv';
import type { ValidationError } from './types';

/** §5.1 messages for the generic JSON Schema failures that have a spec wording. */
export const formMessages = {
  required: 'This field is required',
  email: 'Please enter a valid email address',
  url: 'Please enter a valid url',
} as const;

const TYPE_WORDS: Record<string, string> = {
  string: 'Must be text',
  number: 'Must be a number',
  integer: 'Must be a whole number',
  boolean: 'Must be on or off',
  array: 'Must be a list',
  object: 'Must be a group of values',
  null: 'Must be empty',
};

/**
 * The generic JSON Schema failures in plain words, §5.1's wording where a rule has one (min_length, max_length,
 * min_value, max_value; an empty required text is "This field is required"). Schemas with their own
 * errorMessage keep it (ajv-errors reports those under the errorMessage keyword).
 */
export function plainMessage(keyword: string, params: Record<string, unknown>): string | null {
  const limit = Number(params.limit);
  switch (keyword) {
    case 'minLength':
      return limit <= 1 ? formMessages.required : `Must contain at least ${limit} characters`;
    case 'maxLength':
      return `Must contain no more than ${limit} characters`;
    case 'minimum':
      return `Min ${limit}`;
    case 'maximum':
      return `Max ${limit}`;
    case 'exclusiveMinimum':
      return `Must be greater than ${limit}`;
    case 'exclusiveMaximum':
      return `Must be less than ${limit}`;
    case 'minItems':
      return limit === 1 ? 'Add at least one item' : `Add at least ${limit} items`;
    case 'maxItems':
      return limit === 1 ? 'Only one item is allowed' : `No more than ${limit} items are allowed`;
    case 'uniqueItems':
      return 'Each item must be different';
    case 'pattern':
      return 'Is not in the expected format';
    case 'multipleOf':
      return `Must be a multiple of ${String(params.multipleOf)}`;
    case 'const':
      return `Must be ${JSON.stringify(params.allowedValue)}`;
    case 'type': {
      const types = String(params.type).split(',');
      return types.length === 1 ? (TYPE_WORDS[types[0]!] ?? null) : `Must be ${types.map((t) => TYPE_WORDS[t]?.replace(/^Must be /, '') ?? t).join(' or ')}`;
    }
    default:
      return null;
  }
}

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
        message = plainMessage(error.keyword, params) ?? message;
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
