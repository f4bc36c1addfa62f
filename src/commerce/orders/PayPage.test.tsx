// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { StoreContext } from '../../app/StoreContext';
import { describeCurrency } from '../../core/currency';
import type { StoreCoreData } from '../../core/storeData';
import { json, mockFetch } from '../../../blocks/commerce/testing';
import { ORDER_EXPIRED, PAYPAL_CANCELLED, PayPage } from './PayPage';
import type { OrderView, PublicPaymentConfig } from '../../core/api/orders';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HASH = 'h4sh_abcdefghijklmnopqr';
const CONFIG: PublicPaymentConfig = { card: 'stripe', wallet: 'paypal', stripePublishableKey: 'pk_test', paypalClientId: 'cid' };

const order = (over: Partial<OrderView> = {}): OrderView => ({
  hash: HASH,
  number: 42,
  status: 'to_be_paid',
  statusLabel: 'Awaiting payment',
  progress: 20,
  progressKind: 'normal',
  trackingCodes: [],
  payable: true,
  balanceDue: 0,
  canEdit: false,
  canUpdateAddress: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  email: 'grace@example.com',
  currency: 'GBP',
  couponCode: null,
  items: [{ name: 'Fern Organic Tee', sku: 'FT-001', options: { colour: 'Natural White', size: 'M' }, quantity: 1, unitPrice: 2500, lineTotal: 2500, tax: 417, discount: 0, vatRate: 20 }],
  totals: { itemsIncTax: 2500, discountIncTax: 0, shippingIncTax: 395, subtotal: 2083, discount: 0, shipping: 329, shippingTax: 66, goodsTax: 417, tax: 483, total: 2895 },
  vat: [{ rate: 20, net: 2412, vat: 483, gross: 2895 }],
  shippingAddress: { firstName: 'Grace', lastName: 'Hopper', street: '2 Compiler Way', city: 'Leeds', zip: 'LS1 4AP', country: 'GB' },
  billingAddress: { firstName: 'Grace', lastName: 'Hopper', street: '2 Compiler Way', city: 'Leeds', zip: 'LS1 4AP', country: 'GB' },
  shippingMethod: { code: 'uk-standard', name: 'UK standard' },
  paymentMethod: 'PayPal',
  seller: { name: 'Fern & Thread', domain: null },
  statusLog: [],
  paymentAttempts: [],
  ...over,
});

/** The pay page at `path`, with the API answering from `capture` for the PayPal capture call. */
function renderPay(path: string, view: OrderView, capture: () => Response = () => json({ order: { hash: HASH, number: 42, status: 'paid' }, payment: { status: 'paid' } })) {
  const fetch = mockFetch((url) => {
    if (url.includes('/checkout/config/')) return json(CONFIG);
    if (url.includes('/paypal/capture/')) return capture();
    if (url.endsWith('/pay/')) return json({ order: { hash: HASH, number: 42, status: 'paid' }, payment: { status: 'pending', clientSecret: 'pi_1_secret_2' } });
    if (url.includes(`/orders/${HASH}/`)) return json(view);
    return json({ items: [] });
  });
  const store = { state: { currency: describeCurrency('GBP'), company: { name: 'Fern & Thread', logo: null } } } as unknown as StoreCoreData;
  const router = createMemoryRouter(
    [
      { path: '/pay/:order/', element: <StoreContext.Provider value={store}><PayPage /></StoreContext.Provider> },
      { path: '/receipt/:orderHash', element: <h1>Receipt {HASH}</h1> },
      { path: '/basket/', element: <h1>Basket</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { fetch, router };
}

vi.mock('../checkout/StripePayment', () => ({
  StripePayment: ({ clientSecret, returnUrl }: { clientSecret: string; returnUrl: string }) => <p data-testid="stripe-element">{`${clientSecret} → ${returnUrl}`}</p>,
}));

describe('pay page: the difference after an edit, with Stripe', () => {
  it('creates the payment for the balance and opens Stripe’s card form for it, returning to the receipt', async () => {
    const { fetch } = renderPay(`/pay/${HASH}/`, order({ status: 'paid', payable: false, balanceDue: 1250 }));
    expect(await screen.findByRole('heading', { name: 'Pay the difference for order #42' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay £12.50 by card' }));
    expect((await screen.findByTestId('stripe-element')).textContent).toBe(`pi_1_secret_2 → ${window.location.origin}/receipt/${HASH}`);
    const post = fetch.mock.calls.find(([url]) => String(url).endsWith('/pay/'))!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ payment: { method: 'card' } });
  });
});

const captureCalls = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.filter(([url]) => String(url).includes('/paypal/capture/'));

describe('pay page: back from PayPal', () => {
  it('?paypal=return&token=… captures that PayPal order once and lands on the receipt', async () => {
    const { fetch, router } = renderPay(`/pay/${HASH}/?paypal=return&token=PAYPALORDER1&PayerID=ABC`, order());
    expect(await screen.findByRole('heading', { name: `Receipt ${HASH}` })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/receipt/${HASH}`);
    const calls = captureCalls(fetch);
    expect(calls).toHaveLength(1);
    expect(String(calls[0]![0])).toBe(`/omnis/v3/orders/${HASH}/paypal/capture/`);
    expect(JSON.parse(String(calls[0]![1]!.body))).toEqual({ paypalOrderId: 'PAYPALORDER1' });
  });

  it('a declined capture stays on the pay page with PayPal’s message and the PayPal button to try again', async () => {
    const { router } = renderPay(`/pay/${HASH}/?paypal=return&token=PAYPALORDER1`, order(), () => json({ message: 'The instrument presented was declined.' }, 402));
    expect((await screen.findByRole('alert')).textContent).toBe('The instrument presented was declined.');
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/pay/${HASH}/`);
  });

  it('?paypal=cancel shows the order still payable, with no capture', async () => {
    const { fetch } = renderPay(`/pay/${HASH}/?paypal=cancel&token=PAYPALORDER1`, order());
    expect((await screen.findByRole('status')).textContent).toBe(PAYPAL_CANCELLED);
    expect(screen.getByRole('heading', { name: 'Pay for order #42' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeTruthy();
    expect(captureCalls(fetch)).toHaveLength(0);
  });

  it('an expired order says so and offers the basket instead of a payment', async () => {
    renderPay(`/pay/${HASH}/`, order({ status: 'expired', statusLabel: 'Expired', payable: false, progress: 0 }));
    expect(await screen.findByRole('heading', { name: 'This order has expired' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(ORDER_EXPIRED);
    expect(screen.getByRole('link', { name: 'Back to your basket' }).getAttribute('href')).toBe('/basket/');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a paid order an edit made dearer asks for the difference only', async () => {
    renderPay(`/pay/${HASH}/`, order({ status: 'paid', statusLabel: 'Paid', payable: false, balanceDue: 1250 }));
    expect(await screen.findByRole('heading', { name: 'Pay the difference for order #42' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Your order changed: £12.50 is left to pay.');
  });
});
