import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useStore } from '../../app/StoreContext';
import { documentTitle } from '../../core/routes';
import { checkoutApi } from '../checkout/checkoutApi';
import { trackEvent } from '../events';
import { ConvertedTotal, OrderItems, OrderProgress, Totals } from './OrderSummary';
import { useOrder } from './useOrder';
import '../commerce.css';
import './orders.css';

/** /receipt/{orderHash}: thank-you, the order summary and its progress. */
export function ReceiptPage() {
  const { orderHash } = useParams();
  const [params] = useSearchParams();
  const { order, error, reload } = useOrder(orderHash);
  const { state } = useStore();
  const tracked = useRef(false);
  const captured = useRef(false);

  useEffect(() => {
    document.title = documentTitle('Thank you for your order', state.company.name);
  }, [state.company.name]);

  useEffect(() => {
    if (!order || tracked.current || order.status !== 'paid') return;
    tracked.current = true;
    trackEvent('purchase', { order: order.number, value: order.totals.total, currency: order.currency });
  }, [order]);

  // Back from PayPal's approval page (?token=…): capture, then show the paid order.
  useEffect(() => {
    const token = params.get('token');
    if (!order || !token || !order.payable || captured.current) return;
    captured.current = true;
    checkoutApi.capturePayPal(order.hash, token).then(reload, reload);
  }, [order, params, reload]);

  if (error) return <p className="order-page order-page--error">{error}</p>;
  if (!order) return <p className="order-page">Loading your order…</p>;
  return (
    <div className="order-page">
      <h1>{order.payable ? 'Your order is waiting for payment' : 'Thank you for your order!'}</h1>
      <p>
        Order <strong>#{order.number}</strong> · a confirmation is on its way to {order.email}.
      </p>
      <OrderProgress status={order.status} label={order.statusLabel} />
      <p className="order-status">Status: {order.statusLabel}</p>
      <h2>Order summary</h2>
      <OrderItems items={order.items} currency={order.currency} />
      <Totals totals={order.totals} vat={order.vat} currency={order.currency} couponCode={order.couponCode} />
      <ConvertedTotal total={order.totals.total} currency={order.currency} charged={order.payable ? 'now' : 'done'} />
      <p className="order-actions">
        {order.payable && (
          <Link className="shop-button" to={`/pay/${order.hash}/`}>
            Pay now
          </Link>
        )}
        <Link className="shop-button shop-button--secondary" to={`/invoice/${order.hash}`}>
          View invoice
        </Link>
        <Link className="shop-button shop-button--secondary" to="/">
          Continue shopping
        </Link>
      </p>
    </div>
  );
}
