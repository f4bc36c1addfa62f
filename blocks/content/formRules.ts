import requiredRule from '../../schemas/rules/required.json';
import emailRule from '../../schemas/rules/email.json';
import { createRuleBook, validateValueSync, type RuleBook } from '../../src/core/rules';
import type { JsonSchema } from '../../src/core/schemas/types';

let book: RuleBook | undefined;
// Only the rules block forms use, compiled on first use so a page without a form never pays for ajv.
const ruleBook = (): RuleBook => (book ??= createRuleBook({ required: requiredRule as JsonSchema, email: emailRule as JsonSchema }));

/** §5.1 required + email with the rules' exact messages; null when the address is acceptable. */
export function emailError(value: string): string | null {
  return validateValueSync(value, 'required|email', { book: ruleBook() }).errors[0] ?? null;
}
