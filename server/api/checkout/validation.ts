import type { Address } from '../../../src/core/api/orders';
import { isUk } from '../../orders/checkoutBasket';

/** §5.1 wording. */
export const fieldMessages = {
  required: 'This field is required',
  email: 'Please enter a valid email address',
  country: 'Please choose a country',
  eori: 'Invalid EORI number',
  postcode: 'must contain a valid postcode',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;
/** EORI: a two-letter country prefix and up to 15 characters (GB + 12 or 15 digits, XI…, EU formats). */
const EORI = /^[A-Z]{2}[A-Z0-9]{1,15}$/;

/** Field errors of an address (prefix: "shippingAddress" / "billingAddress"). */
export function addressErrors(address: Address | undefined, prefix: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const a = address ?? ({} as Address);
  for (const field of ['firstName', 'lastName', 'street', 'city', 'zip', 'country'] as const) {
    if (!(a[field] ?? '').trim()) errors[`${prefix}.${field}`] = [field === 'country' ? fieldMessages.country : fieldMessages.required];
  }
  if (a.country && !/^[A-Za-z]{2}$/.test(a.country.trim())) errors[`${prefix}.country`] = [fieldMessages.country];
  if (a.zip?.trim() && isUk(a.country) && !UK_POSTCODE.test(a.zip.trim())) errors[`${prefix}.zip`] = [fieldMessages.postcode];
  if (a.eori?.trim() && !EORI.test(a.eori.trim().toUpperCase().replace(/\s+/g, ''))) errors[`${prefix}.eori`] = [fieldMessages.eori];
  if (a.email?.trim() && !EMAIL.test(a.email.trim())) errors[`${prefix}.email`] = [fieldMessages.email];
  return errors;
}

export function emailErrors(email: string | undefined): Record<string, string[]> {
  if (!email?.trim()) return { email: [fieldMessages.required] };
  return EMAIL.test(email.trim()) ? {} : { email: [fieldMessages.email] };
}
