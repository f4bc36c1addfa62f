import type { RuleList } from './rules/types';

/**
 * §3/§4 split tests as store data: each store defines its tests (code, name, variations, default, active) in its
 * settings; favourite_products (favourites hidden or shown) is every store's until the owner changes it. The
 * storefront shows the variation named in the query parameter, else the one this visitor's session was given when
 * it discovered the test, else the default.
 */
export interface SplitTestDefinition {
  code: string;
  name: string;
  variations: string[];
  defaultVariation: string;
  active: boolean;
}

/** §3 Split test as store state carries it: one per active test of the store. */
export interface SplitTestState {
  code: string;
  name: string;
  /** The variation this visitor's session was given (null before it discovered the test). */
  variation: string | null;
  availableVariations: readonly string[];
  default: string;
  /** Whether this session has discovered the test (discovery is recorded once per session). */
  discovered: boolean;
}

/** §4: favourites start disabled and are enabled by favourite_products / show. */
export const FAVOURITES_SPLIT_TEST: SplitTestDefinition = { code: 'favourite_products', name: 'Favourites', variations: ['hide', 'show'], defaultVariation: 'hide', active: true };
/** What a store that never saved its split tests runs. */
export const DEFAULT_SPLIT_TESTS: readonly SplitTestDefinition[] = [FAVOURITES_SPLIT_TEST];

/** §8. */
export const splitTestMissingMessage = (name: string) => `Split Test ${name} doesn't exist or is no longer active.`;
export const invalidVariationMessage = (variation: string, name: string) => `Variation ${variation} is not part of split test ${name}`;
/** The cookie that keeps a visitor's variation of a test for their session. */
export const splitCookieName = (code: string) => `split_${code}`;

/** Codes and variations travel in addresses (?favourite_products=show): lower-case words joined by _ or -. */
const ADDRESS_WORD = { rule: 'regex', pattern: '^[a-z0-9]+(?:[_-][a-z0-9]+)*$', message: 'Use lower-case letters and digits, joined by - or _' } as const;
export const SPLIT_TEST_CODE_RULES: RuleList = ['required', ADDRESS_WORD, 'max_length:40'];
export const SPLIT_TEST_NAME_RULES: RuleList = 'required|max_length:80';
export const SPLIT_VARIATION_RULES: RuleList = ['required', ADDRESS_WORD, 'max_length:30'];
export const splitTestMessages = {
  twoVariations: 'Add at least two variations',
  tooManyVariations: 'A test may have at most 10 variations',
  sameVariation: 'Each variation needs its own name',
  defaultNotAVariation: 'Pick one of the variations',
  codeTaken: 'Another test uses this code',
} as const;
export const MAX_SPLIT_TESTS = 20;
export const MAX_VARIATIONS = 10;

/** The store state of its active tests; `assigned` is what this visitor's session was given, per test code. */
export function splitTestStates(tests: readonly SplitTestDefinition[], assigned: (code: string) => string | undefined): Record<string, SplitTestState> {
  const states: Record<string, SplitTestState> = {};
  for (const t of tests) {
    if (!t.active) continue;
    const given = assigned(t.code);
    const variation = given !== undefined && t.variations.includes(given) ? given : null;
    states[t.code] = { code: t.code, name: t.name, variation, availableVariations: t.variations, default: t.defaultVariation, discovered: variation !== null };
  }
  return states;
}

/**
 * §4: the variation shown. The query parameter named after the test wins when it is one of its variations (an
 * unknown one is reported, not used); then the session's; then the default. A test the store does not run answers
 * its fallback and says so.
 */
export function chooseVariation(
  code: string,
  test: Pick<SplitTestState, 'variation' | 'availableVariations' | 'default'> | undefined,
  query: URLSearchParams | undefined,
  fallback: string,
): { variation: string; problem: string | null } {
  if (!test) return { variation: fallback, problem: splitTestMissingMessage(code) };
  const fromQuery = query?.get(code) ?? null;
  if (fromQuery !== null && test.availableVariations.includes(fromQuery)) return { variation: fromQuery, problem: null };
  const problem = fromQuery !== null ? invalidVariationMessage(fromQuery, code) : null;
  if (test.variation && test.availableVariations.includes(test.variation)) return { variation: test.variation, problem };
  return { variation: test.default, problem };
}

/** One test's own §5.1 messages, keyed under `tests.{index}.` as the settings API keys them. */
export function splitTestErrors(tests: readonly SplitTestDefinition[], check: (value: unknown, rules: RuleList) => string | null): Record<string, string> {
  const errors: Record<string, string> = {};
  const put = (key: string, message: string | null) => {
    if (message && !errors[key]) errors[key] = message;
  };
  tests.forEach((t, i) => {
    const at = `tests.${i}`;
    put(`${at}.code`, check(t.code.trim(), SPLIT_TEST_CODE_RULES));
    if (tests.findIndex((o) => o.code.trim() === t.code.trim()) !== i) put(`${at}.code`, splitTestMessages.codeTaken);
    put(`${at}.name`, check(t.name.trim(), SPLIT_TEST_NAME_RULES));
    const variations = t.variations.map((v) => v.trim());
    if (variations.length < 2) put(`${at}.variations`, splitTestMessages.twoVariations);
    if (variations.length > MAX_VARIATIONS) put(`${at}.variations`, splitTestMessages.tooManyVariations);
    variations.forEach((v, j) => put(`${at}.variations`, check(v, SPLIT_VARIATION_RULES) ?? (variations.indexOf(v) !== j ? splitTestMessages.sameVariation : null)));
    if (!variations.includes(t.defaultVariation.trim())) put(`${at}.defaultVariation`, splitTestMessages.defaultNotAVariation);
  });
  return errors;
}
