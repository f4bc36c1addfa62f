import { isShipped } from './orderLifecycle';

/**
 * When a shopper may still change their own order (issue #15 parts 3 and 4), shared by the server (which enforces
 * it: server/orders/orderEditWindows.ts) and the pages (which explain it). Items: only while the order is paid and
 * nothing has reached the factory floor (no label: labels are made at the first print or the move into
 * production). The delivery address: until the parcel is dispatched.
 */

export const editMessages = {
  productionStarted: 'Production of this order has started, so its items can no longer be changed. Once it arrives you can return anything that does not fit.',
  notPaid: 'This order can be changed once it is paid.',
  closed: 'This order is closed, so it can no longer be changed.',
  nothingChanged: 'Nothing was changed: choose another size, colour or quantity, or remove an item.',
  lastItem: 'An order needs at least one item. To cancel the whole order, please contact us.',
  itemNotInOrder: 'This item is not part of the order.',
  setOptions: 'A set has no colour or size of its own: choose them for each item inside it.',
  noColour: (name: string, colour: string) => `${name} does not come in "${colour}".`,
  noSize: (name: string, size: string, colour: string) => `${name} does not come in size "${size}" in ${colour}.`,
  short: (what: string, left: number) => (left > 0 ? `Sorry, only ${left} more of ${what} can be added.` : `Sorry, ${what} is out of stock.`),
  noLongerSold: (name: string) => `${name} is no longer sold, so it can only be kept as it is or removed.`,
  refundPending: 'A refund of this order is still being processed. Try again in a moment.',
} as const;

export const addressMessages = {
  dispatched: 'This order has already been dispatched, so its delivery address can no longer be changed.',
  closed: 'This order is closed, so its delivery address cannot be changed.',
  nothingChanged: 'This is already the delivery address of the order.',
  otherPrice: 'Delivery to this country costs a different amount, so it cannot be changed here. Please contact us.',
} as const;

/** §8-style answer when an order number and email do not match an order of this store (the same for both). */
export const ORDER_LOOKUP_NOT_FOUND = 'We were unable to find an order with this number and email address.';

/** Statuses that end an order without it shipping: nothing about it can change any more. */
const CLOSED = ['payment_failed', 'cancelled', 'expired', 'refund_due', 'refunded', 'exchanged', 'bespoke_refunded'];
/** Before dispatch: the parcel has not left, so it can still go somewhere else. */
const BEFORE_DISPATCH = ['to_be_paid', 'paid', 'processing', 'label_printed', 'printed', 'consolidated', 'packing', 'disputed', 'issue'];

/** Why the items cannot be changed now, or null when they can. */
export function editRefusal(status: string, onTheFloor: boolean): string | null {
  if (status === 'paid' && !onTheFloor) return null;
  if (status === 'to_be_paid') return editMessages.notPaid;
  if (CLOSED.includes(status)) return editMessages.closed;
  return editMessages.productionStarted;
}

/** Why the delivery address cannot be changed now, or null when it can. */
export function addressRefusal(status: string, history: readonly string[] = []): string | null {
  if (isShipped({ status, history })) return addressMessages.dispatched;
  if (BEFORE_DISPATCH.includes(status)) return null;
  return CLOSED.includes(status) ? addressMessages.closed : addressMessages.dispatched;
}
