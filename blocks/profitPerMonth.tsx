import { useId, useState } from 'react';
import type { ProfitPerMonthProperties } from '../src/core/generated/blockProperties';
import type { BlockProps } from '../src/renderer/types';
import { formatMoney } from '../src/core/currency';
import { useApiData } from './commerce/useApiData';
import { ErrorState, LOAD_ERROR } from './commerce/states';
import { BarChart } from './charts/Chart';
import { bucketLabel, ESTIMATED_COSTS, isDenied, useStats } from './charts/dashboard';
import './profitPerMonth.css';

interface Month {
  month: string;
  revenue: number;
  profit: number;
}

/** The server's estimate for one item (minor units): VAT as checkout computes it, cost from the cost model when 0. */
export interface Estimate {
  price: number;
  cost: number;
  vat: number;
  profitPerItem: number;
}

/** Profit per month: sales × profit per item; never negative (a loss-making price makes nothing). */
export const monthlyProfit = (sales: number, perItem: number) => Math.max(0, perItem) * sales;

/**
 * "How much could you make?": sales per month (slider) × profit per item. For the store's owners it also
 * charts the last 12 months of real revenue against (estimated) profit; visitors see only the calculator.
 */
export default function ProfitPerMonth({ properties: p }: BlockProps<ProfitPerMonthProperties>) {
  const id = useId();
  const max = p.maxSalesPerMonth ?? 1000;
  const [sales, setSales] = useState(Math.min(p.salesPerMonth ?? 100, max));
  const currency = p.currency ?? 'GBP';
  const price = Math.round((p.price ?? 25) * 100);
  const cost = Math.round((p.baseCost ?? 10) * 100);
  const estimate = useApiData<Estimate>(`/omnis/v3/stats/profit-estimate/?price=${price}&cost=${cost}`);
  const history = useStats<{ data: Month[] }>('profit-per-month/?months=12');
  const money = (v: number) => formatMoney(v, currency);
  const hasHistory = history.status === 'ready' && history.data.data.some((m) => m.revenue > 0);

  return (
    <section className="profit-per-month">
      {p.title ? <h2 className="profit-per-month__title">{p.title}</h2> : null}
      <div className="profit-per-month__calculator">
        <label htmlFor={`${id}-sales`} className="profit-per-month__label">
          Sales per month: <strong>{sales.toLocaleString('en-GB')}</strong>
        </label>
        <input
          id={`${id}-sales`}
          className="profit-per-month__slider"
          type="range"
          min={0}
          max={max}
          step={1}
          value={sales}
          onChange={(e) => setSales(Number(e.target.value))}
        />
        {estimate.status === 'error' ? (
          <ErrorState message={LOAD_ERROR} onRetry={estimate.retry} />
        ) : (
          <>
            <p className="profit-per-month__result" aria-live="polite">
              <span className="profit-per-month__amount">{estimate.status === 'ready' ? money(monthlyProfit(sales, estimate.data.profitPerItem)) : '…'}</span>{' '}
              profit a month
            </p>
            {estimate.status === 'ready' ? (
              <p className="profit-per-month__detail">
                Selling at {money(price)} with {money(estimate.data.cost)} cost per item and {money(estimate.data.vat)} VAT, you keep{' '}
                {money(estimate.data.profitPerItem)} per sale.
              </p>
            ) : null}
          </>
        )}
      </div>
      {hasHistory ? (
        <div className="profit-per-month__history">
          <h3 className="profit-per-month__subtitle">Your last 12 months</h3>
          <BarChart
            title="Revenue and profit per month"
            description="Revenue and estimated profit of this store's paid orders for each of the last 12 months."
            labels={history.data.data.map((m) => bucketLabel(m.month))}
            series={[
              {
                name: 'Revenue',
                values: history.data.data.map((m) => m.revenue),
              },
              {
                name: 'Profit',
                values: history.data.data.map((m) => m.profit),
              },
            ]}
            format={(v) => formatMoney(v, 'GBP')}
            height={220}
          />
        </div>
      ) : null}
      <p className="profit-per-month__note">
        {hasHistory || (history.status === 'error' && !isDenied(history.error)) ? ESTIMATED_COSTS : 'Estimated costs; VAT at 20% included in the price.'}
      </p>
    </section>
  );
}
