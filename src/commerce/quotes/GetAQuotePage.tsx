import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, GENERIC_ERROR, formFailure } from '../../lib/api';
import { useHydrated, useKeepTypedText } from '../../lib/hydration';
import { EMPTY_QUOTE_REQUEST, type QuoteRequest } from '../../core/quotes';
import { useCommerceHead } from '../head';
import { ContactFields, DeliveryFields, ProductFields, QuoteErrors, type Errors } from './QuoteFields';
import { quotesApi } from './quotesApi';
import '../checkout/checkout.css';
import '../commerce.css';
import './quotes.css';

/**
 * /get-a-quote/: the short quote form (contact, a product with its per-size quantities and print positions,
 * artwork, deadline, delivery country). The server checks it with the §5.1 rules, makes the order in status quote
 * and the customer record, and mails a link; the customer then follows the quote at /advanced-quote/{order}/.
 */
export function GetAQuotePage() {
  useCommerceHead({ title: 'Get a quote', noindex: false });
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const keepTyped = useKeepTypedText();
  const [request, setRequest] = useState<QuoteRequest>(EMPTY_QUOTE_REQUEST);
  const [artwork, setArtwork] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      const created = await quotesApi.create({ request, kind: 'simple' });
      // The quote exists now; artwork that fails to upload can be sent again from the quote's page.
      let artworkError: string | null = null;
      if (artwork) await quotesApi.artwork(created.hash, artwork, request.products[0]?.positions[0] ?? null).catch((e: unknown) => (artworkError = e instanceof ApiError ? e.message : GENERIC_ERROR));
      navigate(`/advanced-quote/${created.hash}/`, { state: { message: created.message, artworkError } });
    } catch (e) {
      const failure = formFailure(e);
      setErrors(failure.errors);
      if (failure.message) setMessage(failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="shop quote-page">
      <h1>Get a quote</h1>
      <p className="shop__lead">Printed clothing for your team, event or business. Tell us what you need and we will send you a priced proposal with a mock-up to approve.</p>
      <p>
        Several products, print positions or delivery addresses? <Link to="/advanced-quote/">Use the advanced quote</Link>.
      </p>
      <form ref={keepTyped} onSubmit={(e) => void submit(e)} noValidate className="quote-form">
        <QuoteErrors errors={errors} />
        <ContactFields value={request.contact} onChange={(contact) => setRequest({ ...request, contact })} errors={errors} />
        <ProductFields
          index={0}
          value={request.products[0]!}
          onChange={(p) => setRequest({ ...request, products: [p] })}
          errors={errors}
          artwork={
            <label className="checkout-field" htmlFor="checkout--file">
              <span>
                Artwork <small>(optional: png, jpg, pdf or svg up to 10 MB)</small>
              </span>
              <input id="checkout--file" type="file" accept=".png,.jpg,.jpeg,.pdf,.svg,image/png,image/jpeg,image/svg+xml,application/pdf" onChange={(e) => setArtwork(e.target.files?.[0] ?? null)} />
            </label>
          }
        />
        <DeliveryFields value={request} onChange={setRequest} errors={errors} />
        {message && (
          <p className="checkout-error" role="alert">
            {message}
          </p>
        )}
        <p className="order-actions">
          <button type="submit" className="shop-button" disabled={busy || !hydrated}>
            {busy ? 'Sending…' : 'Request a quote'}
          </button>
        </p>
      </form>
    </div>
  );
}
