import type { ReactNode } from 'react';
import './states.css';

/** Placeholder tiles while a grid loads: same shape as the real cards, so nothing jumps when data arrives. */
export function SkeletonGrid({ count, ratio, label, className = 'commerce-grid' }: { count: number; ratio: number; label: string; className?: string }) {
  return (
    <div className={`${className} commerce-skeleton`} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="commerce-skeleton__item" aria-hidden="true">
          <div className="commerce-skeleton__image" style={{ aspectRatio: `1 / ${ratio}` }} />
          <div className="commerce-skeleton__line" />
          <div className="commerce-skeleton__line commerce-skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}

/** A calm note in place of content: nothing to show yet. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="commerce-state commerce-state--empty">{children}</p>;
}

/** A failed load, with a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="commerce-state commerce-state--error" role="alert">
      <p>{message}</p>
      <button type="button" className="pod-button pod-button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** Shown when a block's data could not be loaded (§8 generic wording for loads). */
export const LOAD_ERROR = 'Oops... looks like something went wrong. Please try again.';
