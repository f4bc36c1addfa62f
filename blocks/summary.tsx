import type { SummaryProperties } from '../src/core/generated/blockProperties';
import type { BlockProps } from '../src/renderer/types';
import { formatMoney } from '../src/core/currency';
import { DashboardPanel, ESTIMATED_COSTS, formatCount, PERIOD_LABELS, useStats } from './charts/dashboard';
import './summary.css';

interface Figures {
  orders: number;
  items: number;
  revenue: number;
  profit: number;
  averageOrderValue: number;
}
interface Summary extends Figures {
  previous: Figures | null;
  topProducts: { name: string; quantity: number; revenue: number }[];
}

type Metric = NonNullable<SummaryProperties['metrics']>[number];
const money = (v: number) => formatMoney(v, 'GBP');
/** Schema figure → label, the API field and its format; null field = not tracked yet. */
const FIGURES: Record<Metric, { label: string; field: keyof Figures | null; format: (v: number) => string }> = {
  orders: { label: 'Orders', field: 'orders', format: formatCount },
  sales: { label: 'Items sold', field: 'items', format: formatCount },
  revenue: { label: 'Revenue', field: 'revenue', format: money },
  profit: { label: 'Profit (estimated)', field: 'profit', format: money },
  visitors: { label: 'Visitors', field: null, format: formatCount },
  conversionRate: {
    label: 'Conversion rate',
    field: null,
    format: formatCount,
  },
  averageOrderValue: {
    label: 'Average order value',
    field: 'averageOrderValue',
    format: money,
  },
  subscribers: { label: 'Subscribers', field: null, format: formatCount },
};

/** "+12%" against the previous period, or null when there is nothing to compare with. */
export function change(now: number, before: number): string | null {
  if (before === 0) return now === 0 ? '0%' : null;
  const pct = Math.round(((now - before) / Math.abs(before)) * 100);
  return `${pct > 0 ? '+' : ''}${pct}%`;
}

/** Headline figures of the store for the period, as tiles. */
export default function Summary({ properties: p }: BlockProps<SummaryProperties>) {
  const period = p.period ?? '30d';
  const state = useStats<Summary>(`summary/?period=${period}`);
  const metrics = p.metrics ?? ['orders', 'revenue', 'profit', 'visitors'];
  return (
    <DashboardPanel className="summary" title={p.title ?? ''} state={state}>
      {(data) => (
        <>
          <p className="summary__period">Figures {PERIOD_LABELS[period]}</p>
          <dl className="summary__tiles">
            {metrics.map((m) => {
              const f = FIGURES[m];
              const delta = f.field && p.compare && data.previous ? change(data[f.field], data.previous[f.field]) : null;
              return (
                <div key={m} className="summary__tile">
                  <dt className="summary__label">{f.label}</dt>
                  <dd className="summary__value">{f.field ? f.format(data[f.field]) : <span className="summary__untracked">Not tracked yet</span>}</dd>
                  {delta ? <dd className="summary__change">{delta} on the previous period</dd> : null}
                </div>
              );
            })}
          </dl>
          {data.orders === 0 ? <p className="dashboard-panel__note">No paid orders {PERIOD_LABELS[period]} yet.</p> : null}
          {metrics.includes('profit') ? <p className="dashboard-panel__note">{ESTIMATED_COSTS}</p> : null}
        </>
      )}
    </DashboardPanel>
  );
}
