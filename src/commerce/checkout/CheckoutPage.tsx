import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatMoney } from '../../core/currency';
import { ApiError, GENERIC_ERROR } from '../../lib/api';
import { useStore } from '../../app/StoreContext';
import { documentTitle } from '../../core/routes';
import { resetBasketStore, startBasket } from '../basket/store';
import type { Address, PublicPaymentConfig, QuoteView } from '../../core/api/orders';
import { trackEvent } from '../events';
import { AddressFields, EMPTY_ADDRESS } from './AddressFields';
import { checkoutApi, newIdempotencyKey, type PaymentInput, type PlaceRequest } from './checkoutApi';
import { CardFields, cardPayment, TestModeNotice, walletPayment, type CardState } from './PaymentFields';
import { BundleComponents, ConvertedTotal, Totals } from '../orders/OrderSummary';
import { checkoutFieldId } from './checkoutFields';
import { ErrorSummary } from './ErrorSummary';
import { DeliveryNote } from './DeliveryNote';
import '../commerce.css';
import './checkout.css';
import { useKeepTypedText } from '../../lib/hydration';

const StripePayment = lazy(async () => ({ default: (await import('./StripePayment')).StripePayment }));

type Pending = { hash: string; clientSecret?: string };

/** /checkout/ (cart layout; ?express=true puts the wallet first). Totals always come from the server's quote. */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const express = params.get('express') === 'true';
  const navigate = useNavigate();
  const { state } = useStore();
  const keepTyped = useKeepTypedText();
  const [config, setConfig] = useState<PublicPaymentConfig | null>(null);
  const [quote, setQuote] = useState<QuoteView | null>(null);
  const [email, setEmail] = useState('');
  const [shipping, setShipping] = useState<Address>(EMPTY_ADDRESS);
  const [billingSame, setBillingSame] = useState(true);
  const [billing, setBilling] = useState<Address>(EMPTY_ADDRESS);
  const [method, setMethod] = useState<string | null>(null);
  const [couponInput, setCouponInput] = useState('');
  const [coupon, setCoupon] = useState('');
  const [payWith, setPayWith] = useState<'card' | 'wallet'>(express ? 'wallet' : 'card');
  const [card, setCard] = useState<CardState>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  // One key per checkout attempt: a double click or a retry after a timeout reuses it; an answer ends the attempt.
  const attemptKey = useRef<string | null>(null);

  useEffect(() => {
    document.title = documentTitle('Checkout', state.company.name);
    trackEvent('begin_checkout', { express });
    checkoutApi.config().then(setConfig, () => setConfig({ card: 'test', wallet: 'test', stripePublishableKey: null, paypalClientId: null }));
  }, [state.company.name, express]);

  useEffect(() => {
    let stale = false;
    checkoutApi.quote({ country: shipping.country, ...(method ? { shippingMethod: method } : {}), ...(coupon ? { coupon } : {}) }).then(
      (q) => {
        if (stale) return;
        setQuote(q);
        if (q.shippingMethod !== method) setMethod(q.shippingMethod);
      },
      () => !stale && setMessage(GENERIC_ERROR),
    );
    return () => {
      stale = true;
    };
  }, [shipping.country, method, coupon]);

  const money = (minor: number) => formatMoney(minor, quote?.currency ?? 'GBP');

  const place = async (event?: FormEvent) => {
    event?.preventDefault();
    if (placing || !quote || !method) return;
    setPlacing(true);
    setMessage(null);
    setErrors({});
    attemptKey.current ??= newIdempotencyKey();
    const payment: PaymentInput = payWith === 'wallet' ? walletPayment() : config?.card === 'stripe' ? { method: 'card' } : cardPayment(card);
    const body: PlaceRequest = {
      email,
      shippingAddress: shipping.country === 'GB' ? { ...shipping, eori: '' } : shipping,
      billingSameAsShipping: billingSame,
      ...(billingSame ? {} : { billingAddress: billing }),
      shippingMethod: method,
      ...(coupon ? { coupon } : {}),
      payment,
    };
    try {
      const answer = await checkoutApi.place(body, attemptKey.current);
      attemptKey.current = null;
      if (answer.payment.status === 'paid') {
        resetBasketStore();
        startBasket();
        navigate(`/receipt/${answer.order.hash}`);
        return;
      }
      if (answer.payment.approveUrl) {
        window.location.assign(answer.payment.approveUrl);
        return;
      }
      setPending({ hash: answer.order.hash, clientSecret: answer.payment.clientSecret });
    } catch (error) {
      const e = error instanceof ApiError ? error : new ApiError(0, GENERIC_ERROR);
      // A network failure keeps the key: pressing again retries the same attempt (never a second charge).
      if (e.status !== 0) attemptKey.current = null;
      setErrors(e.errors ?? {});
      setMessage(e.status === 0 ? GENERIC_ERROR : e.message);
    } finally {
      setPlacing(false);
    }
  };

  if (quote && quote.lines.length === 0 && !pending) {
    return (
      <div className="checkout checkout--empty">
        <h1>Checkout</h1>
        <p>Your basket is empty.</p>
        <Link className="shop-button" to="/">
          Continue shopping
        </Link>
      </div>
    );
  }

  const walletChoice = (
    <label className="checkout-choice">
      <input type="radio" name="pay-with" checked={payWith === 'wallet'} onChange={() => setPayWith('wallet')} />
      <span>{config?.wallet === 'paypal' ? 'PayPal' : 'Test wallet'}</span>
    </label>
  );

  return (
    <form className="checkout" ref={keepTyped} onSubmit={(e) => void place(e)} noValidate>
      <h1>Checkout</h1>
      {config?.card === 'test' && <TestModeNotice />}
      <ErrorSummary errors={errors} />
      <div className="checkout__grid">
        <div className="checkout__form">
          {express && (
            <section className="checkout-section" aria-labelledby="checkout-wallet">
              <h2 id="checkout-wallet">Express checkout</h2>
              {walletChoice}
            </section>
          )}
          <section className="checkout-section" aria-labelledby="checkout-contact">
            <h2 id="checkout-contact">Contact</h2>
            <label className="checkout-field" htmlFor={checkoutFieldId('email')}>
              <span>Email address</span>
              <input
                id={checkoutFieldId('email')}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? `${checkoutFieldId('email')}-error` : undefined}
              />
              {errors.email && (
                <span className="checkout-field__error" id={`${checkoutFieldId('email')}-error`}>
                  {errors.email[0]}
                </span>
              )}
            </label>
          </section>
          <AddressFields legend="Shipping address" prefix="shippingAddress" value={shipping} onChange={setShipping} errors={errors} withEori />
          <label className="checkout-choice">
            <input type="checkbox" checked={billingSame} onChange={(e) => setBillingSame(e.target.checked)} />
            <span>Billing address is the same as shipping</span>
          </label>
          {!billingSame && <AddressFields legend="Billing address" prefix="billingAddress" value={billing} onChange={setBilling} errors={errors} />}

          <fieldset className="checkout-fieldset">
            <legend>Shipping method</legend>
            {quote?.shippingMethods
              .filter((m) => m.available)
              .map((m, i) => (
                <label key={m.code} className="checkout-choice">
                  <input type="radio" name="shipping-method" id={i === 0 ? checkoutFieldId('shippingMethod') : undefined} checked={method === m.code} onChange={() => setMethod(m.code)} />
                  <span>
                    {m.name} — {m.price === 0 ? 'Free' : money(m.price)} <small>{m.description}</small>
                  </span>
                </label>
              ))}
            <DeliveryNote delivery={quote?.delivery} format={money} />
            {errors.shippingMethod && <span className="checkout-field__error">{errors.shippingMethod[0]}</span>}
          </fieldset>

          {/* The pay button sits right under the payment fields it submits. */}
          <section className="checkout-section checkout-payment" aria-labelledby="checkout-payment">
            <h2 id="checkout-payment">Payment</h2>
            <label className="checkout-choice">
              <input type="radio" name="pay-with" checked={payWith === 'card'} onChange={() => setPayWith('card')} />
              <span>Card</span>
            </label>
            {payWith === 'card' && config?.card === 'test' && <CardFields card={card} onChange={setCard} errors={errors} />}
            {payWith === 'card' && config?.card === 'stripe' && !pending && <p className="checkout-hint">You will enter your card details securely with Stripe.</p>}
            {pending?.clientSecret && config?.stripePublishableKey && (
              <Suspense fallback={<p>Loading payment form…</p>}>
                <StripePayment publishableKey={config.stripePublishableKey} clientSecret={pending.clientSecret} returnUrl={`${window.location.origin}/receipt/${pending.hash}`} />
              </Suspense>
            )}
            {!express && walletChoice}
            {message && Object.keys(errors).length === 0 && (
              <p className="checkout-error" role="alert">
                {message}
              </p>
            )}
            {!pending && (
              <button type="submit" className="shop-button checkout-place" disabled={placing || !quote || !method}>
                {placing ? 'Placing order…' : quote ? `Place order · ${money(quote.totals.total)}` : 'Place order'}
              </button>
            )}
          </section>
        </div>

        <aside className="checkout__summary" aria-labelledby="checkout-summary">
          <h2 id="checkout-summary">Order summary</h2>
          <ul className="checkout-lines">
            {quote?.lines.map((l) => (
              <li key={l.key}>
                {l.image && <img src={l.image} alt="" width={56} height={56} />}
                <span>
                  {l.quantity} × {l.name}
                  <small>{[l.colour, l.size].filter(Boolean).join(' / ')}</small>
                  {l.components && <BundleComponents components={l.components} label={`In the ${l.name}`} />}
                </span>
                <span>{money(l.lineTotal)}</span>
              </li>
            ))}
          </ul>
          <div className="checkout-coupon">
            <label className="checkout-field" htmlFor={checkoutFieldId('coupon')}>
              <span>Coupon code</span>
              <input id={checkoutFieldId('coupon')} value={couponInput} onChange={(e) => setCouponInput(e.target.value)} />
            </label>
            <button type="button" className="shop-button shop-button--secondary" onClick={() => setCoupon(couponInput.trim())}>
              Apply
            </button>
          </div>
          {quote?.coupon?.message && <p className="checkout-field__error">{quote.coupon.message}</p>}
          {errors.coupon && <p className="checkout-field__error">{errors.coupon[0]}</p>}
          {quote && <Totals totals={quote.totals} vat={quote.vat} currency={quote.currency} couponCode={quote.coupon?.applied ? quote.coupon.code : null} />}
          {quote && <ConvertedTotal total={quote.totals.total} currency={quote.currency} charged="now" />}
        </aside>
      </div>
    </form>
  );
}
