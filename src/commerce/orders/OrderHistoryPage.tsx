import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, ApiError, GENERIC_ERROR } from '../../lib/api';
import { formatMoney } from '../../core/currency';
import type { OrderHistoryOrderView, OrderHistoryView } from '../../core/api/orderHistory';
import { basketActions, type AddItem } from '../basket/store';
import { useCommerceHead } from '../head';
import { OrderProgress } from './OrderSummary';
import '../commerce.css';
import './orders.css';
import { formatDay } from '../../core/dates';

/** §8 page loading 404: an unknown history address. */
export const HISTORY_NOT_FOUND = 'We were unable to find this page';
export const SIGN_IN_FOR_HISTORY = 'Sign in to see your orders, or open the link in your order confirmation.';
/** §8 bulk add 400 ("No items were added to basket") comes from the server; these name what is gone. */
export const reorderMessages = {
  added: 'The items are back in your basket.',
  gone: (names: string[]) => `No longer available: ${names.join(', ')}.`,
} as const;

/** Orders never paid have nothing to invoice. */
const UNINVOICED = ['to_be_paid', 'payment_failed', 'expired'];
const describe = (i: { name: string; colour: string | null; size: string | null }) => {
  const options = [i.colour, i.size].filter(Boolean).join(' / ');
  return options ? `${i.name} (${options})` : i.name;
};

type Load = { status: 'loading' } | { status: 'failed'; key: string; message: string } | { status: 'ready'; key: string; history: OrderHistoryView };
type Outcome = { hash: string; ok: boolean; text: string };

