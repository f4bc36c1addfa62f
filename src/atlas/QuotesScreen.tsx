import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '../core/currency';
import { listQuotes, QUOTE_GROUPS } from './quotesApi';
import { AtlasPage, Badge, EmptyState, ErrorState, LoadingState, When, useLoad } from './ui';
import { ProgressMeter, StatusBadge } from './floorUi';

/** /atlas/quotes/: the bespoke inbox — submitted quotes by where they stand, newest first. */
export function QuotesScreen() {
  const [params, setParams] = useSearchParams();
  const group = QUOTE_GROUPS.some((g) => g.value === params.get('group')) ? params.get('group')! : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const fetcher = useCallback((signal: AbortSignal) => listQuotes(group, page, signal), [group, page]);
  const { load, reload } = useLoad(fetcher);
  const lastPage = load.status === 'ready' ? Math.max(1, Math.ceil(load.data.meta.total / load.data.meta.perPage)) : 1;

  return (
    <AtlasPage title="Quotes" intro={<p>Bespoke orders: price them, send a mock-up, and follow them through production.</p>}>
      <nav className="atlas-tabs" aria-label="Quote groups">
        {QUOTE_GROUPS.map((g) => (
          <button key={g.value} type="button" className={`atlas-tab${g.value === group ? ' atlas-tab--active' : ''}`} aria-pressed={g.value === group} onClick={() => setParams({ group: g.value })}>
            {g.label}
          </button>
        ))}
      </nav>
      {load.status === 'loading' && <LoadingState label="Loading quotes…" />}
      {load.status === 'failed' && <ErrorState message={load.message} onRetry={reload} />}
      {load.status === 'ready' && load.data.data.length === 0 && <EmptyState>No quotes here.</EmptyState>}
      {load.status === 'ready' && load.data.data.length > 0 && (
        <>
          <p className="atlas-count">
            {load.data.meta.total.toLocaleString()} {load.data.meta.total === 1 ? 'quote' : 'quotes'}
            {lastPage > 1 && ` · page ${page} of ${lastPage}`}
          </p>
          <table className="atlas-table" aria-label="Quotes">
            <thead>
              <tr>
                <th scope="col">Quote</th>
                <th scope="col">Customer</th>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
                <th scope="col">Total</th>
                <th scope="col">Sent</th>
              </tr>
            </thead>
            <tbody>
              {load.data.data.map((q) => (
                <tr key={q.id} data-quote-id={q.id}>
                  <td className="atlas-table__title" data-label="Quote">
                    <Link to={`/atlas/quotes/${q.id}/`} className="atlas-order-link">
                      #{q.id}
                    </Link>
                    <span className="atlas-muted">{q.store}</span>
                    <span className="atlas-badges">
                      {q.kind === 'advanced' && <Badge tone="neutral">Advanced</Badge>}
                      {q.changesRequested && <Badge tone="warning">Changes requested</Badge>}
                      {!q.priced && <Badge tone="pending">Not priced</Badge>}
                    </span>
                  </td>
                  <td data-label="Customer">
                    <strong>{q.name || '—'}</strong>
                    <span className="atlas-muted">{[q.company, q.email].filter(Boolean).join(' · ')}</span>
                  </td>
                  <td data-label="Request">
                    {q.units} units · {q.products}
                    {q.deadline && <span className="atlas-muted">Deadline {q.deadline}</span>}
                  </td>
                  <td data-label="Status">
                    <StatusBadge status={q.status} label={q.statusLabel} />
                    <ProgressMeter percent={q.progress} label={`Quote #${q.id} progress`} />
                  </td>
                  <td data-label="Total">{q.priced ? formatMoney(q.total, q.currency) : '—'}</td>
                  <td data-label="Sent">
                    <When at={q.submittedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {lastPage > 1 && (
            <nav className="atlas-pager" aria-label="Pages of quotes">
              <button type="button" className="pod-button pod-button--secondary atlas-button" disabled={page <= 1} onClick={() => setParams({ group, page: String(page - 1) })}>
                Previous page
              </button>
              <span>
                Page {page} of {lastPage}
              </span>
              <button type="button" className="pod-button pod-button--secondary atlas-button" disabled={page >= lastPage} onClick={() => setParams({ group, page: String(page + 1) })}>
                Next page
              </button>
            </nav>
          )}
        </>
      )}
    </AtlasPage>
  );
}
