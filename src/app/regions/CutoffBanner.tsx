import { useStore } from '../StoreContext';
import { cutoffBanner } from '../../core/cutoff';
import './cutoffBanner.css';

/** §9 christmas banner defaults: dark red background, white text. */
const DEFAULT_COLOURS = { background: '#8b0000', text: '#ffffff' };

/** The seasonal delivery cut-off banner, above the sitewide banner in the announcement region. */
export function CutoffBanner() {
  const { state } = useStore();
  const plugin = state.subdomain.plugins?.['christmas-banner'] as { enabled?: boolean; backgroundColor?: string; textColor?: string } | undefined;
  const view = cutoffBanner(plugin, state.christmasCutoffDates, state.christmasContent, new Date().toISOString().slice(0, 10));
  if (!view) return null;
  return (
    <div className="cutoff-banner" role="region" aria-label="Delivery cut-off" style={{ background: plugin?.backgroundColor || DEFAULT_COLOURS.background, color: plugin?.textColor || DEFAULT_COLOURS.text }}>
      <strong>{view.text}</strong>
      {view.dates.map((d) => (
        <span key={d.label} className="cutoff-banner__date">
          {' '}
          · {d.label}: order by {d.date}
        </span>
      ))}
    </div>
  );
}
