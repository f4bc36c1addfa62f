/**
 * The order lifecycle as data (DESIGN §8, Vendure-style): every §4 status, the one table of transitions allowed
 * between them, the three progress-group sets (normal, bespoke, paper) with the §4 percentage, and the bespoke /
 * shipped / resent / exchange rules. The server enforces and logs every change with it; the receipt, atlas and
 * the dashboard draw progress with it. Pure: no React, no Node.
 */

/** §4 "Normal" progress groups, in order. */
export const NORMAL_PROGRESS_GROUPS = [
  ['new', 'to_be_paid'],
  ['paid'],
  ['processing', 'label_printed', 'printed'],
  ['consolidated', 'packing'],
  ['disputed', 'issue'],
  ['complete', 'exchanged', 'refunded'],
] as const;

/** §4 "Bespoke" progress groups (quotes and made-to-brief orders). */
export const BESPOKE_PROGRESS_GROUPS = [
  ['quote', 'bespoke_idle'],
  ['bespoke_requested_terms', 'bespoke_authorised_terms'],
  ['bespoke_mockup', 'bespoke_approved'],
  ['bespoke_paid', 'po_confirmed'],
  ['bespoke_production', 'bespoke_documents_printed'],
  ['bespoke_sorted'],
  ['bespoke_printing'],
  ['bespoke_packing'],
  ['bespoke_shipped', 'bespoke_refunded'],
] as const;

/** §4 "Paper" progress groups: paper products are made at the newport factory. */
export const PAPER_PROGRESS_GROUPS = [
  ['new', 'paid'],
  ['processing'],
  ['printed'],
  ['packing'],
  ['disputed', 'issue'],
  ['complete', 'exchanged', 'refunded'],
] as const;

/**
 * Checkout attempts that never became a sale (outside the progress groups). `expired`: not paid within the
 * payment window, stock released (server/orders/expiry.ts). `refund_due`: a payment arrived after expiry and the
 * stock was gone, so the money has to go back (staff refund it, then mark it refunded).
 */
export const CLOSED_STATUSES = ['payment_failed', 'cancelled', 'expired', 'refund_due'] as const;

export type ProgressKind = 'normal' | 'bespoke' | 'paper';
export type OrderStatus =
  | (typeof NORMAL_PROGRESS_GROUPS)[number][number]
  | (typeof BESPOKE_PROGRESS_GROUPS)[number][number]
  | (typeof CLOSED_STATUSES)[number];

/** §3 Order fulfillmentFactory: where an order is made. Paper products go to newport. */
export const FULFILMENT_FACTORIES = ['distro', 'newport'] as const;
export type FulfilmentFactory = (typeof FULFILMENT_FACTORIES)[number];

/** Order priority on the floor: higher is made first. */
export const ORDER_PRIORITIES = [
  { value: 0, name: 'Normal' },
  { value: 1, name: 'High' },
  { value: 2, name: 'Urgent' },
] as const;
export type OrderPriority = (typeof ORDER_PRIORITIES)[number]['value'];

/** Statuses an order may start in: a checkout, or a bespoke quote. */
export const INITIAL_STATUSES: readonly OrderStatus[] = ['new', 'to_be_paid', 'quote'];

