import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, ApiError, GENERIC_ERROR } from '../../lib/api';
import { useHydrated, useKeepTypedText } from '../../lib/hydration';
import { formatMoney } from '../../core/currency';
import { RETURN_REASONS, isFaultReason, returnMessages, type ReturnReason, type ReturnResolution } from '../../core/returns';
import type { ReturnItemView, ReturnRequestLine, ReturnResult, ReturnView } from '../../core/api/returns';
import { useCommerceHead } from '../head';
import '../commerce.css';
import './orders.css';
import './returns.css';
import { formatDay } from '../../core/dates';

const describe = (i: { name: string; colour: string | null; size: string | null }) => {
  const options = [i.colour, i.size].filter(Boolean).join(' / ');
  return options ? `${i.name} (${options})` : i.name;
};

type Load = { status: 'loading' } | { status: 'failed'; key: string; message: string } | { status: 'ready'; key: string; view: ReturnView };

/** /returns/{orderHash?}: send items of a dispatched order back for a refund or another size or colour. */
export function ReturnsPage() {
  const { orderHash } = useParams();
  useCommerceHead({ title: 'Return items', noindex: true });
  return orderHash ? <ReturnOrder hash={orderHash} /> : <FindOrder />;
}

/** Without a link: the order number and the email it was placed with (one answer for any mismatch). */
function FindOrder() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const keepTyped = useKeepTypedText();
  const [values, setValues] = useState({ orderNumber: '', email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const number = values.orderNumber.trim().replace(/^#/, '');
    if (!number) found.orderNumber = 'This field is required';
    else if (!/^\d+$/.test(number)) found.orderNumber = 'must contain only numeric characters';
    if (!values.email.trim()) found.email = 'This field is required';
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) found.email = 'Please enter a valid email address';
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { hash } = await api<{ hash: string }>('/omnis/v3/returns/find/', { method: 'POST', body: { orderNumber: number, email: values.email.trim() } });
      void navigate(`/returns/${hash}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? error.message])));
      setMessage(error instanceof ApiError ? error.message : GENERIC_ERROR);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'orderNumber' | 'email', label: string, props: { type: string; autoComplete?: string; inputMode?: 'numeric' | 'email' }) => (
    <label className="returns-field" htmlFor={`returns-${name}`}>
      <span>{label}</span>
      <input
        id={`returns-${name}`}
        name={name}
        {...props}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `returns-${name}-error` : undefined}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      />
      {errors[name] && (
        <span className="returns-field__error" id={`returns-${name}-error`}>
          {errors[name]}
        </span>
      )}
    </label>
  );

  return (
    <div className="shop returns">
      <h1>Return items</h1>
      <p className="shop__lead">Enter your order number (it is on your receipt and confirmation email) and the email address you ordered with.</p>
      <form ref={keepTyped} className="returns-find" onSubmit={(e) => void submit(e)} noValidate aria-label="Find your order">
        {message && (
          <p className="shop__message shop__message--error" role="alert">
            {message}
          </p>
        )}
        {field('orderNumber', 'Order number', { type: 'text', inputMode: 'numeric' })}
        {field('email', 'Email address', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        <button type="submit" className="shop-button" disabled={busy || !hydrated}>
          {busy ? 'Looking…' : 'Find my order'}
        </button>
      </form>
    </div>
  );
}

interface LineChoice {
  quantity: number;
  reason: ReturnReason | '';
  resolution: ReturnResolution;
  exchangeVariantId: number | null;
}

const NO_CHOICE: LineChoice = { quantity: 0, reason: '', resolution: 'refund', exchangeVariantId: null };

function ReturnOrder({ hash }: { hash: string }) {
  const [loaded, setLoaded] = useState<Load>({ status: 'loading' });
  const load: Load = loaded.status !== 'loading' && loaded.key === hash ? loaded : { status: 'loading' };
  useEffect(() => {
    const controller = new AbortController();
    api<ReturnView>(`/omnis/v3/returns/${encodeURIComponent(hash)}/`, { signal: controller.signal }).then(
      (view) => setLoaded({ status: 'ready', key: hash, view }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ status: 'failed', key: hash, message: error instanceof ApiError && error.status === 404 ? returnMessages.notFound : GENERIC_ERROR });
      },
    );
    return () => controller.abort();
  }, [hash]);

  if (load.status === 'loading') {
    return (
      <div className="shop returns" role="status" aria-live="polite">
        <h1>Return items</h1>
        <p>Loading your order…</p>
      </div>
    );
  }
  if (load.status === 'failed') {
    return (
      <div className="shop returns">
        <h1>Return items</h1>
        <p className="shop__message shop__message--error" role="alert">
          {load.message}
        </p>
        <Link className="shop-button" to="/returns/">
          Find your order
        </Link>
      </div>
    );
  }
  return <ReturnForm key={hash} view={load.view} onView={(view) => setLoaded({ status: 'ready', key: hash, view })} />;
}

function ReturnForm({ view, onView }: { view: ReturnView; onView: (view: ReturnView) => void }) {
  const hydrated = useHydrated();
  const [choices, setChoices] = useState<Record<number, LineChoice>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const money = (minor: number) => formatMoney(minor, view.currency);
  const open = view.items.filter((i) => i.activeQuantity > 0);
  const choiceOf = (id: number) => choices[id] ?? NO_CHOICE;
  const choose = (id: number, change: Partial<LineChoice>) => setChoices((c) => ({ ...c, [id]: { ...(c[id] ?? NO_CHOICE), ...change } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found: Record<string, string> = {};
    const lines: ReturnRequestLine[] = [];
    for (const item of open) {
      const c = choiceOf(item.id);
      if (c.quantity === 0) continue;
      if (!c.reason) found[`${item.id}.reason`] = 'Please choose a reason';
      else if (item.custom && !isFaultReason(c.reason)) found[`${item.id}.reason`] = returnMessages.customNotFaulty(item.name);
      if (c.resolution === 'exchange' && c.exchangeVariantId === null) found[`${item.id}.exchange`] = 'Please choose a size or colour';
      if (c.reason) lines.push({ itemId: item.id, quantity: c.quantity, reason: c.reason, resolution: c.resolution, ...(c.resolution === 'exchange' && c.exchangeVariantId !== null ? { exchangeVariantId: c.exchangeVariantId } : {}) });
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    if (lines.length === 0) {
      setOutcome({ ok: false, text: returnMessages.nothingChosen });
      return;
    }
    setBusy(true);
    try {
      const result = await api<ReturnResult>(`/omnis/v3/returns/${encodeURIComponent(view.hash)}/`, { method: 'POST', body: { items: lines } });
      const refund = result.refund?.ok ? ` Refunded ${money(result.refund.amount)}${result.refund.shippingRefunded ? ' (shipping included)' : ''}.` : '';
      setChoices({});
      onView(result.view);
      setOutcome({ ok: true, text: `${result.message}${refund}` });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        // Field errors come back as items.{index}.{field}: point them at the item lines that were sent.
        const byItem: Record<string, string> = {};
        for (const [key, messages] of Object.entries(error.errors)) {
          const m = /^items\.(\d+)\.(\w+)$/.exec(key);
          const line = m ? lines[Number(m[1])] : undefined;
          if (line) byItem[`${line.itemId}.${m![2] === 'exchangeVariantId' ? 'exchange' : m![2] === 'reason' ? 'reason' : 'quantity'}`] = messages[0] ?? error.message;
        }
        setErrors(byItem);
      }
      setOutcome({ ok: false, text: error instanceof ApiError ? error.message : GENERIC_ERROR });
      // What the server knows now (another return may have taken the last unit).
      api<ReturnView>(`/omnis/v3/returns/${encodeURIComponent(view.hash)}/`).then(onView, () => {});
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="shop returns">
      <h1>Return items</h1>
      <p className="shop__lead">
        Order <strong>#{view.number}</strong> · {view.statusLabel}
        {view.windowEndsAt && ` · returns accepted until ${formatDay(new Date(view.windowEndsAt))}`}
      </p>
      {outcome && (
        <p className={`shop__message ${outcome.ok ? '' : 'shop__message--error'}`} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
      {view.returnable ? (
        <form className="returns-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Choose what to return">
          <ul className="returns-items">
            {open.map((item) => (
              <ReturnLine key={item.id} item={item} choice={choiceOf(item.id)} errors={errors} money={money} onChange={(change) => choose(item.id, change)} />
            ))}
          </ul>
          <button type="submit" className="shop-button" disabled={busy || !hydrated}>
            {busy ? 'Sending…' : 'Send return'}
          </button>
        </form>
      ) : (
        view.refusal && (
          <p className="shop__message" role="note">
            {view.refusal}
          </p>
        )
      )}
      {(view.returns.length > 0 || view.refunds.length > 0) && (
        <section className="returns-done" aria-labelledby="returns-done-title">
          <h2 id="returns-done-title">Your returns</h2>
          {view.returns.length > 0 && (
            <ul className="returns-log" aria-label="Returned items">
              {view.returns.map((r, n) => (
                <li key={n}>
                  {r.quantity} × {describe(r)} — {r.reasonLabel} — {r.resolution === 'exchange' ? `exchange for ${r.exchangeFor}` : 'refund'}
                </li>
              ))}
            </ul>
          )}
          {view.refunds.length > 0 && (
            <ul className="returns-log" aria-label="Refunds">
              {view.refunds.map((f, n) => (
                <li key={n} data-testid="refund">
                  Refund {f.status === 'succeeded' ? 'issued' : f.status === 'pending' ? 'in progress' : 'failed'}: {money(f.amount)} · {f.label}
                </li>
              ))}
            </ul>
          )}
          {view.exchangeOrders.map((x) => (
            <p key={x.hash}>
              {x.resent ? 'Resent' : 'Exchange'} as order <Link to={`/receipt/${x.hash}`}>#{x.number}</Link> · {x.statusLabel}
            </p>
          ))}
        </section>
      )}
      <p className="order-actions">
        <Link className="shop-button shop-button--secondary" to={`/receipt/${view.hash}`}>
          Receipt
        </Link>
        <Link className="shop-button shop-button--secondary" to={`/order-history/${view.customerHash}`}>
          Your orders
        </Link>
      </p>
    </div>
  );
}

function ReturnLine({
  item,
  choice,
  errors,
  money,
  onChange,
}: {
  item: ReturnItemView;
  choice: LineChoice;
  errors: Record<string, string>;
  money: (minor: number) => string;
  onChange: (change: Partial<LineChoice>) => void;
}) {
  const id = `return-${item.id}`;
  const chosen = choice.quantity > 0;
  const error = (field: string) => errors[`${item.id}.${field}`];
  const select = (field: string, label: string, value: string, options: [string, string, boolean?][], set: (value: string) => void, disabled = false) => (
    <label className="returns-field" htmlFor={`${id}-${field}`}>
      <span>{label}</span>
      <select
        id={`${id}-${field}`}
        value={value}
        disabled={disabled}
        aria-invalid={error(field) ? true : undefined}
        aria-describedby={error(field) ? `${id}-${field}-error` : undefined}
        onChange={(e) => set(e.target.value)}
      >
        {options.map(([v, text, off]) => (
          <option key={v} value={v} disabled={off}>
            {text}
          </option>
        ))}
      </select>
      {error(field) && (
        <span className="returns-field__error" id={`${id}-${field}-error`}>
          {error(field)}
        </span>
      )}
    </label>
  );
  return (
    <li className={`returns-item${chosen ? ' is-chosen' : ''}`} role="group" aria-labelledby={`${id}-name`}>
      <p className="returns-item__name" id={`${id}-name`}>
        {describe(item)}
      </p>
      <p className="returns-item__meta">
        {item.activeQuantity < item.quantity ? `${item.activeQuantity} of ${item.quantity} left to return` : `${item.quantity} ordered`} · {money(item.unitPrice)} each
        {item.custom && ' · made to your design: returnable only if faulty, wrong or never arrived'}
      </p>
      <div className="returns-item__fields">
        {select(
          'quantity',
          'Quantity to return',
          String(choice.quantity),
          Array.from({ length: item.activeQuantity + 1 }, (_, n) => [String(n), n === 0 ? 'None' : String(n)]),
          (v) => onChange({ quantity: Number(v) }),
        )}
        {select(
          'reason',
          'Reason',
          choice.reason,
          [['', 'Choose a reason', true], ...RETURN_REASONS.map((r): [string, string, boolean] => [r.code, r.label, item.custom && !isFaultReason(r.code)])],
          (v) => onChange({ reason: v as ReturnReason }),
          !chosen,
        )}
        {select(
          'resolution',
          'I would like',
          choice.resolution,
          [
            ['refund', 'A refund'],
            ['exchange', 'Another size or colour', item.exchangeOptions.length === 0],
          ],
          (v) => onChange({ resolution: v as ReturnResolution }),
          !chosen,
        )}
        {chosen &&
          choice.resolution === 'exchange' &&
          select(
            'exchange',
            'Exchange for',
            choice.exchangeVariantId === null ? '' : String(choice.exchangeVariantId),
            [['', 'Choose a size or colour', true], ...item.exchangeOptions.map((o): [string, string, boolean] => [String(o.variantId), `${[o.colour, o.size].filter(Boolean).join(' / ')}${o.inStock ? '' : ' (out of stock)'}`, !o.inStock])],
            (v) => onChange({ exchangeVariantId: v ? Number(v) : null }),
          )}
      </div>
    </li>
  );
}
