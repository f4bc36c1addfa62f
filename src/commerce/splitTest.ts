import { api } from '../lib/api';
import { chooseVariation, FAVOURITES_SPLIT_TEST, type SplitTestState } from '../core/splitTests';

/**
 * §4 split tests in the browser. The variation is chosen by the one rule of src/core/splitTests.ts from the
 * address, this session's variation (store core data) and the test's default, then fixed for this page load (the
 * query parameter still overrides). The first time a session meets a test it is discovered: the server gives the
 * session its variation for the next pages and counts it for the owner.
 */

export interface SplitTestUse {
  code: string;
  /** What shows when the store does not run the test. */
  fallback: string;
}

/** §4: favourites are hidden unless favourite_products says "show". */
export const FAVOURITES_TEST: SplitTestUse = { code: FAVOURITES_SPLIT_TEST.code, fallback: FAVOURITES_SPLIT_TEST.defaultVariation };

const fixed = new Map<string, string>();
const reported = new Set<string>();
const DISCOVERED_KEY = (divisionId: number, code: string) => `split_discovered_${divisionId}_${code}`;

/** Records once per browser session that it met the test (sessionStorage outlives page loads, not the session). */
function discover(divisionId: number, test: SplitTestState) {
  if (test.discovered) return;
  try {
    if (sessionStorage.getItem(DISCOVERED_KEY(divisionId, test.code))) return;
    sessionStorage.setItem(DISCOVERED_KEY(divisionId, test.code), '1');
  } catch {
    return; // storage refused: do not count a session that cannot be told apart
  }
  void api(`/omnis/v3/split-tests/${divisionId}/${encodeURIComponent(test.code)}/discover/`, { method: 'POST' }).catch(() => undefined);
}

/** The variation of a test for this page load, in this browser. */
export function variationOf(use: SplitTestUse, tests: Readonly<Record<string, SplitTestState | undefined>>, divisionId: number): string {
  const query = new URLSearchParams(window.location.search);
  const cached = fixed.get(use.code);
  if (cached !== undefined && !query.has(use.code)) return cached;
  const test = tests[use.code];
  const { variation, problem } = chooseVariation(use.code, test, query, use.fallback);
  if (problem && !reported.has(problem)) {
    reported.add(problem);
    console.error(problem);
  }
  if (test) discover(divisionId, test);
  fixed.set(use.code, variation);
  return variation;
}

/** §2.2/§6: internal users see the store's split tests and their variations in the console. */
export function logSplitTests(tests: Readonly<Record<string, SplitTestState | undefined>>) {
  const rows = Object.values(tests)
    .filter((t): t is SplitTestState => !!t)
    .map((t) => ({ test: t.code, name: t.name, variation: t.variation ?? `${t.default} (default)`, variations: t.availableVariations.join(', ') }));
  console.info('Split tests', rows);
}

/** Test hook: forget what was fixed and reported. */
export const resetSplitTests = () => {
  fixed.clear();
  reported.clear();
};
