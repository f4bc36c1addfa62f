import { formatMoney } from '../../core/currency';
import { formatConverted } from '../../core/currency';
import { useCurrency } from '../../app/currency';
import { orderProgress, progressGroupIndex, PROGRESS_STEPS, type ProgressKind } from '../../core/orderLifecycle';
import type { BundleComponentView, OrderItemView, TotalsView, VatLine } from '../../core/api/orders';
import './orders.css';

/** Items, discount, shipping and total (VAT included, with the VAT shown). */
export function Totals({ totals, vat, currency, couponCode }: { totals: TotalsView; vat: VatLine[]; currency: string; couponCode: string | null }) {
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <dl className="order-totals">
      <dt>Items</dt>
      <dd>{money(totals.itemsIncTax)}</dd>
      {totals.discountIncTax > 0 && (
        <>
          <dt>Discount{couponCode ? ` (${couponCode})` : ''}</dt>
          <dd>−{money(totals.discountIncTax)}</dd>
        </>
      )}
      <dt>Shipping</dt>
      <dd>{money(totals.shippingIncTax)}</dd>
      <dt className="order-totals__total">Total</dt>
      <dd className="order-totals__total" data-testid="order-total">
        {money(totals.total)}
      </dd>
      {vat.map((v) => (
        <div key={v.rate} className="order-totals__vat">
          <dt>Includes VAT at {v.rate}%</dt>
          <dd>{money(v.vat)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The total in the shopper's chosen currency (§9 rates) beside the amount charged, which is always in the order's
 * currency; nothing when the two are the same.
 */
export function ConvertedTotal({ total, currency, charged }: { total: number; currency: string; charged: 'now' | 'done' }) {
  const shopper = useCurrency();
  if (shopper.code === currency) return null;
  return (
    <p className="order-converted" data-testid="converted-total">
      About {formatConverted(total, currency, shopper.code, currency === shopper.storeCode ? shopper.rates : undefined)} — you {charged === 'now' ? 'are' : 'were'} charged {formatMoney(total, currency)}.
    </p>
  );
}

export function OrderItems({ items, currency }: { items: OrderItemView[]; currency: string }) {
  return (
    <ul className="order-items">
      {items.map((item, i) => (
        <li key={i}>
          <span>
            {item.quantity} × {item.name}
            <small>{[item.options.colour, item.options.size].filter(Boolean).join(' / ')}</small>
            {item.components && <BundleComponents components={item.components} label={`In the ${item.name}`} />}
          </span>
          <span>{formatMoney(item.lineTotal, currency)}</span>
        </li>
      ))}
    </ul>
  );
}

/** What was chosen for each item of a bundle (checkout summary, receipt, invoice). */
export function BundleComponents({ components, label }: { components: BundleComponentView[]; label: string }) {
  return (
    <ul className="order-bundle" aria-label={label}>
      {components.map((c, i) => (
        <li key={i}>
          {c.quantity > 1 && `${c.quantity} × `}
          {c.name}
          {c.colour || c.size ? ` — ${[c.colour, c.size].filter(Boolean).join(' / ')}` : ''}
        </li>
      ))}
    </ul>
  );
}

/** §4 progress (orderProgress) with the groups of the order's set (normal, bespoke or paper) as steps. */
export function OrderProgress({ status, label, kind = 'normal' }: { status: string; label: string; kind?: ProgressKind }) {
  const percent = orderProgress(status, kind);
  const current = progressGroupIndex(status, kind);
  return (
    <div className="order-progress">
      <div className="order-progress__bar" role="progressbar" aria-label="Order progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={label}>
        <div className="order-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <ol className="order-progress__steps">
        {PROGRESS_STEPS[kind].map((step, i) => (
          <li key={i} className={i <= current ? 'is-done' : undefined} aria-current={i === current ? 'step' : undefined}>
            {step}
          </li>
        ))}
      </ol>
    </div>
  );
}
