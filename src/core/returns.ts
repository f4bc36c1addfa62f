/**
 * Returns (§2.2 /returns, §3 Order item returnLogs, §4 exchanges and resent): the reasons a shopper may give and
 * the rules both the return page and the API apply. Pure.
 */
import { FAILED_TO_ARRIVE, isBespoke, isShipped } from './orderLifecycle';
import { formatDay } from './dates';

export const RETURN_REASONS = [
  { code: 'too_small', label: 'Too small' },
  { code: 'too_big', label: 'Too big' },
  { code: 'not_as_pictured', label: 'Looks different from the pictures' },
  { code: 'changed_mind', label: 'I changed my mind' },
  { code: 'faulty', label: 'Faulty or damaged' },
  { code: 'wrong_item', label: 'I was sent the wrong item' },
  { code: FAILED_TO_ARRIVE, label: 'It never arrived' },
] as const;

export type ReturnReason = (typeof RETURN_REASONS)[number]['code'];
export const RETURN_REASON_CODES = RETURN_REASONS.map((r) => r.code) as ReturnReason[];

/** Reasons that are the store's fault: custom and personalised items may be returned only for these (§3 custom rule). */
export const FAULT_REASONS: readonly ReturnReason[] = ['faulty', 'wrong_item', FAILED_TO_ARRIVE];
export const isFaultReason = (reason: string) => (FAULT_REASONS as readonly string[]).includes(reason);

export const returnReasonLabel = (code: string) => RETURN_REASONS.find((r) => r.code === code)?.label ?? code;

/** Default days after dispatch a store accepts returns (each store stores its own). */
export const DEFAULT_RETURN_WINDOW_DAYS = 30;
/** The longest window a store may set (the column's check, migration 170). */
export const MAX_RETURN_WINDOW_DAYS = 365;

export type ReturnResolution = 'refund' | 'exchange';

/** Shopper-facing refusals (4xx answers of the returns API, shown as they are). */
export const returnMessages = {
  /** §8 page loading 404, for an unknown order address. */
  notFound: 'We were unable to find this page',
  noMatch: 'We could not find an order with this number and email address. Check both and try again.',
  notDispatched: 'This order has not been dispatched yet. You can return items once they are on their way to you.',
  bespoke: 'Made-to-order quotes cannot be returned here. Please contact us about this order.',
  windowClosed: (days: number, closed: string) => `The ${days}-day return window for this order closed on ${closed}.`,
  nothingChosen: 'Choose at least one item to return.',
  itemNotInOrder: 'This item is not part of the order.',
  nothingLeft: (name: string) => `${name} has already been returned.`,
  tooMany: (name: string, left: number) => `Only ${left} of ${name} can still be returned.`,
  customNotFaulty: (name: string) => `${name} was made to your design, so it can only be returned if it is faulty, wrong or never arrived.`,
  bundleExchange: (name: string) => `${name} is a set: it can be refunded but not exchanged.`,
  exchangeSame: (name: string) => `Choose a different size or colour of ${name} to exchange it for.`,
  exchangeUnknown: (name: string) => `${name} does not come in that size and colour.`,
  exchangeOutOfStock: (name: string, options: string) => `Sorry, ${name} is out of stock in ${options}.`,
  notPaid: 'This order was never paid, so there is nothing to return.',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the return rules need to know of an order. */
export interface ReturnFacts {
  status: string;
  /** Every status of its log. */
  history: readonly string[];
  /** When it first became complete (dispatched), or null. */
  dispatchedAt: Date | null;
  windowDays: number;
}

/** The last moment of the return window: dispatch plus the store's days. */
export const returnWindowEnd = (facts: ReturnFacts): Date | null => (facts.dispatchedAt ? new Date(facts.dispatchedAt.getTime() + facts.windowDays * DAY_MS) : null);

/** Why the order cannot be returned now, or null: only after dispatch (§4 shipped), within the store's window, never a quote. */
export function returnRefusal(facts: ReturnFacts, now: Date): string | null {
  if (isBespoke(facts)) return returnMessages.bespoke;
  if (!isShipped(facts) || !facts.dispatchedAt) return returnMessages.notDispatched;
  const end = returnWindowEnd(facts)!;
  if (now.getTime() > end.getTime()) return returnMessages.windowClosed(facts.windowDays, formatDay(end, 'long', 'UTC'));
  return null;
}
