import { Badge } from './ui';

/** Tone of a status badge: where the order stands for the floor. */
const toneOf = (status: string): 'pending' | 'good' | 'bad' | 'neutral' | 'warning' => {
  if (['complete', 'exchanged', 'bespoke_shipped'].includes(status)) return 'good';
  if (['disputed', 'issue', 'refund_due', 'payment_failed'].includes(status)) return 'bad';
  if (['refunded', 'cancelled', 'expired', 'bespoke_refunded'].includes(status)) return 'neutral';
  if (['new', 'to_be_paid', 'quote'].includes(status)) return 'warning';
  return 'pending';
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge tone={toneOf(status)}>
      {label}
      <span className="atlas-status-code"> · {status}</span>
    </Badge>
  );
}

/** The §4 percentage as a thin bar with its number. */
export function ProgressMeter({ percent, label }: { percent: number; label: string }) {
  return (
    <span className="atlas-progress">
      <span className="atlas-progress__bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span className="atlas-progress__fill" style={{ width: `${percent}%` }} />
      </span>
      <span className="atlas-progress__text">{percent}%</span>
    </span>
  );
}
