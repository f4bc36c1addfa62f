import { useState } from 'react';
import { Link } from 'react-router';
import type { ProjectRow } from '../../core/businessAdmin';
import { EditCell, ListStates, ListTable, NameCell, Pager } from './ListParts';
import { snackbar } from '../../app/Snackbar';
import { ProjectDialog } from './ProjectDialog';
import { useDebounced, usePagedList } from './usePagedList';
import '../products/products.css';
import './business.css';

type Filters = { search: string; flag: '' | 'pro' | 'vip' | 'fraud'; page: number };

/** /dashboard/projects/ and /dashboard/manufacturers/ (staff): §3 Manufacturer/project records and their settings. */
export function ProjectsScreen({ title }: { title: 'Projects' | 'Manufacturers' }) {
  const [filters, setFilters] = useState<Filters>({ search: '', flag: '', page: 1 });
  const [searchText, setSearchText] = useState('');
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<ProjectRow | null>(null);
  useDebounced(searchText, (search) => setFilters((f) => (f.search === search ? f : { ...f, search, page: 1 })));
  const p = new URLSearchParams({ page: String(filters.page) });
  if (filters.search) p.set('search', filters.search);
  if (filters.flag) p.set(filters.flag, 'true');
  const { current, shown, error } = usePagedList<ProjectRow>(`/omnis/v3/dashboard/projects/?${p}`, reload);
  const filtered = filters.search !== '' || filters.flag !== '';
  const noun = title.toLowerCase();

  return (
    <div className="dash">
      <header className="dash__head">
        <div>
          <p className="dash__crumbs">
            <Link to="/dashboard/">Dashboard</Link> / {title}
          </p>
          <h1>{title}</h1>
        </div>
      </header>
      <section className="dash__card">
        <div className="dash__toolbar">
          <input type="search" placeholder="Search by name, email or store" aria-label={`Search ${noun}`} value={searchText} onChange={(e) => setSearchText(e.target.value)} />
          <select aria-label="Flag" value={filters.flag} onChange={(e) => setFilters((f) => ({ ...f, flag: e.target.value as Filters['flag'], page: 1 }))}>
            <option value="">Any flag</option>
            <option value="pro">Pro</option>
            <option value="vip">VIP</option>
            <option value="fraud">Flagged as fraud</option>
          </select>
        </div>
        <ListStates shown={shown} error={error} loadingText={`Loading ${noun}…`} emptyText={<p>{filtered ? `No ${noun} match these filters.` : `No ${noun} yet.`}</p>} onRetry={() => setReload((n) => n + 1)} />
        {shown && shown.data.length > 0 && !error && (
          <ListTable
            headings={['Name', 'Flags', 'Currency', 'Payment interval', 'Integration', 'Badges and betas', 'Edit']}
            rows={shown.data}
            busy={!current}
            row={(r) => (
              <tr key={r.id}>
                <NameCell name={r.name}>
                  <small>{[r.email, r.stores.map((s) => s.name).join(', ')].filter(Boolean).join(' · ') || `#${r.id}`}</small>
                </NameCell>
                <td>
                  {!r.active && <span className="pill pill--off">Inactive</span>}
                  {r.isPro && <span className="pill pill--ok">Pro</span>}
                  {r.isVip && <span className="pill pill--pending">VIP</span>}
                  {r.force2fa && <span className="pill">2FA forced</span>}
                  {r.isFraud && <span className="pill pill--denied">Fraud</span>}
                  {r.active && !r.isPro && !r.isVip && !r.force2fa && !r.isFraud && '—'}
                </td>
                <td>{r.currency}</td>
                <td>{r.paymentInterval[0]!.toUpperCase() + r.paymentInterval.slice(1)}</td>
                <td>{r.integrationType ?? 'None'}</td>
                <td>
                  {r.badges.length === 0 && r.betas.length === 0 && '—'}
                  {r.badges.map((b) => (
                    <span key={b.code} className="business__tag">
                      {b.code}
                      {b.unlocked ? ' ✓' : ''}
                    </span>
                  ))}
                  {r.betas.map((b) => (
                    <span key={b} className="business__tag business__tag--industries">
                      {b}
                    </span>
                  ))}
                </td>
                <EditCell label={`Edit settings of ${r.name}`} onEdit={() => setEditing(r)} />
              </tr>
            )}
          />
        )}
        <Pager shown={shown} label={`Pages of ${noun}`} onPage={(page) => setFilters((f) => ({ ...f, page }))} />
      </section>
      {editing && (
        <ProjectDialog
          project={editing}
          onClose={(changed) => {
            if (changed) {
              snackbar.push({ code: `project-saved:${editing.id}`, text: `${editing.name} settings saved`, kind: 'success' });
              setReload((n) => n + 1);
            }
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}

export const ManufacturersScreen = () => <ProjectsScreen title="Manufacturers" />;
export const ProjectsListScreen = () => <ProjectsScreen title="Projects" />;
