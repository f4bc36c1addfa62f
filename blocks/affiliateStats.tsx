import type { AffiliateStatsProperties } from '../src/core/generated/blockProperties';
import type { BlockProps } from '../src/renderer/types';
import { AffiliateNotice } from './charts/affiliate';
import { PERIOD_LABELS } from './charts/dashboard';
import './affiliateStats.css';

const LABELS: Record<string, string> = {
  clicks: 'Clicks',
  signUps: 'Sign-ups',
  orders: 'Orders',
  conversionRate: 'Conversion rate',
  commission: 'Commission',
  pendingPayout: 'Pending payout',
};

/** Affiliate figures for a period. No affiliate data exists yet, so the tiles say so instead of showing numbers. */
export default function AffiliateStats({ properties: p }: BlockProps<AffiliateStatsProperties>) {
  const metrics = p.metrics ?? ['clicks', 'signUps', 'orders', 'commission'];
  return (
    <section className="dashboard-panel affiliate-stats">
      {p.title ? <h2 className="dashboard-panel__title">{p.title}</h2> : null}
      <AffiliateNotice />
      <dl className="affiliate-stats__tiles">
        {metrics.map((m) => (
          <div key={m} className="affiliate-stats__tile">
            <dt>{LABELS[m] ?? m}</dt>
            <dd>
              <span aria-hidden="true">—</span>
              <span className="chart-kit-sr">No data</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="dashboard-panel__note">Period: {PERIOD_LABELS[p.period ?? '30d']}</p>
    </section>
  );
}