/**
 * Allowed transitions: from → the statuses it may move to. Anything not listed is refused. The floor's normal
 * path is paid → label_printed (labels printed) → printed (garments printed) → consolidated (first label picked
 * into a pigeonhole) → packing (every active label picked) → complete (dispatched with a tracking code).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['to_be_paid', 'paid', 'cancelled'],
  to_be_paid: ['paid', 'payment_failed', 'cancelled', 'expired'],
  paid: ['processing', 'label_printed', 'disputed', 'issue', 'refunded'],
  processing: ['label_printed', 'printed', 'consolidated', 'disputed', 'issue', 'refunded'],
  label_printed: ['processing', 'printed', 'consolidated', 'packing', 'disputed', 'issue', 'refunded'],
  printed: ['consolidated', 'packing', 'disputed', 'issue', 'refunded'],
  consolidated: ['packing', 'disputed', 'issue', 'refunded'],
  packing: ['complete', 'disputed', 'issue', 'refunded'],
  disputed: ['processing', 'packing', 'complete', 'refunded'],
  issue: ['processing', 'packing', 'complete', 'refunded'],
  complete: ['exchanged', 'refunded', 'disputed'],
  exchanged: [],
  refunded: [],
  payment_failed: [],
  cancelled: [],
  // A late payment for an expired order: paid only when its stock could be reserved again, else refund_due.
  expired: ['paid', 'refund_due'],
  refund_due: ['refunded'],
  // A quote goes straight to its mock-up when the customer pays up front; a customer who asked to pay on account
  // goes through terms first (requested, then authorised by staff), or on without them when staff decline.
  quote: ['bespoke_idle', 'bespoke_requested_terms', 'bespoke_mockup', 'cancelled'],
  bespoke_idle: ['quote', 'bespoke_requested_terms', 'bespoke_mockup', 'cancelled'],
  bespoke_requested_terms: ['bespoke_authorised_terms', 'bespoke_mockup', 'cancelled'],
  bespoke_authorised_terms: ['bespoke_mockup', 'cancelled'],
  bespoke_mockup: ['bespoke_approved', 'cancelled'],
  // Paid at /pay/{order}/, or ordered on a purchase order when terms were authorised (server/orders/quotes.ts).
  bespoke_approved: ['bespoke_paid', 'po_confirmed', 'cancelled'],
  bespoke_paid: ['bespoke_production', 'bespoke_refunded'],
  po_confirmed: ['bespoke_production', 'bespoke_refunded'],
  bespoke_production: ['bespoke_documents_printed', 'bespoke_refunded'],
  bespoke_documents_printed: ['bespoke_sorted', 'bespoke_refunded'],
  bespoke_sorted: ['bespoke_printing', 'bespoke_refunded'],
  bespoke_printing: ['bespoke_packing', 'bespoke_refunded'],
  bespoke_packing: ['bespoke_shipped', 'bespoke_refunded'],
  bespoke_shipped: ['bespoke_refunded'],
  bespoke_refunded: [],
};

/** Statuses /pay/{order}/ takes a payment in: a checkout left unpaid, or a bespoke quote the customer approved. */
export const PAYABLE_STATUSES: readonly OrderStatus[] = ['to_be_paid', 'bespoke_approved'];
export const isPayableStatus = (status: string): boolean => (PAYABLE_STATUSES as readonly string[]).includes(status);

export const ORDER_STATUSES = Object.keys(ORDER_TRANSITIONS) as OrderStatus[];

export const isOrderStatus = (value: string): value is OrderStatus => Object.prototype.hasOwnProperty.call(ORDER_TRANSITIONS, value);

export function canTransition(from: string | null, to: string): boolean {
  if (!isOrderStatus(to)) return false;
  if (from === null) return INITIAL_STATUSES.includes(to);
  return isOrderStatus(from) && ORDER_TRANSITIONS[from].includes(to);
}

/** Where an order may go next from `from` (none from an unknown status). */
export const allowedTransitions = (from: string): readonly OrderStatus[] => (isOrderStatus(from) ? ORDER_TRANSITIONS[from] : []);

/** What the §4 rules need to know about an order beyond its current status. */
export interface LifecycleFacts {
  status: string;
  /** Every status the order has been in (its status log), the current one included or not. */
  history?: readonly string[];
  fulfilmentFactory?: string | null;
}

/** §4: bespoke if ever in quote (a bespoke_* status also says so when the log is not at hand). */
export function isBespoke(facts: LifecycleFacts): boolean {
  const all = [facts.status, ...(facts.history ?? [])];
  return all.includes('quote') || BESPOKE_PROGRESS_GROUPS.some((g) => (g as readonly string[]).includes(facts.status));
}

/** §4: shipped if ever in complete or bespoke_shipped. */
export const isShipped = (facts: LifecycleFacts): boolean => [facts.status, ...(facts.history ?? [])].some((s) => s === 'complete' || s === 'bespoke_shipped');

/** §4: which group set an order follows — bespoke first, then paper for the newport factory, else normal. */
export function progressKind(facts: LifecycleFacts): ProgressKind {
  if (isBespoke(facts)) return 'bespoke';
  return facts.fulfilmentFactory === 'newport' ? 'paper' : 'normal';
}

export const PROGRESS_GROUPS: Readonly<Record<ProgressKind, readonly (readonly string[])[]>> = {
  normal: NORMAL_PROGRESS_GROUPS,
  bespoke: BESPOKE_PROGRESS_GROUPS,
  paper: PAPER_PROGRESS_GROUPS,
};

