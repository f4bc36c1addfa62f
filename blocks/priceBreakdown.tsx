import { useParams } from 'react-router';
import type { PriceBreakdownProperties } from '../src/core/generated/blockProperties';
import type { PriceBreakdownAnswer } from '../src/core/api/priceBreakdown';
import type { BlockProps } from '../src/renderer/types';
import { useApiData } from './commerce/useApiData';
import { useDivisionId, useMoney } from './commerce/store';
import { EmptyState, ErrorState, LOAD_ERROR } from './commerce/states';
import { ApiError } from '../src/lib/api';
import './priceBreakdown.css';

/** The public answer groups making costs; the store's own people also get the garment and print lines. */
export type Breakdown = PriceBreakdownAnswer;

export const ESTIMATE_NOTE = 'Production and print costs are estimated.';
export const NO_PRODUCT = 'Choose a product to show where its price goes.';

interface Part {
  key: string;
  label: string;
  value: number;
}

/**
 * The slices to draw: storefront groups making costs; detailed lists every line where the viewer may see them
 * (the store's people), else it groups them too. Tax and profit per the switches.
 */
export function partsOf(b: Breakdown, chartType: string, showTax: boolean, showProfit: boolean): Part[] {
  const making: Part[] =
    chartType === 'detailed' && b.production !== undefined && b.print !== undefined
      ? [
          { key: 'production', label: 'Garment', value: b.production },
          {
            key: 'print',
            label: b.prints === 1 ? 'Printing' : `Printing (${b.prints} prints)`,
            value: b.print,
          },
        ]
      : [{ key: 'making', label: 'Making it', value: b.making }];
  const parts = [...making];
  if (showTax) parts.push({ key: 'vat', label: 'VAT', value: b.vat });
  // Shoppers see what the store keeps only when the owner opts in (showProfit).
  if (showProfit)
    parts.push({
      key: 'margin',
      label: 'The store',
      value: Math.max(0, b.margin),
    });
  return parts;
}

/** "Where your money goes": a product's price split into making, tax and the store's share, as a stacked bar. */
export default function PriceBreakdown({ properties: p, mode }: BlockProps<PriceBreakdownProperties>) {
  const params = useParams();
  const divisionId = useDivisionId();
  const money = useMoney();
  const product = p.product || params.product || '';
  const state = useApiData<Breakdown>(product ? `/omnis/v3/products/${encodeURIComponent(product)}/price-breakdown/?division=${divisionId}` : null);
  const chartType = p.chartType ?? 'storefront';
  const title = p.title ?? 'Where your money goes';

  // Without a product there is nothing to show a shopper; the builder gets the prompt to choose one.
  if (!product && mode !== 'preview') return null;
  let body;
  if (!product) body = <EmptyState>{NO_PRODUCT}</EmptyState>;
  else if (state.status === 'loading')
    body = <div className="price-breakdown__bar price-breakdown__bar--loading" role="status" aria-label="Loading the price breakdown" />;
  else if (state.status === 'error')
    body =
      state.error instanceof ApiError && state.error.status === 404 ? (
        <EmptyState>This product is not available.</EmptyState>
      ) : (
        <ErrorState message={LOAD_ERROR} onRetry={state.retry} />
      );
  else {
    const b = state.data;
    const parts = partsOf(b, chartType, p.showTax ?? true, p.showProfit ?? false);
    const total = parts.reduce((a, x) => a + x.value, 0) || 1;
    body = (
      <>
        <p className="price-breakdown__price">
          {b.name}: <strong>{money(b.price)}</strong>
        </p>
        <div className="price-breakdown__bar" role="img" aria-label={parts.map((x) => `${x.label} ${money(x.value)}`).join(', ')}>
          {parts.map((x) => (
            <span key={x.key} className={`price-breakdown__slice price-breakdown__slice--${x.key}`} style={{ flexGrow: x.value / total }} />
          ))}
        </div>
        <ul className="price-breakdown__legend">
          {parts.map((x) => (
            <li key={x.key}>
              <span className={`price-breakdown__swatch price-breakdown__slice--${x.key}`} aria-hidden="true" />
              <span className="price-breakdown__label">{x.label}</span>
              <span className="price-breakdown__value">{money(x.value)}</span>
            </li>
          ))}
        </ul>
        {chartType === 'detailed' && b.margin < 0 ? <p className="price-breakdown__warning">This price does not cover the estimated costs.</p> : null}
        <p className="price-breakdown__note">{ESTIMATE_NOTE}</p>
      </>
    );
  }
  return (
    <section className="price-breakdown" aria-live="polite">
      {title ? <h2 className="price-breakdown__title">{title}</h2> : null}
      {body}
    </section>
  );
}
