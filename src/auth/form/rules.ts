import { createRuleBook, validateValueSync, type RuleBook, type RuleList } from '../../core/rules';
import type { JsonSchema } from '../../core/schemas/types';

/** The §5.1 rule schemas, bundled into the (lazy) auth screens only. */
const docs = import.meta.glob<JsonSchema>('/schemas/rules/*.json', { eager: true, import: 'default' });

let book: RuleBook | undefined;

/** The §5.1 rule book, compiled on first use. */
export function ruleBook(): RuleBook {
  book ??= createRuleBook(Object.fromEntries(Object.entries(docs).map(([file, doc]) => [file.replace(/^.*\/([^/]+)\.json$/, '$1'), doc])));
  return book;
}

/** The first §5.1 message for a value, or null. */
export const firstError = (value: unknown, rules: RuleList | undefined): string | null =>
  rules ? (validateValueSync(value, rules, { book: ruleBook() }).errors[0] ?? null) : null;

/** Minimum password length of the contract ("Must contain at least 10 characters", §5.1 min_length wording). */
export const PASSWORD_MIN_LENGTH = 10;

/** Field rules shared by the auth forms. */
export const FIELD_RULES = {
  email: 'required|email',
  /** Signing in checks only presence: the account's password was judged when it was set. */
  currentPassword: 'required',
  newPassword: `required|password|min_length:${PASSWORD_MIN_LENGTH}`,
  twoFactorAuthCode: 'required|app_2fa_code',
  recoveryCode: 'required|recovery_code',
  required: 'required',
} as const satisfies Record<string, RuleList>;

/** The contract's password-confirmation message. */
export const PASSWORD_CONFIRMATION_MESSAGE = 'The password confirmation does not match.';

/** A 2FA code as the API wants it: the §5.1 format allows one space after the third digit. */
export const normaliseCode = (code: string): string => code.replace(/\s+/g, '');
/** Recovery codes are shown upper case; accept what was typed, trimmed. */
export const normaliseRecoveryCode = (code: string): string => code.trim().toUpperCase();
