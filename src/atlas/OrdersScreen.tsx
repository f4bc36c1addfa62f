import { useCallback, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '../core/currency';
import { ORDER_PRIORITIES } from '../core/orderLifecycle';
import { listOrders, type OrderFilters } from './floorApi';
import { ATLAS_PATHS } from './paths';
import { AtlasPage, Badge, EmptyState, ErrorState, LoadingState, When, useLoad } from './ui';
import { ProgressMeter, StatusBadge } from './floorUi';

const GROUPS = [
  ['', 'Every status'],
  ['paid', 'Paid — to start'],
  ['production', 'In production'],
  ['packing', 'Picking and packing'],
  ['attention', 'Needs attention'],
  ['done', 'Done'],
  ['unpaid', 'Unpaid'],
  ['bespoke', 'Bespoke'],
  ['closed', 'Closed attempts'],
] as const;

const FILTER_KEYS = ['group', 'search', 'paid', 'priority', 'factory', 'from', 'to'] as const;

const filtersOf = (params: URLSearchParams): OrderFilters => {
  const out: OrderFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) out[key] = value;
  }
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) out.page = page;
  return out;
};

const hrefOf = (filters: OrderFilters) => {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) q.set(key, String(value));
  const qs = q.toString();
  return `${ATLAS_PATHS.orders}${qs ? `?${qs}` : ''}`;
};

/** /atlas/orders/: the queue of every store's orders with filters, search and pages of 50. */
export function OrdersScreen() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const filters = filtersOf(params);
  const fetcher = useCallback((signal: AbortSignal) => listOrders(filtersOf(new URLSearchParams(key)), signal), [key]);
  const { load, reload } = useLoad(fetcher);
  const [draft, setDraft] = useState(filters);
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setDraft(filters);
  }
  const page = filters.page ?? 1;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const k of FILTER_KEYS) {
      const value = draft[k]?.toString().trim();
      if (value) next.set(k, value);
    }
    setParams(next);
  };
  const field = (k: (typeof FILTER_KEYS)[number]) => ({
    value: (draft[k] as string | undefined) ?? '',
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value })),
  });

  return (
    <AtlasPage title="Orders" intro={<p>Every store's orders, most urgent first. Search by order number, email, name or tracking code.</p>}>
      <form className="atlas-filters" role="search" aria-label="Filter orders" onSubmit={submit}>
        <label className="atlas-field atlas-filters__search">
          <span className="atlas-field__label">Search</span>
          <input className="atlas-field__input" type="search" placeholder="#1042, email, name or tracking code" autoComplete="off" maxLength={200} {...field('search')} />
        </label>
        <label className="atlas-field">
          <span className="atlas-field__label">Status</span>
          <select className="atlas-field__input" {...field('group')}>
            {GROUPS.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <label className="atlas-field">
          <span className="atlas-field__label">Payment</span>
          <select className="atlas-field__input" {...field('paid')}>
            <option value="">Paid or not</option>
            <option value="true">Paid</option>
            <option value="false">Unpaid</option>
          </select>
        </label>
        <label className="atlas-field">
          <span className="atlas-field__label">Priority</span>
          <select className="atlas-field__input" {...field('priority')}>
            <option value="">Any</option>
            {ORDER_PRIORITIES.map((p) => (
              <option key={p.value} value={p.value}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="atlas-field">
          <span className="atlas-field__label">Factory</span>
          <select className="atlas-field__input" {...field('factory')}>
            <option value="">Any</option>
            <option value="distro">Distro</option>
            <option value="newport">Newport (paper)</option>
          </select>
        </label>
        <label className="atlas-field">
          <span className="atlas-field__label">From</span>
          <input className="atlas-field__input" type="date" {...field('from')} />
        </label>
        <label className="atlas-field">
          <span className="atlas-field__label">To</span>
          <input className="atlas-field__input" type="date" {...field('to')} />
        </label>
        <div className="atlas-filters__buttons">
          <button type="submit" className="pod-button pod-button--primary atlas-button">
            Show orders
          </button>
          {key && (
            <Link className="pod-button pod-button--secondary atlas-button" to={ATLAS_PATHS.orders}>
              Clear
            </Link>
          )}
        </div>
      </form>
      {load.status === 'loading' && <LoadingState label="Loading orders…" />}
      {load.status === 'failed' && <ErrorState message={load.message} onRetry={reload} />}
      {load.status === 'ready' && load.data.data.length === 0 && <EmptyState>No orders match these filters.</EmptyState>}
      {load.status === 'ready' && load.data.data.length > 0 && (
        <>
          <p className="atlas-count">
            {load.data.total.toLocaleString()} {load.data.total === 1 ? 'order' : 'orders'}
            {load.data.lastPage > 1 && ` · page ${load.data.page} of ${load.data.lastPage.toLocaleString()}`}
          </p>
          <table className="atlas-table" aria-label="Orders">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Customer</th>
                <th scope="col">Status</th>
                <th scope="col">Total</th>
                <th scope="col">Placed</th>
              </tr>
            </thead>
            <tbody>
              {load.data.data.map((o) => (
                <tr key={o.id} data-order-id={o.id}>
                  <td className="atlas-table__title" data-label="Order">
                    <Link to={`/atlas/orders/${o.id}/`} className="atlas-order-link">
                      #{o.number}
                    </Link>
                    <span className="atlas-muted">{o.store.name}</span>
                    <span className="atlas-badges">
                      {o.priority > 0 && <Badge tone={o.priority === 2 ? 'bad' : 'warning'}>{ORDER_PRIORITIES[o.priority]?.name}</Badge>}
                      {o.factory === 'newport' && <Badge tone="neutral">Newport</Badge>}
                      {o.childOrderType && <Badge tone="neutral">{o.childOrderType}</Badge>}
                    </span>
                  </td>
                  <td data-label="Customer">
                    <strong>{o.name || '—'}</strong>
                    <span className="atlas-muted">{o.email}</span>
                  </td>
                  <td data-label="Status">
                    <StatusBadge status={o.status} label={o.statusLabel} />
                    <ProgressMeter percent={o.progress} label={`Order #${o.number} progress`} />
                    {o.pigeonhole && ['consolidated', 'packing'].includes(o.status) && <span className="atlas-muted">Pigeonhole {o.pigeonhole}</span>}
                  </td>
                  <td data-label="Total">{formatMoney(o.total, o.currency)}</td>
                  <td data-label="Placed">
                    <When at={o.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {load.data.lastPage > 1 && (
            <nav className="atlas-pager" aria-label="Pages of orders">
              {page > 1 ? (
                <Link className="pod-button pod-button--secondary atlas-button" to={hrefOf({ ...filters, page: page - 1 })}>
                  Previous page
                </Link>
              ) : (
                <span className="pod-button pod-button--secondary atlas-button" aria-disabled="true">
                  Previous page
                </span>
              )}
              <span>
                Page {load.data.page} of {load.data.lastPage.toLocaleString()}
              </span>
              {page < load.data.lastPage ? (
                <Link className="pod-button pod-button--secondary atlas-button" to={hrefOf({ ...filters, page: page + 1 })}>
                  Next page
                </Link>
              ) : (
                <span className="pod-button pod-button--secondary atlas-button" aria-disabled="true">
                  Next page
                </span>
              )}
            </nav>
          )}
        </>
      )}
    </AtlasPage>
  );
}
