/**
 * The order state machine as data (DESIGN §8, Vendure-style): the statuses, the transitions allowed between
 * them, and the §4 progress groups. Shared by the server (which enforces it and logs every change) and the
 * receipt's progress bar. Pure: no React, no Node.
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

/**
 * Checkout attempts that never became a sale (outside the progress groups). `expired`: not paid within the
 * payment window, stock released (server/orders/expiry.ts). `refund_due`: a payment arrived after expiry and the
 * stock was gone, so the money has to go back (staff refund it, then mark it refunded).
 */
export const CLOSED_STATUSES = ['payment_failed', 'cancelled', 'expired', 'refund_due'] as const;

export type OrderStatus = (typeof NORMAL_PROGRESS_GROUPS)[number][number] | (typeof CLOSED_STATUSES)[number];

/** Statuses an order may start in. */
export const INITIAL_STATUSES: readonly OrderStatus[] = ['new', 'to_be_paid'];

/** Allowed transitions: from → the statuses it may move to. Anything not listed is refused. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['to_be_paid', 'paid', 'cancelled'],
  to_be_paid: ['paid', 'payment_failed', 'cancelled', 'expired'],
  paid: ['processing', 'label_printed', 'disputed', 'issue', 'refunded'],
  processing: ['label_printed', 'printed', 'disputed', 'issue', 'refunded'],
  label_printed: ['printed', 'disputed', 'issue', 'refunded'],
  printed: ['consolidated', 'packing', 'disputed', 'issue', 'refunded'],
  consolidated: ['packing', 'disputed', 'issue'],
  packing: ['complete', 'disputed', 'issue'],
  disputed: ['processing', 'complete', 'refunded'],
  issue: ['processing', 'complete', 'refunded'],
  complete: ['exchanged', 'refunded', 'disputed'],
  exchanged: [],
  refunded: [],
  payment_failed: [],
  cancelled: [],
  // A late payment for an expired order: paid only when its stock could be reserved again, else refund_due.
  expired: ['paid', 'refund_due'],
  refund_due: ['refunded'],
};

export const ORDER_STATUSES = Object.keys(ORDER_TRANSITIONS) as OrderStatus[];

export const isOrderStatus = (value: string): value is OrderStatus => Object.prototype.hasOwnProperty.call(ORDER_TRANSITIONS, value);

export function canTransition(from: string | null, to: string): boolean {
  if (!isOrderStatus(to)) return false;
  if (from === null) return INITIAL_STATUSES.includes(to);
  return isOrderStatus(from) && ORDER_TRANSITIONS[from].includes(to);
}

/** Index (from 0) of the §4 Normal group holding `status`, or -1. */
export function progressGroupIndex(status: string): number {
  return NORMAL_PROGRESS_GROUPS.findIndex((group) => (group as readonly string[]).includes(status));
}

/**
 * §4 percentage complete: index of the current group counted from 1, divided by (group count − 1), times 100.
 * The formula passes 100 at the last group (6 / 5 → 120), so the result is clamped to 0…100; a status outside
 * the groups (payment failed, cancelled, unknown) is 0.
 */
export function orderProgress(status: string): number {
  const index = progressGroupIndex(status);
  if (index < 0) return 0;
  const percent = ((index + 1) / (NORMAL_PROGRESS_GROUPS.length - 1)) * 100;
  return Math.min(100, Math.max(0, Math.round(percent * 100) / 100));
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
};

/** The bar's steps, one label per group. */
export const PROGRESS_STEPS = ['Ordered', 'Paid', 'In production', 'Packing', 'Checked', 'Dispatched'] as const;