/** The bar's steps, one label per group of each set. */
export const PROGRESS_STEPS: Readonly<Record<ProgressKind, readonly string[]>> = {
  normal: ['Ordered', 'Paid', 'In production', 'Packing', 'Checked', 'Dispatched'],
  bespoke: ['Quote', 'Terms', 'Mockup', 'Confirmed', 'Production', 'Sorted', 'Printing', 'Packing', 'Shipped'],
  paper: ['Ordered', 'Processing', 'Printed', 'Packing', 'Checked', 'Dispatched'],
};

/** Index (from 0) of the group of `kind` holding `status`, or -1. */
export function progressGroupIndex(status: string, kind: ProgressKind = 'normal'): number {
  return PROGRESS_GROUPS[kind].findIndex((group) => group.includes(status));
}

/**
 * §4 percentage complete: index of the current group counted from 1, divided by (group count − 1), times 100.
 * The formula passes 100 at the last group (6 / 5 → 120), so the result is clamped to 0…100; a status outside
 * the groups (payment failed, cancelled, unknown) is 0.
 */
export function orderProgress(status: string, kind: ProgressKind = 'normal'): number {
  const groups = PROGRESS_GROUPS[kind];
  const index = progressGroupIndex(status, kind);
  if (index < 0) return 0;
  const percent = ((index + 1) / (groups.length - 1)) * 100;
  return Math.min(100, Math.max(0, Math.round(percent * 100) / 100));
}

/** Statuses of the floor where an order's labels may be picked into a pigeonhole. */
export const PICKABLE_STATUSES: readonly OrderStatus[] = ['processing', 'label_printed', 'printed', 'consolidated'];

/** §3 Order childOrderType, plus the reprint and refund children staff create. */
export const CHILD_ORDER_TYPES = ['exchange', 'reprint', 'refund'] as const;
export type ChildOrderType = (typeof CHILD_ORDER_TYPES)[number];

/** The return reason that makes an exchange a resend (§4 "resent"). */
export const FAILED_TO_ARRIVE = 'failed_to_arrive';

/** §4: exchanges are child orders with no reprint reason that were not refunded. */
export function isExchange(child: { parentOrderId: number | null; reprintReasonId: number | null; status: string }): boolean {
  return child.parentOrderId !== null && child.reprintReasonId === null && child.status !== 'refunded' && child.status !== 'bespoke_refunded';
}

/** §4: resent if an exchange order's parent item has the return reason failed_to_arrive. */
export function isResent(child: { parentOrderId: number | null; reprintReasonId: number | null; status: string; parentItemReturnReasons: readonly string[] }): boolean {
  return isExchange(child) && child.parentItemReturnReasons.includes(FAILED_TO_ARRIVE);
}

/** Shopper-facing names of the statuses. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  new: 'Order received',
  to_be_paid: 'Awaiting payment',
  paid: 'Paid',
  processing: 'In production',
  label_printed: 'In production',
  printed: 'Printed',
  consolidated: 'Packing',
  packing: 'Packing',
  disputed: 'Under review',
  issue: 'Under review',
  complete: 'Dispatched',
  exchanged: 'Exchanged',
  refunded: 'Refunded',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refund_due: 'Refund due',
  quote: 'Quote',
  bespoke_idle: 'Quote',
  bespoke_requested_terms: 'Terms requested',
  bespoke_authorised_terms: 'Terms authorised',
  bespoke_mockup: 'Mockup',
  bespoke_approved: 'Mockup approved',
  bespoke_paid: 'Paid',
  po_confirmed: 'Purchase order confirmed',
  bespoke_production: 'In production',
  bespoke_documents_printed: 'In production',
  bespoke_sorted: 'Sorted',
  bespoke_printing: 'Printing',
  bespoke_packing: 'Packing',
  bespoke_shipped: 'Shipped',
  bespoke_refunded: 'Refunded',
};

/** Status groups atlas filters by (the normal set's steps, the bespoke set, and the closed attempts). */
export const STATUS_FILTER_GROUPS: Readonly<Record<string, readonly OrderStatus[]>> = {
  unpaid: ['new', 'to_be_paid'],
  paid: ['paid'],
  production: ['processing', 'label_printed', 'printed'],
  packing: ['consolidated', 'packing'],
  attention: ['disputed', 'issue', 'refund_due'],
  done: ['complete', 'exchanged', 'refunded'],
  bespoke: BESPOKE_PROGRESS_GROUPS.flat(),
  closed: ['payment_failed', 'cancelled', 'expired'],
};
