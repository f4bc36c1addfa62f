import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatMoney } from '../../core/currency';
import { documentTitle } from '../../core/routes';
import { ApiError, GENERIC_ERROR } from '../../lib/api';
import { useStore } from '../../app/StoreContext';
import { checkoutApi, newIdempotencyKey, type PaymentInput } from '../checkout/checkoutApi';
import { CardFields, cardPayment, TestModeNotice, walletPayment, type CardState } from '../checkout/PaymentFields';
import type { PublicPaymentConfig } from './types';
import { OrderItems, Totals } from './OrderSummary';
import { useOrder } from './useOrder';
import '../checkout/checkout.css';
import './orders.css';

/** /pay/{order}/ (cart layout): pays an order that is still unpaid. */
export function PayPage() {
  const { order: hash } = useParams();
  const { order, error } = useOrder(hash);
  const navigate = useNavigate();
  const { state } = useStore();
  const [config, setConfig] = useState<PublicPaymentConfig | null>(null);
  const [card, setCard] = useState<CardState>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);

  useEffect(() => {
    document.title = documentTitle('Pay for your order', state.company.name);
    checkoutApi.config().then(setConfig, () => setConfig(null));
  }, [state.company.name]);

  if (error) return <p className="order-page order-page--error">{error}</p>;
  if (!order) return <p className="order-page">Loading your order…</p>;
  if (!order.payable) {
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
      navigate(`/receipt/${order.hash}`);
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(0, GENERIC_ERROR);
      if (err.status !== 0) key.current = null;
      setErrors(err.errors ?? {});
      setMessage(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="order-page">
      <h1>Pay for order #{order.number}</h1>
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
              {busy ? 'Paying…' : `Pay ${formatMoney(order.totals.total, order.currency)}`}
            </button>
            <button type="button" className="shop-button shop-button--secondary" disabled={busy} onClick={() => void pay(walletPayment())}>
              Pay with test wallet
            </button>
          </p>
        </form>
      ) : (
        <p className="checkout-hint">Card payments for this store are taken at checkout with Stripe.</p>
      )}
    </div>
  );
}
