import { useState, type FormEvent } from 'react';
import { formatMoney } from '../core/currency';
import { cancelItem, refund, type AtlasOrder } from './floorApi';

type Run = (action: () => Promise<unknown>, success: string) => Promise<boolean>;
type Item = AtlasOrder['items'][number];

/** Units of an item not refunded yet (a refund row without a quantity covered the whole item). */
export function refundableUnits(order: AtlasOrder, item: Item): number {
  const done = order.refunds.filter((r) => r.itemId === item.id && r.status !== 'failed').reduce((n, r) => n + (r.quantity ?? item.quantity), 0);
  return Math.max(0, item.quantity - done);
}

/** What is left to give back: the total less every refund that went through or is under way. */
export function refundableAmount(order: AtlasOrder): number {
  return Math.max(0, order.total - order.refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0));
}

const PAID_OUT = ['refunded', 'bespoke_refunded'];

/**
 * Cancel or refund some units of one item: choose the item, the units and a reason, then confirm. Cancelling stops
 * the units being made (their unpicked labels are cancelled); refunding also gives the shopper their share of the
 * line through the payment processor.
 */
export function ItemActionsForm({ order, busy, run }: { order: AtlasOrder; busy: boolean; run: Run }) {
  const items = order.items.filter((i) => i.parentItemId === null);
  const [itemId, setItemId] = useState(items[0]?.id ?? 0);
  const [action, setAction] = useState<'cancel' | 'refund'>('cancel');
  const [quantity, setQuantity] = useState(1);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const item = items.find((i) => i.id === itemId);
  const canRefund = order.paid && !PAID_OUT.includes(order.status);
  const money = (minor: number) => formatMoney(minor, order.currency);
  if (!item) return null;

  const max = action === 'refund' ? refundableUnits(order, item) : item.activeQuantity;
  const units = Math.min(Math.max(1, quantity || 1), Math.max(1, max));
  const share = Math.round((item.lineTotal * units) / item.quantity);
  const what = `${units} × ${item.name}${[item.colour, item.size].some(Boolean) ? ` (${[item.colour, item.size].filter(Boolean).join(', ')})` : ''}`;
  const question = action === 'refund' ? `Refund ${what} — ${money(share)} back to the shopper?` : `Cancel ${what}? Their labels will not be made.`;

  const review = (e: FormEvent) => {
    e.preventDefault();
    if (max > 0 && reason.trim()) setConfirming(true);
  };
  const confirm = () => {
    setConfirming(false);
    const why = reason.trim();
    void run(
      () => (action === 'refund' ? refund(order.id, why, [{ id: item.id, quantity: units }]) : cancelItem(order.id, item.id, why, units)),
      action === 'refund' ? `Refunded ${money(share)} for ${what}.` : `Cancelled ${what}.`,
    ).then((ok) => ok && setReason(''));
  };

  return (
    <form className="atlas-card atlas-form" onSubmit={review} aria-label="Cancel or refund items">
      <h2 className="atlas-card__title">Cancel or refund items</h2>
      <fieldset className="atlas-choice" disabled={confirming}>
        <legend className="atlas-field__label">Action</legend>
        <label className="atlas-field--inline">
          <input type="radio" name="item-action" checked={action === 'cancel'} onChange={() => setAction('cancel')} /> Cancel units
        </label>
        <label className="atlas-field--inline">
          <input type="radio" name="item-action" checked={action === 'refund'} disabled={!canRefund} onChange={() => setAction('refund')} /> Refund units
        </label>
      </fieldset>
      <label className="atlas-field">
        <span className="atlas-field__label">Item</span>
        <select className="atlas-field__input" value={itemId} disabled={confirming} onChange={(e) => (setItemId(Number(e.target.value)), setQuantity(1))}>
          {items.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
              {[i.colour, i.size].some(Boolean) ? ` — ${[i.colour, i.size].filter(Boolean).join(', ')}` : ''} ({i.activeQuantity} of {i.quantity} active)
            </option>
          ))}
        </select>
      </label>
      <label className="atlas-field">
        <span className="atlas-field__label">Units</span>
        <input className="atlas-field__input" type="number" min={1} max={Math.max(1, max)} value={units} disabled={confirming || max === 0} onChange={(e) => setQuantity(Number(e.target.value))} />
      </label>
      {max === 0 && (
        <p className="atlas-muted" role="note">
          {action === 'refund' ? 'Every unit of this item has been refunded.' : 'Every unit of this item is already picked or cancelled.'}
        </p>
      )}
      <label className="atlas-field">
        <span className="atlas-field__label">Reason</span>
        <input className="atlas-field__input" value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} disabled={confirming} />
      </label>
      {confirming ? (
        <div className="atlas-confirm" role="alertdialog" aria-label="Confirm" aria-describedby="item-action-question">
          <p id="item-action-question">{question}</p>
          <div className="atlas-search__row">
            <button type="button" className="pod-button pod-button--primary atlas-button" disabled={busy} onClick={confirm}>
              {action === 'refund' ? 'Confirm refund' : 'Confirm cancel'}
            </button>
            <button type="button" className="pod-button pod-button--secondary atlas-button" onClick={() => setConfirming(false)}>
              Back
            </button>
          </div>
        </div>
      ) : (
        <button type="submit" className="pod-button pod-button--secondary atlas-button" disabled={busy || max === 0 || !reason.trim()}>
          {action === 'refund' ? `Refund ${units === 1 ? 'unit' : `${units} units`}…` : `Cancel ${units === 1 ? 'unit' : `${units} units`}…`}
        </button>
      )}
    </form>
  );
}

/** Refund everything left of the order, after a confirmation naming the amount. */
export function FullRefundForm({ order, busy, run }: { order: AtlasOrder; busy: boolean; run: Run }) {
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const left = refundableAmount(order);
  if (!order.paid || PAID_OUT.includes(order.status) || left <= 0) return null;
  const money = formatMoney(left, order.currency);
  return (
    <form
      className="atlas-form"
      aria-label="Refund in full"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim()) setConfirming(true);
      }}
    >
      <label className="atlas-field">
        <span className="atlas-field__label">Refund reason</span>
        <input className="atlas-field__input" value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} disabled={confirming} />
      </label>
      {confirming ? (
        <div className="atlas-confirm" role="alertdialog" aria-label="Confirm full refund" aria-describedby="full-refund-question">
          <p id="full-refund-question">
            Refund {money} — everything left of order #{order.id} — to the shopper?
          </p>
          <div className="atlas-search__row">
            <button
              type="button"
              className="pod-button pod-button--primary atlas-button atlas-button--danger"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                void run(() => refund(order.id, reason.trim()), `Order #${order.id} refunded: ${money}.`).then((ok) => ok && setReason(''));
              }}
            >
              Confirm refund
            </button>
            <button type="button" className="pod-button pod-button--secondary atlas-button" onClick={() => setConfirming(false)}>
              Back
            </button>
          </div>
        </div>
      ) : (
        <button type="submit" className="pod-button pod-button--secondary atlas-button atlas-button--danger" disabled={busy || !reason.trim()}>
          Refund in full…
        </button>
      )}
    </form>
  );
}
