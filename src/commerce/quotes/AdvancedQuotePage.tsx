import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, GENERIC_ERROR, formFailure, asApiError } from '../../lib/api';
import { useHydrated } from '../../lib/hydration';
import { formatMoney } from '../../core/currency';
import { ADVANCED_STEPS, EMPTY_QUOTE_REQUEST, PACKAGING_OPTIONS, QUOTE_LIMITS, lineQuantity, quoteMessages, type QuoteRequest, type QuoteView } from '../../core/quotes';
import { useCommerceHead } from '../head';
import { OrderProgress } from '../orders/OrderSummary';
import { ContactFields, CountrySelect, DeliveryFields, Field, ProductFields, QuoteErrors, type Errors } from './QuoteFields';
import { quotesApi } from './quotesApi';
import '../checkout/checkout.css';
import '../commerce.css';
import '../orders/orders.css';
import './quotes.css';

/**
 * /advanced-quote/{order?}/: the multi-step quote for larger orders (several products, per-size quantities, print
 * positions with artwork per position, packaging, split deliveries). The first "Next" makes the quote and the
 * address becomes /advanced-quote/{order}/, so every later step is saved as the customer goes and the link resumes
 * it. Once sent, the same address is the customer's quote page: the proposal and mock-up to approve or comment on,
 * paying the approved quote, and the bespoke progress.
 */
export function AdvancedQuotePage() {
  const { order } = useParams();
  useCommerceHead({ title: 'Your quote', noindex: true });
  const [quote, setQuote] = useState<QuoteView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!order) return;
    let stale = false;
    quotesApi.get(order).then(
      (q) => !stale && setQuote(q),
      (e: unknown) => !stale && setError(e instanceof ApiError && e.status === 404 ? quoteMessages.notFound : GENERIC_ERROR),
    );
    return () => {
      stale = true;
    };
  }, [order, version]);

  if (!order) return <QuoteWizard quote={null} onSaved={setQuote} />;
  if (error) {
    return (
      <div className="shop quote-page">
        <h1>Your quote</h1>
        <p className="shop__message shop__message--error" role="alert">
          {error}
        </p>
      </div>
    );
  }
  if (!quote || quote.hash !== order) return <p className="shop quote-page" role="status">Loading your quote…</p>;
  if (!quote.submitted) return <QuoteWizard key={quote.hash} quote={quote} onSaved={setQuote} />;
  return <QuoteStatus quote={quote} onChange={setQuote} reload={() => setVersion((v) => v + 1)} />;
}

