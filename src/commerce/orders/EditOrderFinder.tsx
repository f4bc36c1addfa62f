import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, GENERIC_ERROR } from '../../lib/api';
import { useHydrated, useKeepTypedText } from '../../lib/hydration';
import { orderEditApi } from './EditOrderApi';
import '../checkout/checkout.css';

/**
 * /edit-order/ and /update-address/ without a hash: the shopper names their order by its number and the email it
 * was placed with. Every miss gets the same answer (no hint whether the number or the email was wrong).
 */
export function OrderFinder({ title, intro, target }: { title: string; intro: string; target: (hash: string) => string }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const keepTyped = useKeepTypedText();
  const [number, setNumber] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const n = Number(number.trim().replace(/^#/, ''));
    if (!Number.isInteger(n) || n < 1) return setError('Please enter your order number (it is in your confirmation mail).');
    if (!email.trim()) return setError('Please enter the email address you ordered with.');
    setBusy(true);
    setError(null);
    try {
      const { hash } = await orderEditApi.find(n, email.trim());
      navigate(target(hash));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : GENERIC_ERROR);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="shop order-page order-finder">
      <h1>{title}</h1>
      <p className="shop__lead">{intro}</p>
      <form ref={keepTyped} onSubmit={(e) => void submit(e)} noValidate>
        <label className="checkout-field" htmlFor="order-finder-number">
          <span>Order number</span>
          <input id="order-finder-number" inputMode="numeric" autoComplete="off" value={number} onChange={(e) => setNumber(e.target.value)} />
        </label>
        <label className="checkout-field" htmlFor="order-finder-email">
          <span>Email address</span>
          <input id="order-finder-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        {error && (
          <p className="shop__message shop__message--error" role="alert">
            {error}
          </p>
        )}
        <p className="order-actions">
          <button type="submit" className="shop-button" disabled={busy || !hydrated}>
            {busy ? 'Finding your order…' : 'Find my order'}
          </button>
        </p>
      </form>
    </div>
  );
}
