import { isEuCountry } from '../countries';

/**
 * §4 block conditions: the names a block may list in `properties.conditions`; it shows only when all pass.
 * The builder offers these; a name not listed here is logged and hides the block (§4).
 */
export const BLOCK_CONDITIONS = {
  'logged-in': 'Signed-in visitors',
  'logged-out': 'Visitors who are not signed in',
  mobile: 'Small screens (below 768 px)',
  desktop: 'Screens 768 px and wider',
  'from-mail': 'Visitors arriving from a mail campaign',
  'not-from-mail': 'Visitors not arriving from a mail campaign',
  'country-gb': 'Visitors in the United Kingdom',
  'country-eu': 'Visitors in the EU',
  'country-row': 'Visitors in the rest of the world',
} as const;

export type BlockConditionName = keyof typeof BLOCK_CONDITIONS;

/** What the conditions are decided from: facts the browser knows at render time. */
export interface VisitorFacts {
  loggedIn: boolean;
  /** Viewport width in px. */
  width: number;
  /** The page address's query parameters. */
  query: URLSearchParams;
  /** Country code from the visitor's country cookie, if any. */
  country: string | null;
}

/** §5.2: shoppers from the mail campaign carry cgi=teemail or utm_source_platform=teemail. */
export const isFromMail = (query: URLSearchParams) => query.get('cgi') === 'teemail' || query.get('utm_source_platform') === 'teemail';

export function blockConditions(facts: VisitorFacts): Record<BlockConditionName, () => boolean> {
  const country = facts.country?.toUpperCase() ?? null;
  return {
    'logged-in': () => facts.loggedIn,
    'logged-out': () => !facts.loggedIn,
    mobile: () => facts.width < 768,
    desktop: () => facts.width >= 768,
    'from-mail': () => isFromMail(facts.query),
    'not-from-mail': () => !isFromMail(facts.query),
    'country-gb': () => country === 'GB',
    'country-eu': () => isEuCountry(country),
    'country-row': () => country !== null && country !== 'GB' && !isEuCountry(country),
  };
}
