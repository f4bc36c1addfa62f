import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatMoney } from '../../core/currency';
import { documentTitle } from '../../core/routes';
import { ApiError, GENERIC_ERROR, asApiError } from '../../lib/api';
import { useStore } from '../../app/StoreContext';
import { checkoutApi, newIdempotencyKey, type PaymentInput } from '../checkout/checkoutApi';
import { resetBasketStore, startBasket } from '../basket/store';
import { CardFields, cardPayment, TestModeNotice, walletPayment, type CardState } from '../checkout/PaymentFields';
import type { PublicPaymentConfig } from '../../core/api/orders';
import { OrderItems, Totals } from './OrderSummary';
import { useOrder } from './useOrder';
import '../checkout/checkout.css';
import '../commerce.css';
import './orders.css';

const StripePayment = lazy(async () => ({ default: (await import('../checkout/StripePayment')).StripePayment }));

export const PAYPAL_CANCELLED = 'You cancelled the PayPal payment. Your order is saved: pay whenever you are ready.';
export const PAYPAL_CONFIRMING = 'Confirming your PayPal payment…';
export const ORDER_EXPIRED = 'Oops... Looks like this order has expired. Please place your order again.';

/**
 * /pay/{order}/ (cart layout): pays an order that is still unpaid. PayPal sends the shopper back here:
 * `?paypal=return&token={PayPal order}` captures the approved payment and lands on the receipt;
 * `?paypal=cancel` shows the order still payable (nothing was taken, the basket is untouched). With Stripe the
 * card is entered in Stripe's Payment Element for a PaymentIntent of exactly the amount; its webhook marks it paid.
 */
export function PayPage() {
  const { order: hash } = useParams();
  const [params] = useSearchParams();
  const { order, error, reload } = useOrder(hash);
  const navigate = useNavigate();
  const { state } = useStore();
  const [config, setConfig] = useState<PublicPaymentConfig | null>(null);
  const [card, setCard] = useState<CardState>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const paypal = params.get('paypal');
  const token = params.get('token');
  const [captureSettled, setCaptureSettled] = useState(false);
  const captured = useRef(false);
  // Back from PayPal after approving. An expired order is tried too: the server takes the payment only if it can
  // reserve the items again (else it answers that the order expired, and PayPal is never asked to capture).
  const capturing = !!order && paypal === 'return' && !!token && (order.payable || order.status === 'expired') && !captureSettled;

  useEffect(() => {
    document.title = documentTitle('Pay for your order', state.company.name);
    checkoutApi.config().then(setConfig, () => setConfig(null));
  }, [state.company.name]);

  // Capture once, then the receipt (a reload of the return page after paying goes straight there).
  useEffect(() => {
    if (!order || paypal !== 'return' || captured.current) return;
    if (order.status === 'paid') {
      captured.current = true;
      navigate(`/receipt/${order.hash}`, { replace: true });
      return;
    }
    if (!capturing || !token) return;
    captured.current = true;
    checkoutApi.capturePayPal(order.hash, token).then(
      () => {
        resetBasketStore();
        startBasket();
        navigate(`/receipt/${order.hash}`, { replace: true });
      },
      (e: unknown) => {
        setMessage(e instanceof ApiError ? e.message : GENERIC_ERROR);
        setCaptureSettled(true);
        reload();
      },
    );
  }, [order, paypal, token, capturing, navigate, reload]);

  if (error) return <p className="order-page order-page--error">{error}</p>;
  if (!order) return <p className="order-page">Loading your order…</p>;
  if (capturing) return <p className="order-page" role="status">{PAYPAL_CONFIRMING}</p>;
  if (order.status === 'expired') {
    return (
      <div className="order-page">
        <h1>This order has expired</h1>
        <p role="alert">{message ?? ORDER_EXPIRED}</p>
        <p className="order-actions">
          <Link className="shop-button" to="/basket/">
            Back to your basket
          </Link>
        </p>
      </div>
    );
  }
  // A paid order an edit made dearer (/edit-order/): the difference is what is paid here.
  const balance = !order.payable && order.balanceDue > 0;
  const amount = balance ? order.balanceDue : order.totals.total;
  if (!order.payable && !balance) {
    return (
      <div className="order-page">
        <h1>Nothing to pay</h1>
        <p>Order #{order.number} is {order.statusLabel.toLowerCase()}.</p>
      </div>
    );
  }

  const pay = async (payment: PaymentInput) => {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    setErrors({});
    key.current ??= newIdempotencyKey();
    try {
      const answer = await checkoutApi.pay(order.hash, payment, key.current);
      key.current = null;
      if (answer.payment.approveUrl) return window.location.assign(answer.payment.approveUrl);
      if (answer.payment.clientSecret) return setClientSecret(answer.payment.clientSecret);
      navigate(`/receipt/${order.hash}`);
    } catch (e) {
      const err = asApiError(e);
      if (err.status !== 0) key.current = null;
      setErrors(err.errors ?? {});
      setMessage(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="order-page">
      <h1>{balance ? `Pay the difference for order #${order.number}` : `Pay for order #${order.number}`}</h1>
      {balance && (
        <p className="checkout-notice" role="status">
          Your order changed: {formatMoney(amount, order.currency)} is left to pay.
        </p>
      )}
      {paypal === 'cancel' && !message && (
        <p className="checkout-notice" role="status">
          {PAYPAL_CANCELLED}
        </p>
      )}
      {config?.card === 'test' && <TestModeNotice />}
      <OrderItems items={order.items} currency={order.currency} />
      <Totals totals={order.totals} vat={order.vat} currency={order.currency} couponCode={order.couponCode} />
      {config?.card === 'test' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void pay(cardPayment(card));
          }}
          noValidate
        >
          <CardFields card={card} onChange={setCard} errors={errors} />
          {message && (
            <p className="checkout-error" role="alert">
              {message}
            </p>
          )}
          <p className="order-actions">
            <button type="submit" className="shop-button" disabled={busy}>
              {busy ? 'Paying…' : `Pay ${formatMoney(amount, order.currency)}`}
            </button>
            <button type="button" className="shop-button shop-button--secondary" disabled={busy} onClick={() => void pay(walletPayment())}>
              {config.wallet === 'paypal' ? 'Pay with PayPal' : 'Pay with test wallet'}
            </button>
          </p>
        </form>
      ) : (
        <>
          {message && (
            <p className="checkout-error" role="alert">
              {message}
            </p>
          )}
          {clientSecret && config?.stripePublishableKey ? (
            <Suspense fallback={<p role="status">Loading the card form…</p>}>
              <StripePayment publishableKey={config.stripePublishableKey} clientSecret={clientSecret} returnUrl={`${window.location.origin}/receipt/${order.hash}`} />
            </Suspense>
          ) : (
            <>
              <p className="order-actions">
                {config?.card === 'stripe' && (
                  <button type="button" className="shop-button" disabled={busy} onClick={() => void pay({ method: 'card' })}>
                    {busy ? 'Preparing…' : `Pay ${formatMoney(amount, order.currency)} by card`}
                  </button>
                )}
                {config?.wallet === 'paypal' && (
                  <button type="button" className={`shop-button${config.card === 'stripe' ? ' shop-button--secondary' : ''}`} disabled={busy} onClick={() => void pay({ method: 'wallet' })}>
                    {busy ? 'Opening PayPal…' : 'Pay with PayPal'}
                  </button>
                )}
              </p>
              {config?.card === 'stripe' && <p className="checkout-hint">You will enter your card details securely with Stripe.</p>}
            </>
          )}
        </>
      )}
    </div>
  );
}
