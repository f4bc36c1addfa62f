import { useState } from 'react';
import { Link } from 'react-router';
import type { StoreRow } from '../../core/businessAdmin';
import { ListStates, Pager } from './ListParts';
import { useDebounced, usePagedList } from './usePagedList';
import '../products/products.css';
import './business.css';

type Filters = { search: string; pro: '' | 'true' | 'false'; fraud: '' | 'true' | 'false'; page: number };

/** /dashboard/stores/ (staff): every store with its subdomain approval status, pro, fraud flag and owners. */
export function StoresScreen() {
  const [filters, setFilters] = useState<Filters>({ search: '', pro: '', fraud: '', page: 1 });
  const [searchText, setSearchText] = useState('');
  const [reload, setReload] = useState(0);
  useDebounced(searchText, (search) => setFilters((f) => (f.search === search ? f : { ...f, search, page: 1 })));
  const p = new URLSearchParams({ page: String(filters.page) });
  if (filters.search) p.set('search', filters.search);
  if (filters.pro) p.set('pro', filters.pro);
  if (filters.fraud) p.set('fraud', filters.fraud);
  const { current, shown, error } = usePagedList<StoreRow>(`/omnis/v3/dashboard/stores/?${p}`, reload);
  const filtered = filters.search !== '' || filters.pro !== '' || filters.fraud !== '';

  return (
    <div className="dash">
      <header className="dash__head">
        <div>
          <p className="dash__crumbs">
            <Link to="/dashboard/">Dashboard</Link> / Stores
          </p>
          <h1>Stores</h1>
        </div>
      </header>
      <section className="dash__card">
        <div className="dash__toolbar">
          <input type="search" placeholder="Search by name, code, domain or owner" aria-label="Search stores" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
          <select aria-label="Pro" value={filters.pro} onChange={(e) => setFilters((f) => ({ ...f, pro: e.target.value as Filters['pro'], page: 1 }))}>
            <option value="">Pro or not</option>
            <option value="true">Pro</option>
            <option value="false">Not pro</option>
          </select>
          <select aria-label="Fraud" value={filters.fraud} onChange={(e) => setFilters((f) => ({ ...f, fraud: e.target.value as Filters['fraud'], page: 1 }))}>
            <option value="">Any fraud flag</option>
            <option value="true">Flagged as fraud</option>
            <option value="false">Not flagged</option>
          </select>
        </div>
        <ListStates shown={shown} error={error} loadingText="Loading stores…" emptyText={<p>{filtered ? 'No stores match these filters.' : 'No stores yet.'}</p>} onRetry={() => setReload((n) => n + 1)} />
        {shown && shown.data.length > 0 && !error && (
          <div className="dash__scroll" aria-busy={!current}>
            <table className="dash__table">
              <thead>
                <tr>
                  <th scope="col">Store</th>
                  <th scope="col">Subdomain approval</th>
                  <th scope="col">Pro</th>
                  <th scope="col">Fraud</th>
                  <th scope="col">Owners</th>
                </tr>
              </thead>
              <tbody>
                {shown.data.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <span className="products__name">
                        <span>
                          {s.url ? <a href={s.url}>{s.name}</a> : s.name}
                          <small>
                            {s.code} · #{s.id}
                            {s.enabled ? '' : ' · disabled'}
                          </small>
                        </span>
                      </span>
                    </td>
                    <td>
                      <span className={`pill ${s.approvalStatus === 'Approved' ? 'pill--ok' : 'pill--pending'}`}>{s.approvalStatus}</span>
                    </td>
                    <td>{s.hasPro ? <span className="pill pill--ok">Pro</span> : 'No'}</td>
                    <td>{s.isFraud ? <span className="pill pill--denied">Fraud</span> : 'No'}</td>
                    <td>
                      {s.owners.length === 0
                        ? 'No owner'
                        : s.owners.map((o) => (
                            <span key={o.id} className="business__owner">
                              {o.name} <small>{o.email}</small>
                            </span>
                          ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager shown={shown} label="Pages of stores" onPage={(page) => setFilters((f) => ({ ...f, page }))} />
      </section>
    </div>
  );
}
