import type { GraphProperties } from '../src/core/generated/blockProperties';
import type { BlockProps } from '../src/renderer/types';
import { formatMoney } from '../src/core/currency';
import { Chart } from './charts/Chart';
import { bucketLabel, DashboardPanel, ESTIMATED_COSTS, formatCount, PERIOD_LABELS, useStats } from './charts/dashboard';
import { EmptyState } from './commerce/states';
import './graph.css';

interface Series {
  unit: 'day' | 'month';
  data: { key: string; value: number }[];
}

/** The schema's figures the stats API answers, and the API's name for each. */
const API_METRIC: Partial<Record<GraphProperties['metric'] & string, string>> = { sales: 'items', orders: 'orders', revenue: 'revenue', profit: 'profit' };
const LABELS: Record<string, string> = {
  sales: 'Items sold',
  orders: 'Orders',
  revenue: 'Revenue',
  profit: 'Profit',
  visitors: 'Visitors',
  conversionRate: 'Conversion rate',
  subscribers: 'Subscribers',
};
export const NOT_TRACKED = 'This figure is not tracked for this store yet.';

/** A chart of one store figure over the period, drawn from the store's paid orders. */
export default function Graph({ properties: p }: BlockProps<GraphProperties>) {
  const metric = p.metric ?? 'orders';
  const apiMetric = API_METRIC[metric];
  const period = p.period ?? '30d';
  const state = useStats<Series>(apiMetric ? `series/?metric=${apiMetric}&period=${period}` : null);
  const name = LABELS[metric] ?? metric;
  const title = p.title || `${name} ${PERIOD_LABELS[period] ?? ''}`.trim();
  if (!apiMetric) {
    return (
      <section className="dashboard-panel graph">
        <h2 className="dashboard-panel__title">{title}</h2>
        <EmptyState>{NOT_TRACKED}</EmptyState>
      </section>
    );
  }
  const money = metric === 'revenue' || metric === 'profit';
  const format = money ? (v: number) => formatMoney(v, 'GBP') : formatCount;
  return (
    <DashboardPanel className="graph" title={title} state={state}>
      {(series) => {
        const total = series.data.reduce((a, b) => a + b.value, 0);
        return (
          <>
            <p className="graph__total">
              <span className="graph__total-value">{format(total)}</span> {name.toLowerCase()} {PERIOD_LABELS[period]}
            </p>
            {total === 0 ? <EmptyState>No sales {PERIOD_LABELS[period]} yet.</EmptyState> : null}
            <Chart
              kind={p.chartType ?? 'line'}
              title={title}
              description={`${name} per ${series.unit} ${PERIOD_LABELS[period]}; total ${format(total)}.`}
              labels={series.data.map((d) => bucketLabel(d.key))}
              series={[
                {
                  name,
                  values: series.data.map((d) => d.value),
                  color: p.color || undefined,
                },
              ]}
              format={format}
              height={p.height ?? 300}
            />
            {metric === 'profit' ? <p className="dashboard-panel__note">{ESTIMATED_COSTS}</p> : null}
          </>
        );
      }}
    </DashboardPanel>
  );
}
