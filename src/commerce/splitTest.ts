import { readCookie } from '../lib/cookies';
/**
 * §4 split tests in the browser: the variation named in the query parameter (named after the test) wins; else the
 * variation fixed earlier (cookie "split_{name}"); else the session's active variation from the store core data;
 * else the test's default. Once chosen, the variation is kept in the cookie, so it stays fixed for the session.
 */

export interface SplitTestDefinition {
  name: string;
  variations: readonly string[];
  defaultVariation: string;
}

/** §4: favourites start disabled and are enabled by favourite_products / show. */
export const FAVOURITES_TEST: SplitTestDefinition = { name: 'favourite_products', variations: ['hide', 'show'], defaultVariation: 'hide' };

export const splitCookieName = (name: string) => `split_${name}`;
export const splitTestMissingMessage = (name: string) => `Split Test ${name} doesn't exist or is no longer active.`;

export interface SplitTestInputs {
  query: URLSearchParams;
  cookie: string | null;
  /** state.splitTest[name] of the store core data, when the session has one. */
  session: { variation?: unknown } | null | undefined;
}

/** Pure rule: which variation shows, and whether it came from an unknown query value (logged as an error). */
export function chooseVariation(test: SplitTestDefinition, inputs: SplitTestInputs): { variation: string; invalidQuery: boolean } {
  const fromQuery = inputs.query.get(test.name);
  if (fromQuery !== null) {
    if (test.variations.includes(fromQuery)) return { variation: fromQuery, invalidQuery: false };
  }
  const invalidQuery = fromQuery !== null;
  if (inputs.cookie && test.variations.includes(inputs.cookie)) return { variation: inputs.cookie, invalidQuery };
  const session = inputs.session?.variation;
  if (typeof session === 'string' && test.variations.includes(session)) return { variation: session, invalidQuery };
  return { variation: test.defaultVariation, invalidQuery };
}

const cache = new Map<string, string>();

/** The variation for this browser: fixed once loaded, except that the query parameter always overrides. */
export function variationOf(test: SplitTestDefinition, splitTestState: Record<string, unknown>): string {
  const query = new URLSearchParams(window.location.search);
  const cached = cache.get(test.name);
  if (cached !== undefined && !query.has(test.name)) return cached;
  const { variation, invalidQuery } = chooseVariation(test, {
    query,
    cookie: readCookie(splitCookieName(test.name)) ?? null,
    session: splitTestState[test.name] as { variation?: unknown } | undefined,
  });
  if (invalidQuery) console.error(`Variation ${query.get(test.name)} is not part of split test ${test.name}`);
  cache.set(test.name, variation);
  document.cookie = `${splitCookieName(test.name)}=${encodeURIComponent(variation)}; path=/; samesite=lax`;
  return variation;
}

/** Test hook: forget what was fixed. */
export const resetSplitTests = () => cache.clear();
