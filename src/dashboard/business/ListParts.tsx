import type { ReactNode } from 'react';
import type { Page } from '../../core/businessAdmin';

/** Loading, error and empty states shared by the business lists (same look as the products table). */
export function ListStates({ shown, error, loadingText, emptyText, onRetry }: { shown: Page<unknown> | undefined; error?: string; loadingText: string; emptyText: ReactNode; onRetry: () => void }) {
  if (error)
    return (
      <div className="dash__empty" role="alert">
        <p>{error}</p>
        <button type="button" className="button button--quiet" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  if (!shown)
    return (
      <p className="dash__empty" role="status">
        {loadingText}
      </p>
    );
  if (shown.data.length === 0) return <div className="dash__empty">{emptyText}</div>;
  return null;
}

export function Pager({ shown, label, onPage }: { shown: Page<unknown> | undefined; label: string; onPage: (page: number) => void }) {
  if (!shown || shown.total === 0) return null;
  return (
    <nav className="dash__pager" aria-label={label}>
      <span>
        {(shown.page - 1) * shown.perPage + 1}–{Math.min(shown.total, shown.page * shown.perPage)} of {shown.total}
      </span>
      <button type="button" className="button button--quiet" disabled={shown.page <= 1} onClick={() => onPage(shown.page - 1)}>
        Previous
      </button>
      <button type="button" className="button button--quiet" disabled={shown.page >= shown.lastPage} onClick={() => onPage(shown.page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** A business list's table: scrolls sideways on narrow screens, busy while the next page loads; one row per item. */
export function ListTable<T>({ headings, rows, busy, row }: { headings: readonly string[]; rows: readonly T[]; busy: boolean; row: (item: T) => ReactNode }) {
  return (
    <div className="dash__scroll" aria-busy={busy}>
      <table className="dash__table">
        <thead>
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows.map(row)}</tbody>
      </table>
    </div>
  );
}

/** The first cell of a row: the item's name with its details in small type beneath. */
export function NameCell({ name, children }: { name: ReactNode; children?: ReactNode }) {
  return (
    <td>
      <span className="products__name">
        <span>
          {name}
          {children}
        </span>
      </span>
    </td>
  );
}

/** The last cell of a row: opens the item's dialog. */
export function EditCell({ label, onEdit }: { label: string; onEdit: () => void }) {
  return (
    <td>
      <button type="button" className="link-button" onClick={onEdit} aria-label={label}>
        Edit
      </button>
    </td>
  );
}
