import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP stand-in for the parts of the Stripe and PayPal APIs the adapters call, so tests drive the real
 * adapters (the official Stripe SDK through STRIPE_API_BASE, PayPal's REST client through PAYPAL_API_BASE) over
 * the network without leaving the machine.
 *
 * Stripe: PaymentIntents (create honouring Idempotency-Key, retrieve, cancel) and refunds (never more than the
 * intent took). The browser's part (the Payment Element confirming) is `stripe.confirm(id, ok)`.
 * PayPal: OAuth token, orders (create honouring PayPal-Request-Id, capture — refused for ids in `paypal.declined` —
 * and read) and capture refunds. `hold()` makes the next request wait until released: a processor that hangs.
 */

export interface FakeCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  last_payment_error: { message: string } | null;
  metadata: Record<string, string>;
  refunded: number;
}

interface PayPalOrder {
  id: string;
  amount: { currency_code: string; value: string };
  status: string;
  returnUrl: string | null;
  captureId: string | null;
  refunded: number;
}

export const STRIPE_DECLINE = 'Your card was declined.';
export const PAYPAL_DECLINE = 'The instrument presented was declined.';

export async function startFakeProcessorApi() {
  const calls: FakeCall[] = [];
  const intents = new Map<string, Intent>();
  const stripeKeys = new Map<string, string>();
  const orders = new Map<string, PayPalOrder>();
  const paypalKeys = new Map<string, string>();
  const declined = new Set<string>();
  let next = 1;
  let held: { entered: () => void; release: Promise<void> } | null = null;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const stripeError = (res: ServerResponse, status: number, message: string) => send(res, status, { error: { type: 'invalid_request_error', message } });

  function stripe(req: IncomingMessage, res: ServerResponse, path: string, body: string) {
    const form = new URLSearchParams(body);
    const key = req.headers['idempotency-key'] as string | undefined;
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const known = key ? stripeKeys.get(key) : undefined;
      if (known) return send(res, 200, intents.get(known));
      const id = `pi_fake${String(next++).padStart(6, '0')}`;
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) if (k.startsWith('metadata[')) metadata[k.slice(9, -1)] = v;
      const intent: Intent = {
        id, object: 'payment_intent', amount: Number(form.get('amount')), currency: form.get('currency') ?? '', status: 'requires_payment_method',
        client_secret: `${id}_secret_fake`, last_payment_error: null, metadata, refunded: 0,
      };
      intents.set(id, intent);
      if (key) stripeKeys.set(key, id);
      return send(res, 200, intent);
    }
    const one = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    if (one) {
      const intent = intents.get(one[1]!);
      if (!intent) return stripeError(res, 404, `No such payment_intent: '${one[1]}'`);
      if (one[2]) intent.status = 'canceled';
      return send(res, 200, intent);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      const amount = Number(form.get('amount') ?? intent?.amount);
      if (!intent || intent.status !== 'succeeded') return stripeError(res, 400, 'This PaymentIntent has no successful charge to refund.');
      if (intent.refunded + amount > intent.amount) return stripeError(res, 400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - intent.refunded})`);
      intent.refunded += amount;
      return send(res, 200, { id: `re_fake${String(next++).padStart(6, '0')}`, object: 'refund', amount, payment_intent: intent.id, status: 'succeeded' });
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path})`);
  }

  function paypal(req: IncomingMessage, res: ServerResponse, path: string, body: string) {
    if (path === '/v1/oauth2/token') return send(res, 200, { access_token: 'A21fake', expires_in: 3600 });
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const known = requestId ? paypalKeys.get(requestId) : undefined;
      const request = JSON.parse(body) as { purchase_units: { amount: PayPalOrder['amount'] }[]; payment_source?: { paypal: { experience_context: { return_url: string } } } };
      const id = known ?? `PAYPALFAKE${String(next++).padStart(6, '0')}`;
      if (!known) {
        orders.set(id, { id, amount: request.purchase_units[0]!.amount, status: 'PAYER_ACTION_REQUIRED', returnUrl: request.payment_source?.paypal.experience_context.return_url ?? null, captureId: null, refunded: 0 });
        if (requestId) paypalKeys.set(requestId, id);
      }
      return send(res, 200, { id, status: 'PAYER_ACTION_REQUIRED', links: [{ rel: 'payer-action', href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}` }] });
    }
    const capture = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(path);
    if (capture && req.method === 'POST') {
      const order = orders.get(capture[1]!);
      if (!order) return send(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }] });
      if (declined.has(order.id)) return send(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED', description: PAYPAL_DECLINE }] });
      if (order.status !== 'COMPLETED') {
        order.status = 'COMPLETED';
        order.captureId = `CAPFAKE${String(next++).padStart(6, '0')}`;
      }
      return send(res, 201, viewOf(order));
    }
    const read = /^\/v2\/checkout\/orders\/([A-Z0-9]+)$/.exec(path);
    if (read && req.method === 'GET') {
      const order = orders.get(read[1]!);
      return order ? send(res, 200, viewOf(order)) : send(res, 404, { name: 'RESOURCE_NOT_FOUND' });
    }
    const refund = /^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/.exec(path);
    if (refund && req.method === 'POST') {
      const order = [...orders.values()].find((o) => o.captureId === refund[1]);
      const value = Math.round(Number((JSON.parse(body) as { amount: { value: string } }).amount.value) * 100);
      if (!order || order.refunded + value > Math.round(Number(order.amount.value) * 100)) {
        return send(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED', description: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.' }] });
      }
      order.refunded += value;
      return send(res, 201, { id: `REFFAKE${String(next++).padStart(6, '0')}`, status: 'COMPLETED' });
    }
    return send(res, 404, { name: 'RESOURCE_NOT_FOUND' });
  }

  const viewOf = (order: PayPalOrder) => ({
    id: order.id,
    status: order.status,
    purchase_units: [{ amount: order.amount, payments: order.captureId ? { captures: [{ id: order.captureId, status: 'COMPLETED', amount: order.amount }] } : {} }],
  });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const path = (req.url ?? '/').split('?')[0]!;
      calls.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      const answer = () => (path.startsWith('/v1/oauth2') || path.startsWith('/v2/') ? paypal(req, res, path, body) : stripe(req, res, path, body));
      const hold = held;
      if (!hold) return answer();
      held = null;
      hold.entered();
      void hold.release.then(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    calls,
    intents,
    orders,
    /** What the processor settings of a store pointed at this stand-in look like (as the environment gives them). */
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_API_BASE: url,
      PAYPAL_CLIENT_ID: 'paypal-client',
      PAYPAL_CLIENT_SECRET: 'paypal-secret',
      PAYPAL_API_BASE: url,
    },
    stripe: {
      /** The shopper confirms in the Payment Element: the intent succeeds, or is declined and may be tried again. */
      confirm(id: string, ok: boolean) {
        const intent = intents.get(id)!;
        intent.status = ok ? 'succeeded' : 'requires_payment_method';
        intent.last_payment_error = ok ? null : { message: STRIPE_DECLINE };
        return { ...intent };
      },
    },
    paypal: { declined },
    /** The next request waits until `release()`; `entered` resolves once it has arrived. */
    hold() {
      let release!: () => void;
      let entered!: () => void;
      const arrived = new Promise<void>((resolve) => (entered = resolve));
      held = { entered, release: new Promise<void>((resolve) => (release = resolve)) };
      return { arrived, release };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeProcessorApi = Awaited<ReturnType<typeof startFakeProcessorApi>>;
