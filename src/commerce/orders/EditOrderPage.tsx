import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, GENERIC_ERROR } from '../../lib/api';
import { useHydrated } from '../../lib/hydration';
import { formatMoney } from '../../core/currency';
import type { EditChange, EditChoiceView, EditItemView, OrderEditResult, OrderEditView } from '../../core/api/orderEdits';
import { useCommerceHead } from '../head';
import { OrderFinder } from './EditOrderFinder';
import { orderEditApi } from './EditOrderApi';
import '../checkout/checkout.css';
import '../commerce.css';
import './orders.css';
import './EditOrder.css';

/** §8 page loading 404: an unknown order address. */
export const EDIT_NOT_FOUND = 'We were unable to find this page';

type Options = { colour: string | null; size: string | null };
/** An item as the shopper is changing it; a set's items by their id. */
type Draft = Options & { quantity: number; components: Record<number, Options> };
type Load = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; view: OrderEditView };

const describe = (i: { colour: string | null; size: string | null }) => [i.colour, i.size].filter(Boolean).join(' / ');

/** Units of `size` in `colour` there are for it: the stock plus the `held` units this order already has of `ordered`. */
function available(choices: EditChoiceView[], ordered: Options, held: number, colour: string | null, size: string | null): number {
  const stock = choices.find((c) => c.colour === colour)?.sizes.find((s) => s.size === size)?.stock ?? 0;
  return stock + (colour === ordered.colour && size === ordered.size ? held : 0);
}

/** More than one colour or size to pick from (a tote in one colour and one size has nothing to change). */
const hasChoice = (choices: EditChoiceView[]) => choices.length > 1 || (choices[0]?.sizes.length ?? 0) > 1;

const draftOf = (item: EditItemView): Draft => ({
  colour: item.colour,
  size: item.size,
  quantity: item.quantity,
  components: Object.fromEntries(item.components.map((c) => [c.id, { colour: c.colour, size: c.size }])),
});

/**
 * /edit-order/{orderHash?}: until production starts, change the size, colour or quantity of an item or remove it.
 * Without a hash the order is found by its number and email first.
 */
export function EditOrderPage() {
  const { orderHash } = useParams();
  useCommerceHead({ title: 'Change your order', noindex: true });
  if (!orderHash) {
    return <OrderFinder title="Change your order" intro="Enter your order number and the email address you ordered with." target={(hash) => `/edit-order/${hash}`} />;
  }
  return <EditOrder hash={orderHash} />;
}

