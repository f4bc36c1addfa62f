import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../core/currency';
import { useEditorDivision } from '../../editor/pages/storeChoice';
import { LEAD_STATUSES, LEAD_STATUS_LABELS, type CustomerRow, type LeadStatus } from '../../core/businessAdmin';
import { CustomerDialog } from './CustomerDialog';
import { usePermissionNotice } from './PermissionNotice';
import { EditCell, ListStates, ListTable, NameCell, Pager } from './ListParts';
import { snackbar } from '../../app/Snackbar';
import { useDebounced, usePagedList } from './usePagedList';
import '../products/products.css';
import './business.css';

type Filters = { search: string; lead: '' | LeadStatus; tag: string; page: number; everyone: boolean };
const API = '/omnis/v3/dashboard/customers/';

/** /dashboard/customers/: an owner's customers (staff may list everyone), with tags, notes and lead status. */
export function CustomersScreen() {
  const choice = useEditorDivision();
  const divisionId = choice.status === 'ready' ? choice.divisionId : null;
  const staff = choice.status === 'ready' && choice.user.internal;
  const [filters, setFilters] = useState<Filters>({ search: '', lead: '', tag: '', page: 1, everyone: false });
  const [searchText, setSearchText] = useState('');
  const [tagText, setTagText] = useState('');
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<CustomerRow | null>(null);
  useDebounced(searchText, (search) => setFilters((f) => (f.search === search ? f : { ...f, search, page: 1 })));
  useDebounced(tagText, (tag) => setFilters((f) => (f.tag === tag ? f : { ...f, tag, page: 1 })));
  const everyone = staff && filters.everyone;
  const permission = usePermissionNotice('customers', divisionId, 'customers');
  const p = new URLSearchParams({ page: String(filters.page) });
  if (!everyone && divisionId !== null) p.set('store', String(divisionId));
  if (filters.search) p.set('search', filters.search);
  if (filters.lead) p.set('lead', filters.lead);
  if (filters.tag) p.set('tag', filters.tag);
  const { current, shown, error } = usePagedList<CustomerRow>(divisionId === null || !permission.allowed ? null : `${API}?${p}`, reload);
  const filtered = filters.search !== '' || filters.lead !== '' || filters.tag !== '';
  const editUrl = (id: number) => `${API}${id}/${everyone || divisionId === null ? '' : `?store=${divisionId}`}`;

  return (
    <div className="dash">
      <header className="dash__head">
        <div>
          <p className="dash__crumbs">
            <Link to="/dashboard/">Dashboard</Link> / Customers
          </p>
          <h1>Customers</h1>
        </div>
        {staff && (
          <label className="business__scope">
            <input type="checkbox" checked={filters.everyone} onChange={(e) => setFilters((f) => ({ ...f, everyone: e.target.checked, page: 1 }))} /> Every customer of the platform
          </label>
        )}
      </header>
      {choice.status === 'none' && <p className="dash__empty">You have no store yet.</p>}
      {permission.notice}
      <section className="dash__card" hidden={!permission.allowed}>
        <div className="dash__toolbar">
          <input type="search" placeholder="Search by name, email or notes" aria-label="Search customers" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
          <select aria-label="Lead status" value={filters.lead} onChange={(e) => setFilters((f) => ({ ...f, lead: e.target.value as Filters['lead'], page: 1 }))}>
            <option value="">Any lead status</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
          <input type="search" placeholder="Tag" aria-label="Filter by tag" value={tagText} onChange={(e) => setTagText(e.target.value)} />
        </div>
        {choice.status !== 'none' && (
          <ListStates
            shown={shown}
            error={error}
            loadingText="Loading customers…"
            emptyText={<p>{filtered ? 'No customers match these filters.' : 'No customers yet. People who order from your store appear here.'}</p>}
            onRetry={() => setReload((n) => n + 1)}
          />
        )}
        {shown && shown.data.length > 0 && !error && (
          <ListTable
            headings={['Customer', 'Lead', 'Tags', 'Orders', 'Potential value', 'Dashboard', 'Edit']}
            rows={shown.data}
            busy={!current}
            row={(c) => (
              <tr key={c.id}>
                <NameCell name={c.name}>
                  <small>{c.email}</small>
                  {c.notes && <small className="business__notes">{c.notes}</small>}
                </NameCell>
                <td>
                  <span className="pill">{LEAD_STATUS_LABELS[c.leadStatus]}</span>
                </td>
                <td>
                  {c.tags.length === 0
                    ? '—'
                    : c.tags.map((t) => (
                        <span key={`${t.type}:${t.name}`} className={`business__tag business__tag--${t.type}`} title={t.type === 'services' ? 'Service' : 'Industry'}>
                          {t.name}
                        </span>
                      ))}
                </td>
                <td>{c.orders}</td>
                <td>{c.potentialValue === null ? '—' : formatMoney(c.potentialValue, 'GBP')}</td>
                <td>
                  {c.stores.length === 0
                    ? 'No access'
                    : c.stores.map((s) => (
                        <span key={s.divisionId} className="business__owner">
                          {s.role === 'owner' ? 'Owner' : 'Editor'}
                          {s.role === 'editor' && <small> {s.permissions.length ? s.permissions.join(', ') : 'no permissions'}</small>}
                        </span>
                      ))}
                </td>
                <EditCell label={`Edit ${c.name} (${c.email})`} onEdit={() => setEditing(c)} />
              </tr>
            )}
          />
        )}
        <Pager shown={shown} label="Pages of customers" onPage={(page) => setFilters((f) => ({ ...f, page }))} />
      </section>
      {editing && (
        <CustomerDialog
          customer={editing}
          url={editUrl(editing.id)}
          onClose={(changed) => {
            if (changed) {
              snackbar.push({ code: `customer-saved:${editing.id}`, text: `${editing.name === 'Unknown' ? editing.email : editing.name} saved`, kind: 'success' });
              setReload((n) => n + 1);
            }
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}
