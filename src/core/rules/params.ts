import type { JsonSchema } from '../schemas/types';
import type { RuleParams } from './types';

/** Resolved parameters by name, as declared in the schema's `x-rule.params`. */
export type ParamValues = Record<string, unknown>;

const count = (rule: string, value: unknown): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Rule ${rule} needs a whole number of characters, got ${String(value)}`);
  return n;
};

const finite = (rule: string, value: unknown): number => {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`Rule ${rule} needs a number, got ${String(value)}`);
  return n;
};

/** "jpg" or ".JPG" → "[jJ][pP][gG]": ajv patterns take no flags, so case-insensitivity is spelt out. */
const caseless = (format: string): string =>
  Array.from(format.replace(/^\./, ''), (ch) => {
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    return lower === upper ? ch.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&') : `[${lower}${upper}]`;
  }).join('');

/**
 * The check of each parameterised rule for given parameters. The schema file holds the same check for
 * the default parameters (a test keeps the two equal) plus the message template and the defaults.
 */
export const PARAM_CHECKS: Record<string, (params: ParamValues) => JsonSchema> = {
  min_length: ({ n }) => ({ type: 'string', minLength: count('min_length', n) }),
  max_length: ({ n }) => ({ type: 'string', maxLength: count('max_length', n) }),
  min_value: ({ n }) => ({ type: 'number', minimum: finite('min_value', n) }),
  max_value: ({ n }) => ({ type: 'number', maximum: finite('max_value', n) }),
  ext: ({ formats }) => ({
    type: 'array',
    items: { type: 'string', pattern: `\\.(?:${(formats as unknown[]).map((f) => caseless(String(f))).join('|')})$` },
  }),
};

const isMissing = (value: unknown) => value === undefined || value === null || (Array.isArray(value) && value.length === 0);

/**
 * Maps what a form gave onto the declared parameters. Positional values fill them in declaration
 * order; a parameter whose default is a list takes all remaining values (ext:jpg,png). Undeclared or
 * missing required parameters are form bugs and throw.
 */
export function resolveParams(rule: string, declared: Record<string, unknown> | undefined, given: RuleParams): ParamValues {
  const entries = Object.entries(declared ?? {});
  const givenCount = Array.isArray(given) ? given.length : Object.keys(given).length;
  if (entries.length === 0) {
    if (givenCount > 0) throw new Error(`Rule ${rule} takes no parameters`);
    return {};
  }
  const values: ParamValues = {};
  entries.forEach(([name, fallback], index) => {
    let value: unknown;
    if (Array.isArray(given)) value = Array.isArray(fallback) ? given.slice(index) : given[index];
    else value = (given as Record<string, unknown>)[name];
    if (isMissing(value)) value = fallback;
    if (isMissing(value)) throw new Error(`Rule ${rule} needs parameter ${name}`);
    values[name] = Array.isArray(fallback) && !Array.isArray(value) ? [value] : value;
  });
  return values;
}

/** "Must contain at least {n} characters" + { n: 5 }; lists read "jpg, png" (§5.1 ext). */
export const formatMessage = (template: string, params: ParamValues): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return Array.isArray(value) ? value.map(String).join(', ') : String(value);
  });