function QuoteWizard({ quote, onSaved }: { quote: QuoteView | null; onSaved: (q: QuoteView) => void }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [request, setRequest] = useState<QuoteRequest>(quote?.request.products.length ? quote.request : { ...(quote?.request ?? EMPTY_QUOTE_REQUEST), products: EMPTY_QUOTE_REQUEST.products });
  const [step, setStep] = useState(quote?.step ?? 0);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [files, setFiles] = useState(quote?.files ?? []);
  const last = ADVANCED_STEPS.length - 1;

  const save = async (nextStep: number, submit = false) => {
    if (busy) return;
    setBusy(true);
    setErrors({});
    setMessage(null);
    setSaved(false);
    try {
      if (!quote) {
        const created = await quotesApi.create({ request, kind: 'advanced', step: nextStep });
        navigate(`/advanced-quote/${created.hash}/`, { replace: true });
        return;
      }
      const answer = await quotesApi.save(quote.hash, { request, step: nextStep, submit });
      setStep(nextStep);
      setSaved(true);
      onSaved(answer);
      window.scrollTo({ top: 0 });
    } catch (e) {
      const failure = formFailure(e);
      setErrors(failure.errors);
      if (failure.message) setMessage(failure.message);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (position: string, file: File | undefined) => {
    if (!file || !quote) return;
    setMessage(null);
    try {
      const answer = await quotesApi.artwork(quote.hash, file, position);
      setFiles(answer.files);
    } catch (e) {
      setErrors(e instanceof ApiError ? e.errors : {});
      setMessage(e instanceof ApiError ? e.message : GENERIC_ERROR);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(step === last ? last : step + 1, step === last);
  };
  const units = request.products.reduce((s, p) => s + lineQuantity(p), 0);

  return (
    <div className="shop quote-page">
      <h1>Advanced quote</h1>
      <ol className="quote-steps" aria-label="Steps">
        {ADVANCED_STEPS.map((name, i) => (
          <li key={name} className={i === step ? 'is-current' : i < step ? 'is-done' : undefined} aria-current={i === step ? 'step' : undefined}>
            <span>{i + 1}</span> {name}
          </li>
        ))}
      </ol>
      {quote && (
        <p className="quote-resume">
          Saved as you go. Come back to it any time at <a href={`/advanced-quote/${quote.hash}/`}>this link</a>.
        </p>
      )}
      {saved && (
        <p className="shop__message" role="status">
          Saved.
        </p>
      )}
      <form onSubmit={submit} noValidate className="quote-form">
        <QuoteErrors errors={errors} />
        {step === 0 && <ContactFields value={request.contact} onChange={(contact) => setRequest({ ...request, contact })} errors={errors} />}
        {step === 1 && (
          <>
            {request.products.map((p, n) => (
              <ProductFields
                key={n}
                index={n}
                value={p}
                errors={errors}
                onChange={(next) => setRequest({ ...request, products: request.products.map((old, k) => (k === n ? next : old)) })}
                {...(request.products.length > 1 ? { onRemove: () => setRequest({ ...request, products: request.products.filter((_, k) => k !== n) }) } : {})}
                artwork={
                  quote && p.positions.length > 0 ? (
                    <div className="quote-artwork">
                      <span className="quote-sizes__title">Artwork per position</span>
                      {p.positions.map((pos) => (
                        <label key={pos} className="checkout-field">
                          <span>
                            {pos.charAt(0).toUpperCase() + pos.slice(1)} <small>({files.filter((f) => f.kind === 'artwork' && f.position === pos).map((f) => f.filename).join(', ') || 'none yet'})</small>
                          </span>
                          <input type="file" accept=".png,.jpg,.jpeg,.pdf,.svg" onChange={(e) => void upload(pos, e.target.files?.[0])} />
                        </label>
                      ))}
                    </div>
                  ) : undefined
                }
              />
            ))}
            {request.products.length < QUOTE_LIMITS.products && (
              <button type="button" className="shop-button shop-button--secondary" onClick={() => setRequest({ ...request, products: [...request.products, { product: '', colour: '', sizes: {}, positions: ['front'] }] })}>
                Add another product
              </button>
            )}
          </>
        )}
        {step === 2 && (
          <>
            <DeliveryFields value={request} onChange={setRequest} errors={errors} advanced />
            <fieldset className="quote-fieldset">
              <legend>Split deliveries</legend>
              <p className="quote-hint">Sending parts of the order to different places? Add each one; the rest goes to the delivery country above.</p>
              {request.deliveries.map((d, n) => (
                <div className="checkout-row" key={n}>
                  <Field name={`deliveries.${n}.label`} label="Where" errors={errors}>
                    {(p) => <input {...p} type="text" value={d.label} onChange={(e) => setRequest({ ...request, deliveries: request.deliveries.map((o, k) => (k === n ? { ...o, label: e.target.value } : o)) })} />}
                  </Field>
                  <CountrySelect name={`deliveries.${n}.country`} label="Country" value={d.country} errors={errors} onChange={(country) => setRequest({ ...request, deliveries: request.deliveries.map((o, k) => (k === n ? { ...o, country } : o)) })} />
                  <Field name={`deliveries.${n}.quantity`} label="Units" errors={errors}>
                    {(p) => <input {...p} type="number" min={1} value={d.quantity || ''} onChange={(e) => setRequest({ ...request, deliveries: request.deliveries.map((o, k) => (k === n ? { ...o, quantity: Math.trunc(Number(e.target.value) || 0) } : o)) })} />}
                  </Field>
                  <button type="button" className="shop-button shop-button--secondary quote-remove" onClick={() => setRequest({ ...request, deliveries: request.deliveries.filter((_, k) => k !== n) })}>
                    Remove
                  </button>
                </div>
              ))}
              {request.deliveries.length < QUOTE_LIMITS.deliveries && (
                <button type="button" className="shop-button shop-button--secondary" onClick={() => setRequest({ ...request, deliveries: [...request.deliveries, { label: '', country: request.country || 'GB', quantity: 0 }] })}>
                  Add a delivery
                </button>
              )}
            </fieldset>
          </>
        )}
        {step === 3 && <RequestSummary request={request} units={units} />}
        {message && (
          <p className="checkout-error" role="alert">
            {message}
          </p>
        )}
        <p className="order-actions">
          {step > 0 && (
            <button type="button" className="shop-button shop-button--secondary" disabled={busy || !hydrated} onClick={() => void save(step - 1)}>
              Back
            </button>
          )}
          <button type="submit" className="shop-button" disabled={busy || !hydrated}>
            {busy ? 'Saving…' : step === last ? 'Send quote request' : 'Next'}
          </button>
        </p>
      </form>
    </div>
  );
}

function RequestSummary({ request, units }: { request: QuoteRequest; units: number }) {
  return (
    <section className="quote-summary" aria-label="Your request">
      <h2>Your request</h2>
      <dl>
        <dt>Contact</dt>
        <dd>
          {[request.contact.name, request.contact.company, request.contact.email, request.contact.phone].filter(Boolean).join(' · ') || '—'}
        </dd>
        {request.products.map((p, n) => (
          <div key={n}>
            <dt>
              {p.product || `Product ${n + 1}`}
              {p.colour ? ` (${p.colour})` : ''}
            </dt>
            <dd>
              {lineQuantity(p)} units: {Object.entries(p.sizes).map(([s, q]) => `${q} × ${s}`).join(', ') || 'no sizes yet'} · printed {p.positions.join(', ') || 'nowhere yet'}
            </dd>
          </div>
        ))}
        <dt>Total units</dt>
        <dd>{units}</dd>
        <dt>Deadline</dt>
        <dd>{request.deadline ?? 'None given'}</dd>
        <dt>Delivery</dt>
        <dd>
          {request.country}
          {request.deliveries.length > 0 && `; split: ${request.deliveries.map((d) => `${d.quantity} to ${d.label || d.country} (${d.country})`).join(', ')}`}
        </dd>
        <dt>Packaging</dt>
        <dd>{PACKAGING_OPTIONS.find((o) => o.value === request.packaging)?.label}</dd>
        {request.requestTerms && (
          <>
            <dt>Payment</dt>
            <dd>On account (terms requested)</dd>
          </>
        )}
        {request.notes && (
          <>
            <dt>Notes</dt>
            <dd>{request.notes}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** The customer's quote page once sent: progress, the request, the proposal and mock-up, approve / request changes, pay. */
function QuoteStatus({ quote, onChange, reload }: { quote: QuoteView; onChange: (q: QuoteView) => void; reload: () => void }) {
  const location = useLocation();
  const hydrated = useHydrated();
  const arrived = (location.state as { message?: string | null; artworkError?: string | null } | null) ?? null;
  const [message, setMessage] = useState<string | null>(arrived?.message ?? null);
  const [error, setError] = useState<string | null>(arrived?.artworkError ?? null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const money = (n: number) => formatMoney(n, quote.currency);
  const mockups = quote.files.filter((f) => f.kind === 'mockup');
  const latestMockup = mockups[mockups.length - 1];
  const artwork = quote.files.filter((f) => f.kind === 'artwork');
  const paid = !quote.payable && ['bespoke_paid', 'po_confirmed', 'bespoke_production', 'bespoke_documents_printed', 'bespoke_sorted', 'bespoke_printing', 'bespoke_packing', 'bespoke_shipped'].includes(quote.status);

  const act = async (run: () => Promise<QuoteView & { message: string | null }>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setErrors({});
    setMessage(null);
    try {
      const answer = await run();
      onChange(answer);
      setMessage(answer.message);
      setComment('');
    } catch (e) {
      const err = asApiError(e);
      setErrors(err.errors ?? {});
      setError(err.message);
      if (err.status === 409) reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="shop quote-page">
      <h1>Quote #{quote.number}</h1>
      <p className="quote-status">
        Status: <strong data-testid="quote-status">{quote.statusLabel}</strong> · <span data-testid="quote-progress">{quote.progress}%</span> complete
      </p>
      <OrderProgress status={quote.status} label={quote.statusLabel} kind="bespoke" />
      {message && (
        <p className="shop__message" role="status">
          {message}
        </p>
      )}
      {error && (
        <p className="shop__message shop__message--error" role="alert">
          {error}
        </p>
      )}

      {quote.proposal ? (
        <section className="quote-proposal" aria-label="Our proposal">
          <h2>Our proposal</h2>
          <div className="quote-table-wrap">
            <table className="quote-table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Units</th>
                  <th scope="col">Unit price</th>
                  <th scope="col">Print per unit</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {quote.proposal.lines.map((l, n) => (
                  <tr key={n}>
                    <td>
                      {l.product}
                      {l.colour ? ` (${l.colour})` : ''}
                    </td>
                    <td>{l.quantity}</td>
                    <td>{money(l.unitPrice)}</td>
                    <td>{money(l.printCost)}</td>
                    <td>{money(l.net)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={4}>
                    Shipping
                  </th>
                  <td>{money(quote.proposal.shippingNet)}</td>
                </tr>
                <tr>
                  <th scope="row" colSpan={4}>
                    VAT
                  </th>
                  <td>{money(quote.proposal.tax)}</td>
                </tr>
                <tr className="quote-table__total">
                  <th scope="row" colSpan={4}>
                    Total
                  </th>
                  <td data-testid="quote-total">{money(quote.proposal.total)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </section>
      ) : (
        <p className="quote-hint">We are pricing your quote. We will email you when the proposal and mock-up are ready.</p>
      )}

      {latestMockup && (
        <section className="quote-mockup" aria-label="Mock-up">
          <h2>Mock-up</h2>
          <img src={latestMockup.url} alt={`Mock-up of quote #${quote.number}`} />
        </section>
      )}

      {quote.awaitingApproval && (
        <section className="quote-approval" aria-label="Approve the proposal">
          <h2>Happy with it?</h2>
          <p className="order-actions">
            <button type="button" className="shop-button" disabled={busy || !hydrated} onClick={() => void act(() => quotesApi.approve(quote.hash))}>
              Approve the proposal
            </button>
          </p>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void act(() => quotesApi.requestChanges(quote.hash, comment));
            }}
          >
            <Field name="comment" label="Or tell us what to change" errors={errors}>
              {(p) => <textarea {...p} className="quote-textarea" rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />}
            </Field>
            <button type="submit" className="shop-button shop-button--secondary" disabled={busy || !hydrated}>
              Request changes
            </button>
          </form>
        </section>
      )}
      {quote.customerComment && quote.awaitingApproval && <p className="quote-hint">You asked: “{quote.customerComment}”. We will send a new mock-up.</p>}

      {quote.payable && (
        <section className="quote-pay" aria-label="Pay">
          <h2>Approved</h2>
          <p>{quote.termsAuthorised ? 'Your terms are authorised: we can go ahead on your purchase order, or you can pay now.' : 'Pay for your order to start production.'}</p>
          <p className="order-actions">
            <Link className="shop-button" to={`/pay/${quote.hash}/`}>
              Pay {quote.proposal ? money(quote.proposal.total) : ''}
            </Link>
          </p>
        </section>
      )}
      {paid && (
        <p className="order-actions">
          <Link className="shop-button shop-button--secondary" to={`/receipt/${quote.hash}`}>
            View your receipt
          </Link>
        </p>
      )}

      <details className="quote-request">
        <summary>Your request</summary>
        <RequestSummary request={quote.request} units={quote.request.products.reduce((s, p) => s + lineQuantity(p), 0)} />
        {artwork.length > 0 && (
          <ul className="quote-files">
            {artwork.map((f) => (
              <li key={f.id}>
                <a href={f.url} target="_blank" rel="noreferrer">
                  {f.filename}
                </a>
                {f.position ? ` (${f.position})` : ''}
              </li>
            ))}
          </ul>
        )}
      </details>
    </div>
  );
}
