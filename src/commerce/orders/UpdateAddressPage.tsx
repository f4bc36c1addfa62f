import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formFailure } from '../../lib/api';
import { useHydrated, useKeepTypedText } from '../../lib/hydration';
import { addressRefusal } from '../../core/orderEdits';
import type { Address } from '../../core/api/orders';
import { AddressFields, EMPTY_ADDRESS } from '../checkout/AddressFields';
import { ErrorSummary } from '../checkout/ErrorSummary';
import { useCommerceHead } from '../head';
import { OrderFinder } from './EditOrderFinder';
import { orderEditApi } from './EditOrderApi';
import { EDIT_NOT_FOUND } from './EditOrderPage';
import { useOrder } from './useOrder';
import '../checkout/checkout.css';
import '../commerce.css';
import './orders.css';
import './EditOrder.css';

export const ADDRESS_UPDATED = 'Your delivery address was updated. We have sent a confirmation to your email address.';

/**
 * /update-address/{orderHash?}: until the parcel is dispatched, send the order somewhere else. The address is
 * checked exactly as at checkout (the same fields, the same server rules and messages). Without a hash the order
 * is found by its number and email first.
 */
export function UpdateAddressPage() {
  const { orderHash } = useParams();
  useCommerceHead({ title: 'Update your delivery address', noindex: true });
  if (!orderHash) {
    return <OrderFinder title="Update your delivery address" intro="Enter your order number and the email address you ordered with." target={(hash) => `/update-address/${hash}`} />;
  }
  return <UpdateAddress hash={orderHash} />;
}

const lines = (a: Address) => [`${a.firstName} ${a.lastName}`, a.company, a.street, [a.city, a.state].filter(Boolean).join(', '), a.zip, a.country].filter(Boolean);

function UpdateAddress({ hash }: { hash: string }) {
  const { order, error: loadError, reload } = useOrder(hash);
  const hydrated = useHydrated();
  const keepTyped = useKeepTypedText();
  // What the shopper typed, else the order's current address.
  const [edited, setAddress] = useState<Address | null>(null);
  const address = edited ?? (order ? { ...EMPTY_ADDRESS, ...order.shippingAddress } : null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  if (loadError) {
    return (
      <div className="shop order-page">
        <h1>Update your delivery address</h1>
        <p className="shop__message shop__message--error" role="alert">
          {EDIT_NOT_FOUND}
        </p>
      </div>
    );
  }
  if (!order || !address) return <p className="shop order-page" role="status">Loading your order…</p>;
  const refusal = addressRefusal(order.status, order.statusLog.map((l) => l.status));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setMessage(null);
    setSaved(false);
    try {
      const answer = await orderEditApi.updateAddress(order.hash, address);
      setAddress({ ...EMPTY_ADDRESS, ...answer.shippingAddress });
      setSaved(true);
      reload();
    } catch (e) {
      const failure = formFailure(e);
      setErrors(failure.errors);
      if (failure.message) setMessage(failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="shop order-page update-address">
      <h1>Update the delivery address of order #{order.number}</h1>
      <p className="shop__lead">We will send it to:</p>
      <address className="update-address__current" data-testid="current-address">
        {lines(order.shippingAddress).map((l, n) => (
          <span key={n}>
            {l}
            <br />
          </span>
        ))}
      </address>
      {saved && (
        <p className="shop__message" role="status">
          {ADDRESS_UPDATED}
        </p>
      )}
      {refusal ? (
        <p className="shop__message shop__message--error" role="alert">
          {refusal}
        </p>
      ) : (
        <form ref={keepTyped} onSubmit={(e) => void submit(e)} noValidate>
          <ErrorSummary errors={errors} />
          <AddressFields legend="New delivery address" prefix="shippingAddress" value={address} onChange={setAddress} errors={errors} withEori />
          {message && (
            <p className="shop__message shop__message--error" role="alert">
              {message}
            </p>
          )}
          <p className="order-actions">
            <button type="submit" className="shop-button" disabled={busy || !hydrated}>
              {busy ? 'Saving…' : 'Update address'}
            </button>
          </p>
        </form>
      )}
      <p className="order-actions">
        <Link className="shop-button shop-button--secondary" to={`/receipt/${order.hash}`}>
          Back to your receipt
        </Link>
      </p>
    </div>
  );
}
