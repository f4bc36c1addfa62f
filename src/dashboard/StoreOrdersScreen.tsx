import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../lib/api';
import { formatMoney } from '../core/currency';
import { errorText } from '../auth/form/serverErrors';
import { useEditorDivision } from '../editor/pages/storeChoice';
import './storeOrders.css';

interface StoreOrders {
  data: { id: number; hash: string; status: string; statusLabel: string; progress: number; customer: string; items: number; total: number; currency: string; createdAt: string }[];
  total: number;
  page: number;
  lastPage: number;
  last30Days: { orders: number; sales: number; currency: string };
}

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** /dashboard/orders/: the owner's own store's orders with their progress, and the last 30 days' sales. */
export function StoreOrdersScreen() {
  const choice = useEditorDivision();
  const divisionId = choice.status === 'ready' ? choice.divisionId : null;
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ key: string; data?: StoreOrders; error?: string } | null>(null);
  const key = `${divisionId}:${page}`;
  const load = useCallback((signal: AbortSignal) => api<StoreOrders>(`/omnis/v3/dashboard/orders/?store=${divisionId}&page=${page}`, { signal }), [divisionId, page]);
  useEffect(() => {
    if (divisionId === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ key, data }),
      (error: unknown) => !controller.signal.aborted && setState({ key, error: errorText(error) }),
    );
    return () => controller.abort();
  }, [load, key, divisionId]);
  const current = state?.key === key ? state : null;

  return (
    <div className="store-orders">
      <p>
        <Link to="/dashboard/">← Dashboard</Link>
      </p>
      <h1>Orders</h1>
      {choice.status === 'none' && <p>You have no store yet.</p>}
      {current?.error && <p role="alert">{current.error}</p>}
      {!current && choice.status !== 'none' && <p role="status">Loading your orders…</p>}
      {current?.data && (
        <>
          <dl className="store-orders__summary" aria-label="Last 30 days">
            <div>
              <dt>Sales, last 30 days</dt>
              <dd data-testid="sales-30">{formatMoney(current.data.last30Days.sales, current.data.last30Days.currency)}</dd>
            </div>
            <div>
              <dt>Orders, last 30 days</dt>
              <dd>{current.data.last30Days.orders}</dd>
            </div>
            <div>
              <dt>All orders</dt>
              <dd>{current.data.total}</dd>
            </div>
          </dl>
          {current.data.data.length === 0 ? (
            <p>No orders yet. They show here as soon as a shopper pays.</p>
          ) : (
            <ul className="store-orders__list" aria-label="Orders">
              {current.data.data.map((o) => (
                <li key={o.id}>
                  <div>
                    <a href={`/receipt/${o.hash}`}>#{o.id}</a> · {o.customer} · {o.items} {o.items === 1 ? 'item' : 'items'} · {day.format(new Date(o.createdAt))}
                  </div>
                  <div className="store-orders__status">
                    <span>{o.statusLabel}</span>
                    <span className="store-orders__bar" role="progressbar" aria-label={`Order #${o.id} progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={o.progress}>
                      <span style={{ width: `${o.progress}%` }} />
                    </span>
                    <span>{o.progress}%</span>
                    <strong>{formatMoney(o.total, o.currency)}</strong>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {current.data.lastPage > 1 && (
            <nav className="store-orders__pager" aria-label="Pages of orders">
              <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous page
              </button>
              <span>
                Page {current.data.page} of {current.data.lastPage}
              </span>
              <button type="button" disabled={page >= current.data.lastPage} onClick={() => setPage((p) => p + 1)}>
                Next page
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
