import { useCallback, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '../core/currency';
import { ORDER_STATUS_LABELS, allowedTransitions, type OrderStatus } from '../core/orderLifecycle';
import { PACKAGING_OPTIONS, lineQuantity, quoteTotals, isQuoteEditable, type QuotePricing } from '../core/quotes';
import { changeStatus } from './floorApi';
import { attachMockup, getQuote, priceQuote, type AtlasQuote } from './quotesApi';
import { ATLAS_PATHS } from './paths';
import { AtlasPage, Badge, ErrorState, LiveMessage, LoadingState, When, useAction, useLoad } from './ui';
import { ProgressMeter, StatusBadge } from './floorUi';

/** Money typed in pounds (and pence) as minor units; NaN when it is not a number. */
const minor = (text: string) => (text.trim() === '' ? 0 : /^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : NaN);
const pounds = (n: number) => (n / 100).toFixed(2);

interface BreakDraft {
  minQuantity: string;
  unitPrice: string;
}
interface LineDraft {
  breaks: BreakDraft[];
  printCost: string;
}

function draftOf(q: AtlasQuote): { lines: LineDraft[]; shipping: string; vatRate: string } {
  const pricing = q.pricing;
  return {
    lines: q.request.products.map((_, n) => {
      const line = pricing?.lines[n];
      return line
        ? { breaks: line.breaks.map((b) => ({ minQuantity: String(b.minQuantity), unitPrice: pounds(b.unitPrice) })), printCost: pounds(line.printCost) }
        : { breaks: [{ minQuantity: '1', unitPrice: '' }], printCost: '' };
    }),
    shipping: pricing ? pounds(pricing.shipping) : '',
    vatRate: pricing ? String(pricing.vatRate) : '20',
  };
}

function pricingOf(d: { lines: LineDraft[]; shipping: string; vatRate: string }): QuotePricing {
  return {
    lines: d.lines.map((l) => ({ breaks: l.breaks.map((b) => ({ minQuantity: Math.trunc(Number(b.minQuantity)), unitPrice: minor(b.unitPrice) })), printCost: minor(l.printCost) })),
    shipping: minor(d.shipping),
    vatRate: Number(d.vatRate),
  };
}

/** Status moves staff make from the quote, in the order they come (the rest of the floor's moves are below). */
const TERMS_MOVES: OrderStatus[] = ['bespoke_requested_terms', 'bespoke_authorised_terms'];

/** /atlas/quotes/{id}/: the request, the price (quantity breaks, print costs, shipping, VAT), terms, mock-up and status. */
export function QuoteScreen() {
  const id = Number(useParams().quoteId);
  const fetcher = useCallback((signal: AbortSignal) => getQuote(id, signal), [id]);
  const { load, reload } = useLoad(fetcher);
  const { busy, message, run } = useAction(reload);
  const [draft, setDraft] = useState<ReturnType<typeof draftOf> | null>(null);
  const [mockup, setMockup] = useState<File | null>(null);
  const [nextStatus, setNextStatus] = useState('');

  if (!Number.isInteger(id) || id <= 0) return <ErrorState message="404 Not found" onRetry={reload} />;
  if (load.status === 'loading') return <LoadingState label={`Loading quote #${id}…`} />;
  if (load.status === 'failed') return <ErrorState message={load.message} onRetry={reload} />;
  const q = load.data;
  const d = draft ?? draftOf(q);
  const money = (n: number) => formatMoney(n, q.currency);
  const editable = isQuoteEditable(q.status);
  const pricing = pricingOf(d);
  const valid = pricing.lines.every((l) => l.breaks.length > 0 && l.breaks.every((b) => Number.isInteger(b.minQuantity) && b.minQuantity >= 1 && Number.isFinite(b.unitPrice)) && Number.isFinite(l.printCost)) && Number.isFinite(pricing.shipping) && Number.isFinite(pricing.vatRate);
  const preview = valid ? quoteTotals(q.request, pricing) : null;
  const setLine = (n: number, line: LineDraft) => setDraft({ ...d, lines: d.lines.map((l, k) => (k === n ? line : l)) });
  const moves = allowedTransitions(q.status);
  const mockups = q.files.filter((f) => f.kind === 'mockup');
  const artwork = q.files.filter((f) => f.kind === 'artwork');

  const submitPrice = (e: FormEvent) => {
    e.preventDefault();
    void run(() => priceQuote(q.id, pricing), `Quote #${q.id} priced.`).then((ok) => ok && setDraft(null));
  };
  const submitMockup = (e: FormEvent) => {
    e.preventDefault();
    if (mockup) void run(() => attachMockup(q.id, mockup), `Mock-up sent to ${q.request.contact.email} for approval.`).then((ok) => ok && setMockup(null));
  };
  const submitStatus = (e: FormEvent) => {
    e.preventDefault();
    if (nextStatus) void run(() => changeStatus(q.id, nextStatus), `Quote #${q.id} moved to ${ORDER_STATUS_LABELS[nextStatus as OrderStatus] ?? nextStatus}.`).then((ok) => ok && setNextStatus(''));
  };

  return (
    <AtlasPage
      title={`Quote #${q.number}`}
      intro={
        <p>
          {q.request.contact.name} {q.request.contact.company && `· ${q.request.contact.company}`} · {q.request.contact.email} · created <When at={q.createdAt} />
        </p>
      }
      actions={
        <>
          <Link className="pod-button pod-button--secondary atlas-button" to={ATLAS_PATHS.quotes}>
            All quotes
          </Link>
          <Link className="pod-button pod-button--secondary atlas-button" to={`/atlas/orders/${q.id}/`}>
            Order, labels and log
          </Link>
        </>
      }
    >
      <LiveMessage message={message} />
      <div className="atlas-summary">
        <StatusBadge status={q.status} label={q.statusLabel} />
        <ProgressMeter percent={q.progress} label="Quote progress" />
        {q.requestTerms && <Badge tone="warning">Asked to pay on account</Badge>}
        {q.termsAuthorised && <Badge tone="good">Terms authorised</Badge>}
        {q.proposal && <span>{money(q.proposal.total)}</span>}
      </div>
      {q.customerComment && q.awaitingApproval && (
        <p className="atlas-state atlas-state--error" role="note">
          Changes requested: “{q.customerComment}”
        </p>
      )}

      <div className="atlas-grid">
        <div className="atlas-card">
          <h2 className="atlas-card__title">Request</h2>
          <ul>
            {q.request.products.map((p, n) => (
              <li key={n}>
                <strong>{p.product}</strong>
                {p.colour && ` (${p.colour})`} — {lineQuantity(p)} units: {Object.entries(p.sizes).map(([s, c]) => `${c}×${s}`).join(' ')} · {p.positions.join(', ')}
              </li>
            ))}
          </ul>
          <p className="atlas-muted">
            Deadline {q.request.deadline ?? 'none'} · to {q.request.country}
            {q.request.deliveries.length > 0 && ` · split: ${q.request.deliveries.map((x) => `${x.quantity} to ${x.label || x.country}`).join(', ')}`} · {PACKAGING_OPTIONS.find((o) => o.value === q.request.packaging)?.label}
          </p>
          {q.request.notes && <p>{q.request.notes}</p>}
          {artwork.length > 0 && (
            <ul>
              {artwork.map((f) => (
                <li key={f.id}>
                  <a href={f.url} target="_blank" rel="noreferrer">
                    {f.filename}
                  </a>
                  {f.position && ` (${f.position})`}
                </li>
              ))}
            </ul>
          )}
        </div>

        <form className="atlas-card atlas-form" onSubmit={submitStatus} aria-label="Status">
          <h2 className="atlas-card__title">Status</h2>
          {TERMS_MOVES.filter((s) => moves.includes(s)).map((s) => (
            <button key={s} type="button" className="pod-button pod-button--secondary atlas-button" disabled={busy} onClick={() => void run(() => changeStatus(q.id, s), `Quote #${q.id}: ${ORDER_STATUS_LABELS[s]}.`)}>
              {s === 'bespoke_requested_terms' ? 'Request terms' : 'Authorise terms'}
            </button>
          ))}
          {moves.length === 0 ? (
            <p className="atlas-muted">This order cannot move any further.</p>
          ) : (
            <div className="atlas-search__row">
              <select className="atlas-field__input" aria-label="Next status" value={nextStatus} onChange={(e) => setNextStatus(e.target.value)}>
                <option value="">Move to…</option>
                {moves.map((s) => (
                  <option key={s} value={s}>
                    {s} — {ORDER_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
              <button type="submit" className="pod-button pod-button--primary atlas-button" disabled={busy || !nextStatus}>
                Change
              </button>
            </div>
          )}
        </form>
      </div>

      <h2 className="atlas-section-title">Price</h2>
      <form className="atlas-card atlas-form quote-price" onSubmit={submitPrice} aria-label="Price">
        {q.request.products.map((p, n) => {
          const line = d.lines[n]!;
          return (
            <fieldset key={n} className="quote-price__line" disabled={!editable}>
              <legend>
                {p.product} — {lineQuantity(p)} units
              </legend>
              {line.breaks.map((b, k) => (
                <div className="atlas-search__row" key={k}>
                  <label className="atlas-field">
                    <span className="atlas-field__label">From units</span>
                    <input className="atlas-field__input" inputMode="numeric" value={b.minQuantity} onChange={(e) => setLine(n, { ...line, breaks: line.breaks.map((x, j) => (j === k ? { ...x, minQuantity: e.target.value } : x)) })} />
                  </label>
                  <label className="atlas-field">
                    <span className="atlas-field__label">Unit price £ (ex VAT)</span>
                    <input className="atlas-field__input" inputMode="decimal" value={b.unitPrice} onChange={(e) => setLine(n, { ...line, breaks: line.breaks.map((x, j) => (j === k ? { ...x, unitPrice: e.target.value } : x)) })} />
                  </label>
                  {line.breaks.length > 1 && (
                    <button type="button" className="atlas-link-button" onClick={() => setLine(n, { ...line, breaks: line.breaks.filter((_, j) => j !== k) })}>
                      Remove break
                    </button>
                  )}
                </div>
              ))}
              <button type="button" className="atlas-link-button" onClick={() => setLine(n, { ...line, breaks: [...line.breaks, { minQuantity: '', unitPrice: '' }] })}>
                Add a quantity break
              </button>
              <label className="atlas-field">
                <span className="atlas-field__label">Print cost per unit £ (ex VAT)</span>
                <input className="atlas-field__input" inputMode="decimal" value={line.printCost} onChange={(e) => setLine(n, { ...line, printCost: e.target.value })} />
              </label>
            </fieldset>
          );
        })}
        <div className="atlas-search__row">
          <label className="atlas-field">
            <span className="atlas-field__label">Shipping £ (ex VAT)</span>
            <input className="atlas-field__input" inputMode="decimal" value={d.shipping} disabled={!editable} onChange={(e) => setDraft({ ...d, shipping: e.target.value })} />
          </label>
          <label className="atlas-field">
            <span className="atlas-field__label">VAT %</span>
            <input className="atlas-field__input" inputMode="decimal" value={d.vatRate} disabled={!editable} onChange={(e) => setDraft({ ...d, vatRate: e.target.value })} />
          </label>
        </div>
        {preview ? (
          <p className="quote-price__total" data-testid="price-preview">
            {preview.lines.map((l) => `${l.quantity} × ${money(l.unitTotal)}`).join(' + ')} + shipping {money(preview.shippingNet)} + VAT {money(preview.tax)} = <strong>{money(preview.total)}</strong>
          </p>
        ) : (
          <p className="atlas-muted">Enter each price in pounds, e.g. 12.50.</p>
        )}
        {editable ? (
          <button type="submit" className="pod-button pod-button--primary atlas-button" disabled={busy || !valid}>
            Save price
          </button>
        ) : (
          <p className="atlas-muted">Approved: the price is fixed.</p>
        )}
      </form>

      <h2 className="atlas-section-title">Mock-up</h2>
      <form className="atlas-card atlas-form" onSubmit={submitMockup} aria-label="Mock-up">
        {mockups.length > 0 ? (
          <ul className="quote-mockups">
            {mockups.map((f) => (
              <li key={f.id}>
                <img src={f.url} alt={`Mock-up ${f.filename}`} />
                <span className="atlas-muted">
                  {f.filename} · <When at={f.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="atlas-muted">No mock-up yet.</p>
        )}
        {editable && (
          <>
            <label className="atlas-field">
              <span className="atlas-field__label">Mock-up image (png, jpg or webp)</span>
              <input className="atlas-field__input" type="file" accept="image/png,image/jpeg,image/webp" onChange={(e) => setMockup(e.target.files?.[0] ?? null)} />
            </label>
            <button type="submit" className="pod-button pod-button--primary atlas-button" disabled={busy || !mockup || !q.proposal}>
              Send mock-up for approval
            </button>
            {!q.proposal && <p className="atlas-muted">Price the quote first.</p>}
          </>
        )}
      </form>
    </AtlasPage>
  );
}
