import type { ValidateFunction } from 'ajv';
import { createAjv } from '../schemas/ajv';
import { SCHEMA_BASE } from '../schemas/registry';
import type { JsonSchema } from '../schemas/types';
import { parseDecimal } from './number';
import { PARAM_CHECKS, formatMessage, resolveParams } from './params';
import type { RuleMeta, RuleParams } from './types';

/** The compiled rules of schemas/rules/ (one document per rule, keyed by file name). */
export interface RuleBook {
  /** Rule names, sorted. */
  readonly names: readonly string[];
  meta(name: string): RuleMeta | undefined;
  /** Empty as the `required` schema defines it; every other rule passes on such values. */
  isEmpty(value: unknown): boolean;
  /** null when the value passes, else the rule's message with its parameters filled in. Throws on unknown rules or bad parameters. */
  check(name: string, params: RuleParams, value: unknown): string | null;
}

const RULE_BASE = `${SCHEMA_BASE}rules/`;


const fileName = (item: unknown): unknown =>
  item !== null && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string' ? (item as { name: string }).name : item;

/**
 * Form values arrive as text or numbers; each rule sees them as its schema's type: numbers as text for
 * pattern rules, numeric text as a number for value rules, a file or name as a one-item list for ext.
 */
const PRESENT: Record<string, (value: unknown) => unknown> = {
  string: (v) => (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : v),
  number: (v) => (typeof v === 'string' && !Number.isNaN(parseDecimal(v)) ? parseDecimal(v) : v),
  array: (v) => (Array.isArray(v) ? v : [v]).map(fileName),
};

export function createRuleBook(docs: Readonly<Record<string, JsonSchema>>): RuleBook {
  const ajv = createAjv({ useDefaults: false });
  const metas = new Map<string, RuleMeta>();
  for (const [name, doc] of Object.entries(docs)) {
    const meta = doc['x-rule'] as RuleMeta | undefined;
    if (meta?.name !== name) throw new Error(`Rule schema ${name}.json must declare x-rule.name "${name}"`);
    if (meta.params && (!PARAM_CHECKS[name] || typeof doc['x-message'] !== 'string')) {
      throw new Error(`Rule ${name} has parameters but no check builder or x-message`);
    }
    metas.set(name, meta);
    ajv.addSchema({ ...doc, $id: `${RULE_BASE}${name}.json` });
  }
  if (!metas.has('required')) throw new Error('The rule book needs the required rule (it defines empty values)');

  // A $ref-only document (sms_2fa_code → app_2fa_code) takes the type of its target.
  const typeOf = (name: string): string | undefined => {
    const doc = docs[name];
    if (typeof doc?.type === 'string') return doc.type;
    return typeof doc?.$ref === 'string' ? typeOf(doc.$ref.replace(/\.json$/, '')) : undefined;
  };
  const present = new Map([...metas.keys()].map((name) => [name, PRESENT[typeOf(name) ?? ''] ?? ((v: unknown) => v)]));

  const compiled = new Map<string, ValidateFunction>();
  const validator = (name: string, params: RuleParams): ValidateFunction => {
    const meta = metas.get(name);
    if (!meta) throw new Error(`Unknown rule ${name}`);
    const values = resolveParams(name, meta.params, params);
    const key = meta.params ? `${name}:${JSON.stringify(values)}` : name;
    let fn = compiled.get(key);
    if (!fn) {
      fn = meta.params
        ? ajv.compile({ ...PARAM_CHECKS[name]!(values), errorMessage: formatMessage(docs[name]!['x-message'] as string, values) })
        : ajv.getSchema(`${RULE_BASE}${name}.json`)!;
      compiled.set(key, fn);
    }
    return fn;
  };
  // Compile the plain rules now, so a broken schema fails at start-up rather than on a shopper's keystroke.
  for (const [name, meta] of metas) if (!meta.params) validator(name, []);

  const required = validator('required', []);
  return {
    names: [...metas.keys()].sort(),
    meta: (name) => metas.get(name),
    isEmpty: (value) => !required(value ?? null),
    check(name, params, value) {
      const fn = validator(name, params);
      return fn(present.get(name)!(value ?? null)) ? null : (fn.errors?.[0]?.message ?? `Invalid value for ${name}`);
    },
  };
}
