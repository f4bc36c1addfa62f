import { readCookie } from '../../lib/cookies';
import { ApiError, GENERIC_ERROR } from '../../lib/api';
import type { Address, OrderView, PlaceResponse, PublicPaymentConfig, QuoteView } from '../../core/api/orders';
import type { PaymentInput } from '../../core/api/payments';

/** The checkout calls. Placing and paying send an Idempotency-Key, which lib/api's helper cannot, so this posts itself. */
async function post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'x-csrf-token': readCookie('XSRF-TOKEN') ?? '', ...headers },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as T & { message?: string; errors?: Record<string, string[]> };
  if (!response.ok) throw new ApiError(response.status, data.message ?? GENERIC_ERROR, data.errors);
  return data;
}

export type { PaymentInput } from '../../core/api/payments';

export interface PlaceRequest {
  email: string;
  shippingAddress: Address;
  billingSameAsShipping: boolean;
  billingAddress?: Address;
  shippingMethod: string;
  coupon?: string;
  payment: PaymentInput;
}

export const checkoutApi = {
  config: async (): Promise<PublicPaymentConfig> => {
    const response = await fetch('/omnis/v3/checkout/config/', { credentials: 'include' });
    return (await response.json()) as PublicPaymentConfig;
  },
  quote: (body: { country?: string; shippingMethod?: string; coupon?: string }) => post<QuoteView>('/omnis/v3/checkout/quote/', body),
  place: (body: PlaceRequest, idempotencyKey: string) => post<PlaceResponse>('/omnis/v3/checkout/place/', body, { 'idempotency-key': idempotencyKey }),
  pay: (hash: string, payment: PaymentInput, idempotencyKey: string) => post<PlaceResponse>(`/omnis/v3/orders/${hash}/pay/`, { payment }, { 'idempotency-key': idempotencyKey }),
  capturePayPal: (hash: string, paypalOrderId: string) => post<PlaceResponse>(`/omnis/v3/orders/${hash}/paypal/capture/`, { paypalOrderId }),
  order: async (hash: string): Promise<OrderView> => {
    const response = await fetch(`/omnis/v3/orders/${encodeURIComponent(hash)}/`, { credentials: 'include', headers: { accept: 'application/json' } });
    const data = (await response.json().catch(() => ({}))) as OrderView & { message?: string };
    if (!response.ok) throw new ApiError(response.status, data.message ?? GENERIC_ERROR);
    return data;
  },
};

/** A fresh key for one checkout attempt (kept until that attempt has an answer). */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
