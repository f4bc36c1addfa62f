/** §5.1 form rules: schemas/rules/*.json compiled into a rule book, and the validators that use it. */
export { createRuleBook, type RuleBook } from './book';
export { parseRules } from './parse';
export { parseDecimal, parseNumberField } from './number';
export {
  COLOUR_REQUIRED_MESSAGE,
  hasServerRules,
  validateForm,
  validateFormSync,
  validateValue,
  validateValueSync,
  type RuleContext,
} from './validate';
export type * from './types';
