import { paymentMessages, type ChargeRequest, type ChargeResult, type PaymentProcessor, type RefundResult } from './types';

/**
 * PayPal wallet adapter (used when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set): Orders v2 REST through
 * fetch. `charge` creates a PayPal order whose experience_context sends the shopper back to our pay page
 * (/pay/{order}/?paypal=return or ?paypal=cancel) and answers its approval link; after the shopper approves on
 * PayPal and returns, `capture` takes the money (server/orders/payOrder.ts capturePayPalPayment).
 * `refund` gives back part or all of a captured order (its capture refunded). PAYPAL_API_BASE picks the
 * environment (sandbox unless set).
 */
export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  apiBase: string;
}

export const PAYPAL_SANDBOX = 'https://api-m.sandbox.paypal.com';

export function paypalConfigFrom(env: NodeJS.ProcessEnv): PayPalConfig | null {
  if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET) return null;
  return { clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, apiBase: (env.PAYPAL_API_BASE || PAYPAL_SANDBOX).replace(/\/$/, '') };
}

type Fetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

interface PayPalOrder {
  id: string;
  status: string;
  links?: { rel: string; href: string }[];
  purchase_units?: { payments?: { captures?: { id: string; status: string }[] } }[];
}

const money = (minor: number, currency: string) => ({ currency_code: currency.toUpperCase(), value: (minor / 100).toFixed(2) });

export function createPayPalClient(config: PayPalConfig, fetchFn: Fetch = fetch as unknown as Fetch) {
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const response = await fetchFn(`${config.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw new Error(`PayPal authentication failed (${response.status})`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return token.value;
  }

  async function call(path: string, body: unknown, requestId: string | null): Promise<{ ok: boolean; status: number; body: PayPalOrder & { details?: { issue?: string; description?: string }[] } }> {
    const response = await fetchFn(`${config.apiBase}${path}`, {
      method: requestId === null ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        // PayPal's idempotency header: a retried call with the same id returns the first result.
        ...(requestId === null ? {} : { 'paypal-request-id': requestId }),
      },
      ...(requestId === null ? {} : { body: JSON.stringify(body) }),
    });
    return { ok: response.ok, status: response.status, body: (await response.json()) as PayPalOrder };
  }

  return {
    async createOrder(request: { amount: number; currency: string; reference: string; requestId: string; description: string; returnUrl?: string; cancelUrl?: string }) {
      const { ok, status, body } = await call(
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [{ reference_id: request.reference, description: request.description.slice(0, 127), amount: money(request.amount, request.currency) }],
          // Where PayPal sends the shopper back (it appends ?token={PayPal order id}&PayerID=…): our pay page
          // captures on return and shows the order still payable on cancel. PAY_NOW: returning completes the
          // purchase, there is no review step on our side.
          ...(request.returnUrl && request.cancelUrl
            ? { payment_source: { paypal: { experience_context: { return_url: request.returnUrl, cancel_url: request.cancelUrl, user_action: 'PAY_NOW' } } } }
            : {}),
        },
        request.requestId,
      );
      if (!ok) throw new Error(`PayPal order failed (${status})`);
      return { id: body.id, status: body.status, approveUrl: body.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href };
    },
    async captureOrder(orderId: string, requestId: string): Promise<{ ok: boolean; status: string; message: string }> {
      if (!/^[A-Z0-9]{5,40}$/.test(orderId)) return { ok: false, status: 'INVALID', message: paymentMessages.walletDeclined };
      const { ok, body } = await call(`/v2/checkout/orders/${orderId}/capture`, {}, requestId);
      if (ok && body.status === 'COMPLETED') return { ok: true, status: body.status, message: paymentMessages.succeeded };
      return { ok: false, status: body.status ?? 'FAILED', message: body.details?.[0]?.description ?? paymentMessages.walletDeclined };
    },
    /** Gives back some or all of what a captured PayPal order took: its capture is looked up, then refunded. */
    async refundOrder(orderId: string, amount: number, currency: string, requestId: string, note: string): Promise<RefundResult> {
      const order = await call(`/v2/checkout/orders/${encodeURIComponent(orderId)}`, null, null);
      const captureId = order.body.purchase_units?.flatMap((u) => u.payments?.captures ?? []).find((c) => c.status === 'COMPLETED' || c.status === 'PARTIALLY_REFUNDED')?.id;
      if (!order.ok || !captureId) return { ok: false, reference: null, message: 'PayPal has no completed payment for this order to refund.' };
      const { ok, status, body } = await call(`/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, { amount: money(amount, currency), note_to_payer: note.slice(0, 255) }, requestId);
      if (ok && body.status !== 'CANCELLED' && body.status !== 'FAILED') return { ok: true, reference: body.id, message: paymentMessages.refunded };
      return { ok: false, reference: body.id ?? null, message: body.details?.[0]?.description ?? `PayPal refused the refund (${status}).` };
    },
  };
}

export type PayPalClient = ReturnType<typeof createPayPalClient>;

export function createPayPalProcessor(client: PayPalClient): PaymentProcessor {
  return {
    name: 'paypal',
    methodName: () => 'PayPal',
    validate: () => null,
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const order = await client.createOrder({
        amount: request.amount,
        currency: request.currency,
        reference: request.orderHash,
        requestId: `order-${request.idempotencyKey}`,
        description: request.description,
        returnUrl: request.returnUrl,
        cancelUrl: request.cancelUrl,
      });
      return { outcome: 'pending', reference: order.id, message: paymentMessages.pending, approveUrl: order.approveUrl };
    },
    async refund(request) {
      try {
        return await client.refundOrder(request.reference, request.amount, request.currency, request.idempotencyKey, request.reason);
      } catch (error) {
        return { ok: false, reference: null, message: error instanceof Error ? error.message : 'PayPal refused the refund.' };
      }
    },
  };
}
