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
  const lastAttempt = order.paymentAttempts.at(-1);
  // Declined: the order was closed by a refused payment, or it waits for payment after a refused try.
  const declined = order.status === 'payment_failed' || (order.payable && lastAttempt !== undefined && !lastAttempt.isSuccessful);
  // A closed order cannot be paid again; its items are still in the basket, so paying again is a new checkout.
  const payAgain = order.payable ? `/pay/${order.hash}/` : '/checkout/';
  return (
    <div className="order-page">
      <h1>{declined ? 'Your payment was declined' : order.payable ? 'Your order is waiting for payment' : 'Thank you for your order!'}</h1>
      {declined ? (
        <div className="shop__message shop__message--error" role="alert">
          <p>
            Order <strong>#{order.number}</strong> was not paid{lastAttempt ? `: ${lastAttempt.message}` : '.'} No money was taken.
          </p>
          <Link className="shop-button" to={payAgain}>
            Pay again
          </Link>
        </div>
      ) : (
        <p>
          Order <strong>#{order.number}</strong> · {order.payable ? 'it is reserved for you until it is paid.' : `a confirmation is on its way to ${order.email}.`}
        </p>
      )}
      <OrderProgress status={order.status} label={order.statusLabel} kind={order.progressKind} />
      <p className="order-status">
        Status: {order.statusLabel} · {order.progress}% complete
      </p>
      {order.trackingCodes.length > 0 && (
        <p className="order-tracking" data-testid="tracking-codes">
          Tracking {order.trackingCodes.length > 1 ? 'codes' : 'code'}:{' '}
          {order.trackingCodes.map((t) => (
            <strong key={t.code}>{t.carrier ? `${t.carrier} ${t.code}` : t.code} </strong>
          ))}
        </p>
      )}
      <h2>Order summary</h2>
      <OrderItems items={order.items} currency={order.currency} />
      <Totals totals={order.totals} vat={order.vat} currency={order.currency} couponCode={order.couponCode} />
      <ConvertedTotal total={order.totals.total} currency={order.currency} charged={order.payable ? 'now' : 'done'} />
      <p className="order-actions">
        {order.payable && !declined && (
          <Link className="shop-button" to={`/pay/${order.hash}/`}>
            Pay now
          </Link>
        )}
        {order.balanceDue > 0 && (
          <Link className="shop-button" to={`/pay/${order.hash}/`}>
            Pay the difference
          </Link>
        )}
        {order.canEdit && (
          <Link className="shop-button shop-button--secondary" to={`/edit-order/${order.hash}`}>
            Change order
          </Link>
        )}
        {order.canUpdateAddress && (
          <Link className="shop-button shop-button--secondary" to={`/update-address/${order.hash}`}>
            Update address
          </Link>
        )}
        {order.customerHash && (
          <Link className="shop-button shop-button--secondary" to={`/order-history/${order.customerHash}`}>
            Your orders
          </Link>
        )}
        {order.returnable && (
          <Link className="shop-button shop-button--secondary" to={`/returns/${order.hash}`}>
            Return items
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