/** /order-history/{customerHash}: every order of one shopper in this store, with status, progress and a reorder. */
export function OrderHistoryPage() {
  const { customerHash } = useParams();
  const [loaded, setLoad] = useState<Load>({ status: 'loading' });
  const key = customerHash ?? '';
  // A result for another address (the hash changed) is not shown: loading until this one answers.
  const load: Load = loaded.status !== 'loading' && loaded.key === key ? loaded : { status: 'loading' };
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useCommerceHead({ title: 'Your orders', noindex: true });

  const navigate = useNavigate();

  // "My orders" (/order-history/): the signed-in shopper's own history.
  useEffect(() => {
    if (customerHash) return;
    const controller = new AbortController();
    api<{ hash: string }>('/omnis/v3/order-history/', { signal: controller.signal }).then(
      ({ hash }) => void navigate(`/order-history/${hash}`, { replace: true }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ status: 'failed', key: '', message: error instanceof ApiError && error.status === 401 ? SIGN_IN_FOR_HISTORY : error instanceof ApiError ? error.message : GENERIC_ERROR });
      },
    );
    return () => controller.abort();
  }, [customerHash, navigate]);

  useEffect(() => {
    if (!customerHash) return;
    const controller = new AbortController();
    api<OrderHistoryView>(`/omnis/v3/order-history/${encodeURIComponent(customerHash)}/`, { signal: controller.signal }).then(
      (history) => setLoad({ status: 'ready', key: customerHash, history }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ status: 'failed', key: customerHash, message: error instanceof ApiError && error.status === 404 ? HISTORY_NOT_FOUND : GENERIC_ERROR });
      },
    );
    return () => controller.abort();
  }, [customerHash]);

  // Reorder: what is still active goes back through bulkAddItemsToCart (§7); what is gone is named (§8).
  const reorder = async (order: OrderHistoryOrderView) => {
    const lines = order.items.filter((i) => i.activeQuantity > 0);
    const sendable = lines.filter((i) => i.productId !== null);
    const missing = lines.filter((i) => i.productId === null).map(describe);
    const items: AddItem[] = sendable.map((i) => ({ productId: i.productId!, productColor: i.colour, productSize: i.size, quantity: i.activeQuantity }));
    setBusy(order.hash);
    setOutcome(null);
    try {
      if (items.length === 0) throw new ApiError(400, 'No items were added to basket');
      const answer = await basketActions.bulkAdd(items);
      const gone = [...missing, ...(answer.unavailable ?? []).map((index) => describe(sendable[index]!))];
      setOutcome({ hash: order.hash, ok: gone.length === 0, text: gone.length ? `${answer.message ?? reorderMessages.added} ${reorderMessages.gone(gone)}` : reorderMessages.added });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : GENERIC_ERROR;
      const gone = [...missing, ...sendable.map(describe)];
      setOutcome({ hash: order.hash, ok: false, text: error instanceof ApiError && error.status === 400 ? `${message}. ${reorderMessages.gone(gone)}` : message });
    } finally {
      setBusy(null);
    }
  };

  if (load.status === 'loading') {
    return (
      <div className="shop order-history" role="status" aria-live="polite">
        <h1>Your orders</h1>
        <p>Loading your orders…</p>
      </div>
    );
  }
  if (load.status === 'failed') {
    return (
      <div className="shop order-history">
        <h1>Your orders</h1>
        <p className="shop__message shop__message--error" role="alert">
          {load.message}
        </p>
        {load.message === SIGN_IN_FOR_HISTORY ? (
          <Link className="shop-button" to={`/login/?redirect_uri=${encodeURIComponent('/order-history/')}`}>
            Sign in
          </Link>
        ) : (
          <Link className="shop-button" to="/">
            Continue shopping
          </Link>
        )}
      </div>
    );
  }
  const { history } = load;
  return (
    <div className="shop order-history">
      <h1>Your orders</h1>
      <p className="shop__lead">Orders placed with {history.email}.</p>
      {history.orders.length === 0 ? (
        <div className="basket__empty">
          <p>You have no orders yet.</p>
          <Link className="shop-button" to="/">
            Start shopping
          </Link>
        </div>
      ) : (
        <ul className="order-history__list" aria-label="Orders">
          {history.orders.map((order) => (
            <li key={order.hash} className="order-history__order" aria-labelledby={`order-${order.number}`}>
              <div className="order-history__head">
                <h2 id={`order-${order.number}`}>Order #{order.number}</h2>
                <span>{formatDay(new Date(order.createdAt), 'medium')}</span>
                <strong className="order-history__total">{formatMoney(order.total, order.currency)}</strong>
              </div>
              <OrderProgress status={order.status} label={order.statusLabel} kind={order.progressKind} />
              <p className="order-status">
                Status: <strong data-testid="history-status">{order.statusLabel}</strong> · {order.progress}% complete
              </p>
              <ul className="order-history__items">
                {order.items.map((i, n) => (
                  <li key={n}>
                    {i.activeQuantity < i.quantity ? `${i.activeQuantity} of ${i.quantity}` : i.quantity} × {describe(i)}
                  </li>
                ))}
              </ul>
              <p className="order-actions">
                {order.payable && (
                  <Link className="shop-button" to={`/pay/${order.hash}/`}>
                    Pay now
                  </Link>
                )}
                {order.balanceDue > 0 && (
                  <Link className="shop-button" to={`/pay/${order.hash}/`}>
                    Pay the difference
                  </Link>
                )}
                <Link className="shop-button shop-button--secondary" to={`/receipt/${order.hash}`}>
                  Receipt
                </Link>
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
                {!UNINVOICED.includes(order.status) && (
                  <Link className="shop-button shop-button--secondary" to={`/invoice/${order.hash}`}>
                    Invoice
                  </Link>
                )}
                {order.returnable && (
                  <Link className="shop-button shop-button--secondary" to={`/returns/${order.hash}`}>
                    Return items
                  </Link>
                )}
                <button type="button" className="shop-button shop-button--secondary" disabled={busy !== null} onClick={() => void reorder(order)}>
                  {busy === order.hash ? 'Adding…' : 'Reorder'}
                </button>
              </p>
              {outcome?.hash === order.hash && (
                <p className={`shop__message ${outcome.ok ? '' : 'shop__message--error'}`} role={outcome.ok ? 'status' : 'alert'}>
                  {outcome.text} <Link to="/basket/">View basket</Link>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
