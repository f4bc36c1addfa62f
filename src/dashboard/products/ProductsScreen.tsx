import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { createColumnHelper, rowSelectionFeature, rowSortingFeature, tableFeatures, useTable, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import { api } from '../../lib/api';
import { formatMoney } from '../../core/currency';
import { snackbar, snackError } from '../../app/Snackbar';
import { errorText } from '../../auth/form/serverErrors';
import { useEditorDivision } from '../../editor/pages/storeChoice';
import { APPROVAL_LABELS, type ImportReport, type ProductRow, type ProductTable } from '../../core/dashboardProducts';
import { DASHBOARD_PATHS, productsApi } from '../paths';
import { ApprovalDialog } from './ApprovalDialog';
import './products.css';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });
const column = createColumnHelper<typeof features, ProductRow>();
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

type Filters = { search: string; status: '' | 'enabled' | 'disabled'; approval: '' | 'pending' | 'approved' | 'denied'; page: number };

/** /dashboard/products/: the store's products as a server-paginated table with search, filters, bulk actions and CSV. */
export function ProductsScreen() {
  const choice = useEditorDivision();
  const divisionId = choice.status === 'ready' ? choice.divisionId : null;
  const staff = choice.status === 'ready' && choice.user.internal;
  const [filters, setFilters] = useState<Filters>({ search: '', status: '', approval: '', page: 1 });
  const [searchText, setSearchText] = useState('');
  const [sorting, setSorting] = useState<SortingState>([{ id: 'created', desc: true }]);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [state, setState] = useState<{ key: string; data?: ProductTable; error?: string } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string; report?: ImportReport } | null>(null);
  const [reviewing, setReviewing] = useState<ProductRow | null>(null);
  const [reload, setReload] = useState(0);
  const importInput = useRef<HTMLInputElement>(null);

  // Typing waits a moment before asking the server.
  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => (f.search === searchText.trim() ? f : { ...f, search: searchText.trim(), page: 1 })), 250);
    return () => clearTimeout(timer);
  }, [searchText]);

  const sort = sorting[0];
  const query = useMemo(() => {
    const p = new URLSearchParams({ page: String(filters.page), sort: sort?.id ?? 'created', dir: sort?.desc === false ? 'asc' : 'desc' });
    if (filters.search) p.set('search', filters.search);
    if (filters.status) p.set('status', filters.status);
    if (filters.approval) p.set('approval', filters.approval);
    return p.toString();
  }, [filters, sort]);
  const key = `${divisionId}:${query}:${reload}`;
  const load = useCallback((signal: AbortSignal) => api<ProductTable>(productsApi(divisionId ?? 0, `?${query}`), { signal }), [divisionId, query]);
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
  const shown = current?.data ?? state?.data;
  const money = (minor: number) => formatMoney(minor, shown?.currency ?? 'GBP');

  const columns = useMemo(
    () => column.columns([
      column.display({
        id: 'select',
        header: ({ table }) => (
          <input type="checkbox" aria-label="Select all products on this page" checked={table.getIsAllPageRowsSelected()} onChange={table.getToggleAllPageRowsSelectedHandler()} />
        ),
        cell: ({ row }) => <input type="checkbox" aria-label={`Select ${row.original.name}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />,
      }),
      column.accessor('name', {
        id: 'name',
        header: 'Product',
        cell: ({ row }) => (
          <span className="products__name">
            {row.original.image ? <img src={row.original.image} alt="" width={40} height={40} loading="lazy" /> : <span className="products__noimage" aria-hidden="true" />}
            <span>
              <a href={`/product/${row.original.urlName}/`}>{row.original.name}</a>
              <small>{row.original.sku}</small>
            </span>
          </span>
        ),
      }),
      column.accessor('enabled', {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        cell: ({ getValue }) => <span className={`pill ${getValue() ? 'pill--ok' : 'pill--off'}`}>{getValue() ? 'Active' : 'Disabled'}</span>,
      }),
      column.accessor('approvalStatus', {
        id: 'approval',
        header: 'Approval',
        enableSorting: false,
        cell: ({ row }) => (
          <span className="products__approval">
            <span className={`pill pill--${row.original.approvalStatus}`}>{APPROVAL_LABELS[row.original.approvalStatus]}</span>
            {row.original.denialReason && <small>{row.original.denialReason}</small>}
            {staff && (
              <button type="button" className="link-button" onClick={() => setReviewing(row.original)}>
                Review
              </button>
            )}
          </span>
        ),
      }),
      column.accessor('price', {
        id: 'price',
        header: 'Price',
        cell: ({ row }) =>
          row.original.salePrice !== null && row.original.salePrice < row.original.price ? (
            <span>
              {money(row.original.salePrice)} <s>{money(row.original.price)}</s>
            </span>
          ) : (
            money(row.original.price)
          ),
      }),
      column.accessor('stock', { id: 'stock', header: 'Stock', cell: ({ row }) => `${row.original.stock} in ${row.original.colours} ${row.original.colours === 1 ? 'colour' : 'colours'}` }),
      column.accessor('createdAt', { id: 'created', header: 'Added', cell: ({ getValue }) => day.format(new Date(getValue())) }),
    ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [staff, shown?.currency],
  );

  const table = useTable<typeof features, ProductRow>({
    features,
    columns,
    data: shown?.data ?? [],
    getRowId: (row) => String(row.id),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting, rowSelection },
    onSortingChange: (updater) => {
      setSorting(updater);
      setFilters((f) => ({ ...f, page: 1 }));
    },
    onRowSelectionChange: setRowSelection,
  });

  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id]).map(Number);
  const bulk = async (enabled: boolean) => {
    if (divisionId === null) return;
    try {
      const { changed } = await api<{ changed: number }>(productsApi(divisionId, 'bulk/'), { method: 'POST', body: { ids: selectedIds, enabled } });
      const text = `${changed} ${changed === 1 ? 'product' : 'products'} ${enabled ? 'enabled' : 'disabled'}`;
      snackbar.push({ code: `products-bulk:${text}`, text, kind: 'success' });
      setRowSelection({});
      setReload((n) => n + 1);
    } catch (error) {
      snackError(error, 'products-bulk');
    }
  };
  const importFile = async (file: File) => {
    if (divisionId === null) return;
    try {
      const report = await api<ImportReport>(productsApi(divisionId, 'import/'), { method: 'POST', body: { csv: await file.text() } });
      const text = `Import finished: ${report.updated} updated, ${report.unchanged} unchanged, ${report.errors.length} with errors`;
      setNotice({ tone: report.errors.length > 0 ? 'error' : 'ok', text, report });
      setReload((n) => n + 1);
    } catch (error) {
      setNotice({ tone: 'error', text: errorText(error) });
    }
  };

  const filtered = filters.search !== '' || filters.status !== '' || filters.approval !== '';
  return (
    <div className="dash">
      <header className="dash__head">
        <div>
          <p className="dash__crumbs">
            <Link to="/dashboard/">Dashboard</Link> / Products
          </p>
          <h1>Products</h1>
        </div>
        <div className="dash__actions">
          {divisionId !== null && (
            <a className="button button--quiet" href={productsApi(divisionId, 'export.csv')} download="products.csv">
              Export CSV
            </a>
          )}
          <button type="button" className="button button--quiet" onClick={() => importInput.current?.click()}>
            Import CSV
          </button>
          <input
            ref={importInput}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label="CSV file to import"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
          <Link className="button button--primary" to={`${DASHBOARD_PATHS.newProduct}${divisionId !== null ? `?store=${divisionId}` : ''}`}>
            Add product
          </Link>
        </div>
      </header>
      {choice.status === 'none' && <p className="dash__empty">You have no store yet.</p>}
      {notice && (
        <div className={`dash__notice dash__notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          <p>{notice.text}</p>
          {notice.report && notice.report.errors.length > 0 && (
            <table className="dash__report" aria-label="Import errors">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {notice.report.errors.map((e) => (
                  <tr key={`${e.row}:${e.message}`}>
                    <td>{e.row}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <button type="button" className="link-button" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}
      <section className="dash__card">
        <div className="dash__toolbar">
          <input type="search" placeholder="Search by name or SKU" aria-label="Search products" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
          <select aria-label="Status" value={filters.status} onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as Filters['status'], page: 1 }))}>
            <option value="">Any status</option>
            <option value="enabled">Active</option>
            <option value="disabled">Disabled</option>
          </select>
          <select aria-label="Approval" value={filters.approval} onChange={(e) => setFilters((f) => ({ ...f, approval: e.target.value as Filters['approval'], page: 1 }))}>
            <option value="">Any approval</option>
            <option value="pending">{APPROVAL_LABELS.pending}</option>
            <option value="approved">{APPROVAL_LABELS.approved}</option>
            <option value="denied">{APPROVAL_LABELS.denied}</option>
          </select>
        </div>
        {selectedIds.length > 0 && (
          <div className="dash__bulk" role="region" aria-label="Bulk actions">
            <span>{selectedIds.length} selected</span>
            <button type="button" className="button button--quiet" onClick={() => void bulk(true)}>
              Enable
            </button>
            <button type="button" className="button button--quiet" onClick={() => void bulk(false)}>
              Disable
            </button>
          </div>
        )}
        {current?.error && (
          <div className="dash__empty" role="alert">
            <p>{current.error}</p>
            <button type="button" className="button button--quiet" onClick={() => setReload((n) => n + 1)}>
              Try again
            </button>
          </div>
        )}
        {!shown && !current?.error && choice.status !== 'none' && (
          <p className="dash__empty" role="status">
            Loading products…
          </p>
        )}
        {shown && shown.data.length === 0 && !current?.error && (
          <div className="dash__empty">
            <p>{filtered ? 'No products match these filters.' : 'No products yet. Upload artwork to make your first one.'}</p>
            {!filtered && (
              <Link className="button button--primary" to={`${DASHBOARD_PATHS.newProduct}?store=${divisionId}`}>
                Add product
              </Link>
            )}
          </div>
        )}
        {shown && shown.data.length > 0 && (
          <div className="dash__scroll" aria-busy={!current}>
            <table className="dash__table">
              <thead>
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => {
                      const sorted = header.column.getIsSorted();
                      const canSort = header.column.getCanSort() && header.column.id !== 'select';
                      return (
                        <th key={header.id} scope="col" className={`col-${header.column.id}`} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                          {canSort ? (
                            <button type="button" className="dash__sort" onClick={header.column.getToggleSortingHandler()}>
                              <table.FlexRender header={header} />
                              <span aria-hidden="true">{sorted === 'asc' ? ' ↑' : sorted === 'desc' ? ' ↓' : ''}</span>
                            </button>
                          ) : (
                            <table.FlexRender header={header} />
                          )}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr key={row.id} className={row.getIsSelected() ? 'is-selected' : undefined}>
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className={`col-${cell.column.id}`}>
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {shown && shown.total > 0 && (
          <nav className="dash__pager" aria-label="Pages of products">
            <span>
              {(shown.page - 1) * shown.perPage + 1}–{Math.min(shown.total, shown.page * shown.perPage)} of {shown.total}
            </span>
            <button type="button" className="button button--quiet" disabled={shown.page <= 1} onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}>
              Previous
            </button>
            <button type="button" className="button button--quiet" disabled={shown.page >= shown.lastPage} onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}>
              Next
            </button>
          </nav>
        )}
      </section>
      {reviewing && (
        <ApprovalDialog
          product={reviewing}
          onClose={(changed) => {
            setReviewing(null);
            if (changed) setReload((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}
