import type { Address } from '../../core/api/orders';

/** The checkout's fields: their labels, the ids of their controls and how an error key of the API names them. */

export interface CardState {
  number: string;
  expiry: string;
  cvc: string;
}

/** The label of each address field (also how the error summary names it). */
export const ADDRESS_LABELS: Record<Exclude<keyof Address, 'email'>, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company',
  street: 'Street address',
  city: 'Town or city',
  state: 'County or state',
  zip: 'Postcode',
  country: 'Country',
  eori: 'EORI number (for customs)',
};

/** The label of each card field (also how the error summary names it). */
export const CARD_LABELS: Record<keyof CardState, string> = { number: 'Card number', expiry: 'Expiry (MM/YY)', cvc: 'CVC' };

/** The id of the control for an error key of the checkout API ("shippingAddress.zip" → "checkout-shippingAddress-zip"). */
export const checkoutFieldId = (key: string) => `checkout-${key.replace(/[^A-Za-z0-9_-]+/g, '-')}`;

const SECTIONS: Record<string, string> = { shippingAddress: 'Shipping address', billingAddress: 'Billing address' };
const TOP_LEVEL: Record<string, string> = { email: 'Email address', shippingMethod: 'Shipping method', coupon: 'Coupon code' };

/** The name a shopper sees beside the field an error key belongs to ("Shipping address: Postcode", "Card number"). */
export function checkoutFieldLabel(key: string): string {
  const [head = '', field = ''] = key.split('.', 2);
  if (head === 'card' && field in CARD_LABELS) return CARD_LABELS[field as keyof typeof CARD_LABELS];
  if (head in SECTIONS && field in ADDRESS_LABELS) return `${SECTIONS[head]}: ${ADDRESS_LABELS[field as keyof typeof ADDRESS_LABELS]}`;
  if (key in TOP_LEVEL) return TOP_LEVEL[key]!;
  // A key the screen does not know still reads as words ("giftMessage" → "Gift message").
  const words = key.replace(/[._]/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

