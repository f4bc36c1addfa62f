import { describe, expect, it } from 'vitest';
import { createTestProcessor, luhn, TEST_CARDS, testCardOutcome, validateCard } from './testProcessor';
import { createPayPalClient, createPayPalProcessor } from './paypal';
import { createStripeProcessor, Stripe, verifyStripeEvent } from './stripe';
import { fakeStripeIntents } from './testing';
import { paymentMessages, type ChargeRequest } from './types';
import { paymentsFrom } from './index';
import { computeTotals } from '../orders/pricing';
import { returnUrls } from '../orders/placeOrder';
import { publicUrlFrom } from '../http/linkOrigin';
import { StartupError } from '../db/database';

const request = (payment: ChargeRequest['payment']): ChargeRequest => ({
  amount: 2500, currency: 'GBP', idempotencyKey: 'key-12345678', orderHash: 'h', orderId: 1, email: 'a@example.com', description: 'Order #1', payment,
});
const card = (number: string) => ({ method: 'card' as const, card: { number, expiry: '12/39', cvc: '123' } });

describe('test processor card rules', () => {
  it('4242… succeeds, 4000…0002 is declined, 4000…9995 has insufficient funds, anything else is declined', async () => {
    const p = createTestProcessor();
    expect(await p.charge(request(card('4242 4242 4242 4242')))).toMatchObject({ outcome: 'succeeded' });
    expect(await p.charge(request(card('4000 0000 0000 0002')))).toMatchObject({ outcome: 'failed', message: 'Your card was declined.' });
    expect(await p.charge(request(card('4000 0000 0000 9995')))).toMatchObject({ outcome: 'failed', message: 'Your card has insufficient funds.' });
    expect(await p.charge(request(card('5555 5555 5555 4444')))).toMatchObject({ outcome: 'failed', message: 'Your card was declined.' });
    expect(testCardOutcome(TEST_CARDS.success).ok).toBe(true);
  });

  it('the same idempotency key is the same test charge reference', async () => {
    const p = createTestProcessor();
    const a = await p.charge(request(card(TEST_CARDS.success)));
    const b = await p.charge(request(card(TEST_CARDS.success)));
    expect(a.reference).toBe(b.reference);
  });

  it('validates number (Luhn), expiry (MM/YY, not past) and CVC format', () => {
    const now = new Date('2026-05-15T00:00:00Z');
    expect(validateCard({ number: '4242424242424242', expiry: '05/26', cvc: '123' }, now)).toBeNull();
    expect(validateCard({ number: '4242424242424242', expiry: '5/2030', cvc: '1234' }, now)).toBeNull();
    expect(validateCard({ number: '4242424242424242', expiry: '04/26', cvc: '123' }, now)).toEqual({ 'card.expiry': [paymentMessages.expired] });
    expect(validateCard({ number: '4242', expiry: '13/26', cvc: '12a' }, now)).toEqual({
      'card.number': [paymentMessages.invalidNumber],
      'card.expiry': [paymentMessages.invalidExpiry],
      'card.cvc': [paymentMessages.invalidCvc],
    });
    expect(luhn('4000000000000002')).toBe(true);
    expect(luhn('4000000000009995')).toBe(true);
  });

  it('wallet: "test-wallet-ok" succeeds, other tokens fail', async () => {
    const p = createTestProcessor();
    expect(await p.charge(request({ method: 'wallet', walletToken: 'test-wallet-ok' }))).toMatchObject({ outcome: 'succeeded' });
    expect(await p.charge(request({ method: 'wallet', walletToken: 'nope' }))).toMatchObject({ outcome: 'failed', message: paymentMessages.walletDeclined });
    expect(p.methodName({ method: 'wallet' })).toBe('Test wallet');
    expect(p.methodName(card('4242424242424242'))).toBe('Visa •••• 4242');
  });
});