function EditOrder({ hash }: { hash: string }) {
  const hydrated = useHydrated();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<OrderEditResult | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    orderEditApi.view(hash, controller.signal).then(
      (view) => {
        setLoad({ status: 'ready', view });
        setDrafts(Object.fromEntries(view.items.map((i) => [i.id, draftOf(i)])));
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', message: e instanceof ApiError && e.status === 404 ? EDIT_NOT_FOUND : GENERIC_ERROR });
      },
    );
    return () => controller.abort();
  }, [hash, version]);

  if (load.status === 'loading') return <p className="shop order-page" role="status">Loading your order…</p>;
  if (load.status === 'failed') {
    return (
      <div className="shop order-page">
        <h1>Change your order</h1>
        <p className="shop__message shop__message--error" role="alert">
          {load.message}
        </p>
        <Link className="shop-button" to="/">
          Continue shopping
        </Link>
      </div>
    );
  }
  const { view } = load;
  const money = (minor: number) => formatMoney(minor, view.currency);
  const set = (id: number, next: Partial<Draft>) => setDrafts((d) => ({ ...d, [id]: { ...d[id]!, ...next } }));
  const changes: EditChange[] = view.items.flatMap((item) => {
    const d = drafts[item.id];
    if (!d) return [];
    const components = item.components.flatMap((c) => {
      const o = d.components[c.id];
      return o?.colour && o.size && (o.colour !== c.colour || o.size !== c.size) ? [{ id: c.id, colour: o.colour, size: o.size }] : [];
    });
    if (d.quantity === item.quantity && d.colour === item.colour && d.size === item.size && components.length === 0) return [];
    return [{ id: item.id, quantity: d.quantity, ...(d.colour && d.size && !item.isBundle ? { colour: d.colour, size: d.size } : {}), ...(components.length ? { components } : {}) }];
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || changes.length === 0) return;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await orderEditApi.edit(view.hash, changes));
      setVersion((v) => v + 1);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : GENERIC_ERROR);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="shop order-page edit-order">
      <h1>Change order #{view.number}</h1>
      {result && (
        <div className="shop__message" role="status" data-testid="edit-result">
          <p>
            <strong>Your order was changed.</strong> New total {money(result.total)} (was {money(result.previousTotal)}).
          </p>
          {result.balanceDue > 0 && <p>{money(result.balanceDue)} is left to pay.</p>}
          {result.refund && <p>{result.refund.ok ? `${money(result.refund.amount)} was refunded to the card or account you paid with.` : `${money(result.refund.amount)} will be refunded to you: ${result.refund.message}`}</p>}
          <p>We have sent the details to your email address.</p>
        </div>
      )}
      {view.balanceDue > 0 && (
        <p className="order-actions">
          <Link className="shop-button" to={`/pay/${view.hash}/`}>
            Pay the difference ({money(view.balanceDue)})
          </Link>
        </p>
      )}
      {view.refusal ? (
        <p className="shop__message shop__message--error" role="alert">
          {view.refusal}
        </p>
      ) : (
        <form onSubmit={(e) => void save(e)} noValidate>
          <p className="shop__lead">Change a size, colour or quantity, or remove an item, until we start making your order.</p>
          <ul className="edit-order__items" aria-label="Items">
            {view.items.map((item) => {
              const d = drafts[item.id] ?? draftOf(item);
              const removed = d.quantity === 0;
              const id = `edit-item-${item.id}`;
              return (
                <li key={item.id} className={`edit-order__item${removed ? ' is-removed' : ''}`} aria-labelledby={`${id}-name`}>
                  <div className="edit-order__head">
                    <h2 id={`${id}-name`}>{item.name}</h2>
                    <span>
                      {describe(item) && <small>Ordered: {describe(item)} · </small>}
                      {money(item.unitPrice)} each
                    </span>
                  </div>
                  {item.isBundle && (
                    <ul className="order-bundle edit-order__components" aria-label={`Inside ${item.name}`}>
                      {item.components.map((c) => {
                        const o = d.components[c.id] ?? { colour: c.colour, size: c.size };
                        return (
                          <li key={c.id}>
                            <span className="edit-order__component-name">
                              {c.quantity > 1 ? `${c.quantity} × ` : ''}
                              {c.name} {describe(c) && <small>(ordered: {describe(c)})</small>}
                            </span>
                            {!removed && hasChoice(c.choices) && (
                              <div className="checkout-row edit-order__fields">
                                <OptionSelects
                                  id={`${id}-part-${c.id}`}
                                  label={c.name}
                                  choices={c.choices}
                                  value={o}
                                  left={(colour, size) => available(c.choices, c, c.quantity * item.quantity, colour, size)}
                                  onChange={(next) => set(item.id, { components: { ...d.components, [c.id]: next } })}
                                />
                              </div>
                            )}
                          </li>
                        );
                      })}
                    </ul>
                  )}
                  {removed ? (
                    <p className="edit-order__removed">
                      Will be removed.{' '}
                      <button type="button" className="shop-button shop-button--secondary" onClick={() => set(item.id, { quantity: item.quantity })}>
                        Keep it
                      </button>
                    </p>
                  ) : (
                    <div className="checkout-row edit-order__fields">
                      {!item.isBundle && item.choices.length > 0 && (
                        <OptionSelects
                          id={id}
                          choices={item.choices}
                          value={d}
                          left={(colour, size) => available(item.choices, item, item.quantity, colour, size)}
                          onChange={(next) => set(item.id, next)}
                        />
                      )}
                      <label className="checkout-field edit-order__quantity" htmlFor={`${id}-quantity`}>
                        <span>Quantity</span>
                        <select id={`${id}-quantity`} value={d.quantity} onChange={(e) => set(item.id, { quantity: Number(e.target.value) })}>
                          {Array.from({ length: Math.max(10, item.quantity) }, (_, n) => n + 1).map((n) => (
                            <option key={n} value={n}>
                              {n}
                            </option>
                          ))}
                        </select>
                      </label>
                      <button type="button" className="shop-button shop-button--secondary edit-order__remove" onClick={() => set(item.id, { quantity: 0 })}>
                        Remove
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <p className="edit-order__note">
            Items keep the price you paid and delivery follows our rates (free over the amount the shop promises). If the new total is higher you pay the difference; if it is lower we refund it to the card or account you paid with.
          </p>
          {error && (
            <p className="shop__message shop__message--error" role="alert">
              {error}
            </p>
          )}
          <p className="order-actions">
            <button type="submit" className="shop-button" disabled={busy || !hydrated || changes.length === 0}>
              {busy ? 'Saving…' : 'Save changes'}
            </button>
            <Link className="shop-button shop-button--secondary" to={`/receipt/${view.hash}`}>
              Back to your receipt
            </Link>
          </p>
        </form>
      )}
      {view.refusal && (
        <p className="order-actions">
          <Link className="shop-button shop-button--secondary" to={`/receipt/${view.hash}`}>
            Back to your receipt
          </Link>
        </p>
      )}
    </div>
  );
}

/** Colour and size selects for an item or an item inside a set; a sold-out size cannot be picked. */
function OptionSelects({ id, label, choices, value, left, onChange }: {
  id: string;
  /** Names the selects of an item inside a set ("Summit Tee colour"). */
  label?: string;
  choices: EditChoiceView[];
  value: Options;
  left: (colour: string | null, size: string | null) => number;
  onChange: (next: Options) => void;
}) {
  const sizes = choices.find((c) => c.colour === value.colour)?.sizes ?? [];
  return (
    <>
      <label className="checkout-field" htmlFor={`${id}-colour`}>
        <span>{label ? `${label} colour` : 'Colour'}</span>
        <select
          id={`${id}-colour`}
          value={value.colour ?? ''}
          onChange={(e) => {
            const colour = e.target.value;
            const list = choices.find((c) => c.colour === colour)?.sizes ?? [];
            onChange({ colour, size: list.some((s) => s.size === value.size) ? value.size : (list.find((s) => left(colour, s.size) > 0)?.size ?? list[0]?.size ?? null) });
          }}
        >
          {choices.map((c) => (
            <option key={c.colour} value={c.colour}>
              {c.colour}
            </option>
          ))}
        </select>
      </label>
      <label className="checkout-field" htmlFor={`${id}-size`}>
        <span>{label ? `${label} size` : 'Size'}</span>
        <select id={`${id}-size`} value={value.size ?? ''} onChange={(e) => onChange({ colour: value.colour, size: e.target.value })}>
          {sizes.map((s) => {
            const units = left(value.colour, s.size);
            return (
              <option key={s.size} value={s.size} disabled={units === 0}>
                {s.size}
                {units === 0 ? ' — sold out' : units < 5 ? ` — only ${units} left` : ''}
              </option>
            );
          })}
        </select>
      </label>
    </>
  );
}
