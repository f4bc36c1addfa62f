import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';

export interface PickerOption {
  value: string;
  label: string;
  hint?: string;
  image?: string | null;
}

/**
 * A searchable option list in a popover: the shared body of the product, collection and link pickers.
 * Keyboard: the search box takes focus; ArrowDown moves into the list, Enter picks, Escape closes.
 */
export function PickerList({ options, status, onPick, onClose, label, empty = 'Nothing to choose yet', selected }: {
  options: PickerOption[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  onPick: (option: PickerOption) => void;
  onClose: () => void;
  label: string;
  empty?: string;
  selected?: string;
}) {
  const [query, setQuery] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const searchId = useId();
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => o.label.toLowerCase().includes(q) || o.value.toLowerCase().includes(q)) : options;
  }, [options, query]);
  const key = (e: React.KeyboardEvent<HTMLElement>, option?: PickerOption) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      const next = option ? (e.currentTarget as HTMLElement).nextElementSibling : list.current?.firstElementChild;
      (next as HTMLElement | null)?.focus();
    } else if (e.key === 'ArrowUp' && option) {
      e.preventDefault();
      (((e.currentTarget as HTMLElement).previousElementSibling as HTMLElement | null) ?? document.getElementById(searchId))?.focus();
    } else if ((e.key === 'Enter' || e.key === ' ') && option) {
      e.preventDefault();
      onPick(option);
    }
  };
  return (
    <div className="panel-picker">
      <input
        id={searchId}
        className="panel-input"
        type="search"
        placeholder="Search"
        aria-label={`Search ${label}`}
        value={query}
        autoFocus
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => key(e)}
      />
      {status === 'loading' && <p className="panel-picker__status">Loading…</p>}
      {status === 'error' && <p className="panel-picker__status" role="alert">Oops... looks like something went wrong. Please try again.</p>}
      {status === 'ready' && shown.length === 0 && <p className="panel-picker__status">{query ? 'No matches' : empty}</p>}
      <ul ref={list} role="listbox" aria-label={label} className="panel-picker__list">
        {shown.map((option) => (
          <li
            key={option.value}
            role="option"
            aria-selected={option.value === selected}
            tabIndex={-1}
            className="panel-picker__option"
            onClick={() => onPick(option)}
            onKeyDown={(e) => key(e, option)}
          >
            {option.image !== undefined && <span className="panel-picker__thumb">{option.image ? <img src={option.image} alt="" loading="lazy" /> : null}</span>}
            <span className="panel-picker__label">{option.label}</span>
            {option.hint && <span className="panel-picker__hint">{option.hint}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A popover anchored under its trigger; closes on outside click. */
export function Popover({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => ref.current && !ref.current.parentElement?.contains(e.target as Node) && onClose();
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div ref={ref} className="panel-popover" role="dialog">
      {children}
    </div>
  );
}
