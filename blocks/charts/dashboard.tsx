import type { ReactNode } from 'react';
import { ApiError } from '../../src/lib/api';
import { useApiData, type ApiState } from '../commerce/useApiData';
import { EmptyState, ErrorState, LOAD_ERROR } from '../commerce/states';
import { useDivisionId } from '../commerce/store';
import './dashboard.css';

/** Shared by the dashboard blocks (graph, summary, profitPerMonth, interactions, badgeProgress). */

export const PERIOD_LABELS: Record<string, string> = {
  today: 'today',
  '7d': 'in the last 7 days',
  '30d': 'in the last 30 days',
  '90d': 'in the last 90 days',
  '12m': 'in the last 12 months',
  all: 'all time',
};

export const NO_ACCESS = 'Sign in as an owner or editor of this store to see its figures.';
export const ESTIMATED_COSTS = 'Profit uses estimated costs: a blank garment by type plus £1.50 per print, and excludes shipping.';

/** GETs /omnis/v3/divisions/{this store}/stats/{path}. */
export function useStats<T>(path: string | null): ApiState<T> & { retry: () => void } {
  const divisionId = useDivisionId();
  return useApiData<T>(path === null ? null : `/omnis/v3/divisions/${divisionId}/stats/${path}`);
}

export const isDenied = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/** The block frame: heading plus the right state for the request (loading, no access, error) or the content. */
export function DashboardPanel<T>({
  className,
  title,
  state,
  children,
}: {
  className: string;
  title: string;
  state: ApiState<T> & { retry: () => void };
  children: (data: T) => ReactNode;
}) {
  return (
    <section className={`dashboard-panel ${className}`} aria-busy={state.status === 'loading'}>
      {title ? <h2 className="dashboard-panel__title">{title}</h2> : null}
      <div aria-live="polite">
        {state.status === 'loading' ? (
          <div className="dashboard-panel__loading" role="status">
            <span className="chart-kit-sr">Loading figures…</span>
          </div>
        ) : state.status === 'error' ? (
          isDenied(state.error) ? (
            <EmptyState>{NO_ACCESS}</EmptyState>
          ) : (
            <ErrorState message={LOAD_ERROR} onRetry={state.retry} />
          )
        ) : (
          children(state.data)
        )}
      </div>
    </section>
  );
}

/** Short date label for a bucket key: "2026-11-21" → "21 Nov", "2026-11" → "Nov 26". */
export function bucketLabel(key: string): string {
  const [y, m, d] = key.split('-').map(Number);
  const date = new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1));
  return d === undefined
    ? date.toLocaleDateString('en-GB', {
        month: 'short',
        year: '2-digit',
        timeZone: 'UTC',
      })
    : date.toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      });
}

export const formatCount = (n: number) => n.toLocaleString('en-GB');