describe('processor selection', () => {
  it('defaults to the test processor; Stripe and PayPal only with their keys', () => {
    expect(paymentsFrom({}).publicConfig).toEqual({ card: 'test', wallet: 'test', stripePublishableKey: null, paypalClientId: null });
    expect(paymentsFrom({ STRIPE_SECRET_KEY: 'sk_test_x' }).card.name).toBe('test');
    const configured = paymentsFrom({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' });
    expect(configured.card.name).toBe('stripe');
    expect(configured.wallet.name).toBe('paypal');
    expect(configured.publicConfig).toEqual({ card: 'stripe', wallet: 'paypal', stripePublishableKey: 'pk_test_x', paypalClientId: 'id' });
    expect(JSON.stringify(configured.publicConfig)).not.toContain('sk_test_x');
  });
});

describe('PUBLIC_URL', () => {
  it('is the origin links are built from; unset means the request origin; a bad value stops the server', () => {
    expect(publicUrlFrom({})).toBeNull();
    expect(publicUrlFrom({ PUBLIC_URL: 'https://shop.example.com/' })).toBe('https://shop.example.com');
    expect(publicUrlFrom({ PUBLIC_URL: 'http://localhost:3000' })).toBe('http://localhost:3000');
    for (const bad of ['shop.example.com', 'ftp://shop.example.com', 'https://shop.example.com/?a=1', 'https://example.com/store/']) {
      expect(() => publicUrlFrom({ PUBLIC_URL: bad })).toThrow(StartupError);
    }
  });
});

describe('Stripe adapter', () => {
  it('creates a PaymentIntent with our idempotency key and hands back its client secret (no card data)', async () => {
    const fake = fakeStripeIntents('pi_1');
    const processor = createStripeProcessor({ secretKey: 'sk', publishableKey: 'pk', webhookSecret: null }, fake.intents);
    const result = await processor.charge(request({ method: 'card' }));
    expect(result).toEqual({ outcome: 'pending', reference: 'pi_1', message: paymentMessages.pending, clientSecret: 'pi_1_secret' });
    expect(fake.calls.create).toEqual([[expect.objectContaining({ amount: 2500, currency: 'gbp', metadata: { orderHash: 'h', orderId: '1' } }), { idempotencyKey: 'order-key-12345678' }]]);
  });

  it('accepts only correctly signed webhook payloads (generateTestHeaderString)', () => {
    const secret = 'whsec_test_secret';
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(verifyStripeEvent(payload, header, secret).id).toBe('evt_1');
    expect(() => verifyStripeEvent(payload, header, 'whsec_other')).toThrow();
    expect(() => verifyStripeEvent(payload.replace('pi_1', 'pi_2'), header, secret)).toThrow();
    expect(() => verifyStripeEvent(payload, undefined, secret)).toThrow();
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => verifyStripeEvent(payload, stale, secret)).toThrow();
  });
});

describe('PayPal adapter (Orders v2 against a fake fetch)', () => {
  function fakePayPal(captureStatus = 'COMPLETED') {
    const calls: { url: string; method: string; headers: Record<string, string>; body?: string }[] = [];
    const fetchFn = async (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
      calls.push({ url, ...init });
      const json = (data: unknown, status = 200) => ({ ok: status < 300, status, json: async () => data });
      if (url.endsWith('/v1/oauth2/token')) return json({ access_token: 'A21', expires_in: 3600 });
      if (url.endsWith('/v2/checkout/orders')) return json({ id: '5O190127TN364715T', status: 'CREATED', links: [{ rel: 'approve', href: 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T' }] }, 201);
      if (url.endsWith('/capture')) return captureStatus === 'COMPLETED' ? json({ id: '5O190127TN364715T', status: 'COMPLETED' }, 201) : json({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The instrument presented was declined.' }] }, 422);
      return json({}, 404);
    };
    return { calls, client: createPayPalClient({ clientId: 'cid', clientSecret: 'csecret', apiBase: 'https://api-m.sandbox.paypal.com' }, fetchFn) };
  }

  it('creates an order (Basic auth token, then Bearer, PayPal-Request-Id) and answers the approval link', async () => {
    const { calls, client } = fakePayPal();
    const result = await createPayPalProcessor(client).charge(request({ method: 'wallet' }));
    expect(result).toEqual({ outcome: 'pending', reference: '5O190127TN364715T', message: paymentMessages.pending, approveUrl: 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T' });
    expect(calls[0]).toMatchObject({ url: 'https://api-m.sandbox.paypal.com/v1/oauth2/token', method: 'POST', body: 'grant_type=client_credentials' });
    expect(calls[0]!.headers.authorization).toBe(`Basic ${Buffer.from('cid:csecret').toString('base64')}`);
    expect(calls[1]!.headers).toMatchObject({ authorization: 'Bearer A21', 'paypal-request-id': 'order-key-12345678' });
    expect(JSON.parse(calls[1]!.body!)).toEqual({ intent: 'CAPTURE', purchase_units: [{ reference_id: 'h', description: 'Order #1', amount: { currency_code: 'GBP', value: '25.00' } }] });
  });

  it('sends the shopper back to our pay page: return_url and cancel_url in payment_source.paypal.experience_context', async () => {
    const { calls, client } = fakePayPal();
    const urls = returnUrls('https://shop.example.com', 'h4sh_abcdefghijklmnop');
    expect(urls).toEqual({
      returnUrl: 'https://shop.example.com/pay/h4sh_abcdefghijklmnop/?paypal=return',
      cancelUrl: 'https://shop.example.com/pay/h4sh_abcdefghijklmnop/?paypal=cancel',
    });
    expect(returnUrls(null, 'h')).toEqual({});
    await createPayPalProcessor(client).charge({ ...request({ method: 'wallet' }), ...urls });
    const body = JSON.parse(calls[1]!.body!) as Record<string, unknown>;
    expect(body.payment_source).toEqual({
      paypal: { experience_context: { return_url: urls.returnUrl, cancel_url: urls.cancelUrl, user_action: 'PAY_NOW' } },
    });
    expect(body.purchase_units).toEqual([{ reference_id: 'h', description: 'Order #1', amount: { currency_code: 'GBP', value: '25.00' } }]);
  });

  it('captures: COMPLETED succeeds (token reused), a declined instrument fails with its description', async () => {
    const ok = fakePayPal();
    await ok.client.createOrder({ amount: 100, currency: 'GBP', reference: 'r', requestId: 'x', description: 'd' });
    expect(await ok.client.captureOrder('5O190127TN364715T', 'cap-1')).toEqual({ ok: true, status: 'COMPLETED', message: paymentMessages.succeeded });
    expect(ok.calls.filter((c) => c.url.endsWith('/oauth2/token'))).toHaveLength(1);
    const declined = fakePayPal('DECLINED');
    expect(await declined.client.captureOrder('5O190127TN364715T', 'cap-1')).toMatchObject({ ok: false, message: 'The instrument presented was declined.' });
    expect(await declined.client.captureOrder('../evil', 'cap-2')).toMatchObject({ ok: false });
  });
});

describe('pricing', () => {
  it('keeps total = subtotal + shipping + shippingTax + goodsTax − discount across VAT rates and awkward pennies', () => {
    for (const [lines, shipping, coupon] of [
      [[{ unitPrice: 1999, quantity: 3, vatRate: 1 }, { unitPrice: 1001, quantity: 1, vatRate: 0 }], 395, { code: 'X', percentOff: 15, amountOff: null }],
      [[{ unitPrice: 1, quantity: 7, vatRate: 1 }], 0, { code: 'Y', percentOff: null, amountOff: 100 }],
      [[{ unitPrice: 2599, quantity: 2, vatRate: 0.25 }], 1295, null],
    ] as const) {
      const t = computeTotals(lines.map((l) => ({ ...l })), shipping, coupon);
      expect(t.subtotal + t.shipping + t.shippingTax + t.goodsTax - t.discount).toBe(t.total);
      expect(t.total).toBe(t.itemsIncTax - t.discountIncTax + t.shippingIncTax);
      expect(t.vat.reduce((s, v) => s + v.vat, 0)).toBe(t.tax);
      expect(t.lines.reduce((s, l) => s + l.discount, 0)).toBe(t.discountIncTax);
    }
    const zero = computeTotals([{ unitPrice: 1001, quantity: 1, vatRate: 0 }], 0, null);
    expect(zero).toMatchObject({ goodsTax: 0, total: 1001, vat: [{ rate: 0, net: 1001, vat: 0, gross: 1001 }] });
    const std = computeTotals([{ unitPrice: 1200, quantity: 1, vatRate: 1 }], 0, null);
    expect(std).toMatchObject({ subtotal: 1000, goodsTax: 200, total: 1200 });
  });
});
