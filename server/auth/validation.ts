import { createRuleBook, type RuleBook } from '../../src/core/rules';
import { readSchemaSet } from '../schemas/load';
import { ApiError, apiMessages } from '../http/errors';
import type { RuleParams } from '../../src/core/rules';

let book: RuleBook | undefined;
/** The §5.1 rule book (schemas/rules), compiled once: the same rules and messages as the client forms. */
export const rules = (): RuleBook => (book ??= createRuleBook(readSchemaSet().rules));

/** A rule as `name` or `[name, params]`. */
export type FieldRule = string | [string, RuleParams];

/** Password rules (§5.1 password; a minimum of 10 characters with the §5.1 min_length wording). */
export const PASSWORD_RULES: FieldRule[] = ['required', 'password', ['min_length', [10]], ['max_length', [200]]];
export const PASSWORD_MIN_LENGTH = 10;

/**
 * Checks fields with the rule book; `required` alone speaks about empty values. Throws 422 with the first
 * failing message of each field, keyed by field name.
 */
export function checkFields(fields: Record<string, { value: unknown; rules: FieldRule[] }>): void {
  const errors: Record<string, string[]> = {};
  const book = rules();
  for (const [name, { value, rules: list }] of Object.entries(fields)) {
    const empty = book.isEmpty(value);
    for (const rule of list) {
      const [ruleName, params] = typeof rule === 'string' ? [rule, [] as RuleParams] : rule;
      if (ruleName !== 'required' && empty) continue;
      const message = book.check(ruleName, params, value);
      if (message) {
        errors[name] = [message];
        break;
      }
    }
  }
  if (Object.keys(errors).length > 0) throw new ApiError(422, apiMessages.invalid, errors);
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
