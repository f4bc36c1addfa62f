import type { RuleBook } from './book';
import { parseRules } from './parse';
import type { FormResult, ParsedRule, PostFn, RuleList, RuleResult } from './types';

/** §5.1 colour selector error. */
export const COLOUR_REQUIRED_MESSAGE = 'Please select a colour';

export interface RuleContext {
  book: RuleBook;
  /** Needed only when a rule list has server rules. */
  post?: PostFn;
}

type ServerRule = Extract<ParsedRule, { kind: 'server' }>;

interface LocalOutcome extends RuleResult {
  /** Server rules still to run: only when the value is non-empty and no local rule failed. */
  pending: ServerRule[];
}

const isSilent = (rule: ParsedRule, book: RuleBook) => rule.silent ?? (rule.kind === 'schema' && book.meta(rule.name)?.silent === true);

function record(result: RuleResult, message: string | null, silent: boolean) {
  if (message !== null) (silent ? result.advisories : result.errors).push(message);
}

/** Runs every schema and regex rule; only `required` looks at an empty value, the others pass on it. */
function validateLocal(value: unknown, rules: ParsedRule[], book: RuleBook): LocalOutcome {
  const empty = book.isEmpty(value);
  const outcome: LocalOutcome = { valid: true, errors: [], advisories: [], pending: [] };
  for (const rule of rules) {
    if (rule.kind === 'server') continue;
    if (empty && !(rule.kind === 'schema' && rule.name === 'required')) continue;
    const message =
      rule.kind === 'schema' ? book.check(rule.name, rule.params, value) : rule.pattern.test(String(value)) ? null : rule.message;
    record(outcome, message, isSilent(rule, book));
  }
  // Asking the server about a value that already fails locally (or is empty) would be a wasted round trip.
  if (!empty && outcome.errors.length === 0) outcome.pending = rules.filter((rule): rule is ServerRule => rule.kind === 'server');
  return outcome;
}

async function runServerRule(rule: ServerRule, value: unknown, post: PostFn | undefined): Promise<string | null> {
  if (!post) throw new Error(`Server rule ${rule.path} needs ctx.post`);
  // An unreachable check cannot vouch for the value, so a failed call counts as a failed check.
  const answer = await post(rule.path, { value }).catch(() => false);
  return answer ? null : rule.message;
}

const done = ({ errors, advisories }: RuleResult): RuleResult => ({ valid: errors.length === 0, errors, advisories });

/** Validates one field value against its rules, including server rules. */
export async function validateValue(value: unknown, rules: RuleList | undefined, ctx: RuleContext): Promise<RuleResult> {
  const parsed = parseRules(rules);
  const outcome = validateLocal(value, parsed, ctx.book);
  const answers = await Promise.all(outcome.pending.map((rule) => runServerRule(rule, value, ctx.post)));
  outcome.pending.forEach((rule, index) => record(outcome, answers[index] ?? null, isSilent(rule, ctx.book)));
  return done(outcome);
}

/** Sync fast path (validate on input): throws if the list has server rules, which need a round trip. */
export function validateValueSync(value: unknown, rules: RuleList | undefined, ctx: Pick<RuleContext, 'book'>): RuleResult {
  const parsed = parseRules(rules);
  if (parsed.some((rule) => rule.kind === 'server')) throw new Error('validateValueSync cannot run server rules; use validateValue');
  return done(validateLocal(value, parsed, ctx.book));
}

/** True when validateValueSync can handle the list. */
export const hasServerRules = (rules: RuleList | undefined): boolean => parseRules(rules).some((rule) => rule.kind === 'server');

function collect(fields: string[], results: RuleResult[]): FormResult {
  const form: FormResult = { valid: true, errors: {}, advisories: {} };
  fields.forEach((field, index) => {
    const result = results[index]!;
    form.errors[field] = result.errors;
    form.advisories[field] = result.advisories;
    form.valid &&= result.valid;
  });
  return form;
}

/** Whole-form validation (§5.1): valid only if every declared field passes; every field gets a list. */
export async function validateForm(
  values: Readonly<Record<string, unknown>>,
  fieldRules: Readonly<Record<string, RuleList>>,
  ctx: RuleContext,
): Promise<FormResult> {
  const fields = Object.keys(fieldRules);
  return collect(fields, await Promise.all(fields.map((field) => validateValue(values[field], fieldRules[field], ctx))));
}

/** Sync whole-form validation; throws if any field has server rules. */
export function validateFormSync(
  values: Readonly<Record<string, unknown>>,
  fieldRules: Readonly<Record<string, RuleList>>,
  ctx: Pick<RuleContext, 'book'>,
): FormResult {
  const fields = Object.keys(fieldRules);
  return collect(fields, fields.map((field) => validateValueSync(values[field], fieldRules[field], ctx)));
}
