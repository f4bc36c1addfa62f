import { memo, useId, useMemo, useState } from 'react';
import { useDraggable } from '@dnd-kit/core';
import type { BlockMeta } from '../../core/schemas/types';
import { editorRegistry } from '../schemas';
import { useEditor, useEditorStore, type EditorStoreApi } from '../store';
import { announce } from '../canvas/announce';
import { afterSelection } from '../canvas/shortcuts';
import { blockTitle, focusBlock, type DragData } from '../canvas/EditorDnd';
import { Icon } from '../toolbar/icons';
import { BlockTypeIcon } from './blockIcons';
import './palette.css';

const CATEGORY_ORDER = ['layout', 'basic', 'media', 'commerce', 'marketing', 'mail'];
const CATEGORY_TITLES: Record<string, string> = { layout: 'Layout', basic: 'Basics', media: 'Media', commerce: 'Products', marketing: 'Marketing', mail: 'Mail' };

export interface PaletteEntry {
  type: string;
  meta: BlockMeta;
}

/**
 * Block types a page may use (§3 compatibility): mail pages take mail blocks, store pages storefront blocks.
 * Blocks the platform places itself (x-block.staffOnly) are offered to staff only.
 */
export function paletteEntries(isMailPage: boolean, staff = false): PaletteEntry[] {
  const registry = editorRegistry();
  const want = isMailPage ? 'mail' : 'storefront';
  return registry.blockTypes
    .map((type) => ({ type, meta: registry.blockMeta(type)! }))
    .filter((e) => e.meta && e.meta.compatibility.includes(want) && (staff || e.meta.staffOnly !== true));
}

export function groupEntries(entries: PaletteEntry[], query: string): [string, PaletteEntry[]][] {
  const q = query.trim().toLowerCase();
  const found = q
    ? entries.filter((e) => [e.meta.title, e.type, e.meta.category ?? '', e.meta.description ?? ''].some((s) => s.toLowerCase().includes(q)))
    : entries;
  const groups = new Map<string, PaletteEntry[]>();
  for (const entry of found) {
    const category = entry.meta.category ?? 'other';
    groups.set(category, [...(groups.get(category) ?? []), entry]);
  }
  const rank = (c: string) => (CATEGORY_ORDER.includes(c) ? CATEGORY_ORDER.indexOf(c) : CATEGORY_ORDER.length);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([c, list]) => [c, list.sort((a, b) => a.meta.title.localeCompare(b.meta.title))]);
}

/** Adds a block after the selected one (or at the end of the page) — Enter or a click on a palette item. */
export function insertFromPalette(editor: EditorStoreApi, type: string) {
  const store = editor.getState();
  for (const spot of afterSelection(editor)) {
    if (!store.canPlace(type, spot)) continue;
    const uid = store.insertBlock(type, spot);
    if (uid) {
      store.select(uid);
      announce(`${blockTitle(type)} added${spot.parentUid ? '' : ' to the page'}.`);
      focusBlock(uid, false);
      return uid;
    }
  }
  announce(`A ${blockTitle(type)} block can't be added here.`);
  return null;
}

/** The left column: every block type this page may use, by category, searchable, draggable onto the canvas. */
export function Palette({ storeIsPro, staff = false }: { storeIsPro: boolean; staff?: boolean }) {
  const isMail = useEditor((s) => s.page?.properties.isMailPage === true);
  const [query, setQuery] = useState('');
  const entries = useMemo(() => paletteEntries(isMail, staff), [isMail, staff]);
  const groups = useMemo(() => groupEntries(entries, query), [entries, query]);
  const hintId = useId();
  return (
    <aside className="ed-palette" aria-label="Blocks">
      <div className="ed-palette__head">
        <h2 className="ed-panel-title">Blocks</h2>
        <label className="ed-palette__search">
          <Icon name="search" size={16} />
          <span className="visually-hidden">Search blocks</span>
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search blocks" className="ed-palette__input" />
        </label>
        <p id={hintId} className="ed-palette__hint">
          Drag onto the page, or press Enter to add after the selected block.
        </p>
      </div>
      <div className="ed-palette__list">
        {groups.length === 0 && <p className="ed-palette__none">No blocks match “{query}”.</p>}
        {groups.map(([category, list]) => (
          <section key={category} className="ed-palette__group" aria-labelledby={`${hintId}-${category}`}>
            <h3 className="ed-palette__category" id={`${hintId}-${category}`}>
              {CATEGORY_TITLES[category] ?? category.charAt(0).toUpperCase() + category.slice(1)}
            </h3>
            <ul className="ed-palette__items">
              {list.map((entry) => (
                <PaletteItem key={entry.type} entry={entry} locked={entry.meta.pro === true && !storeIsPro} hintId={hintId} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </aside>
  );
}

const PaletteItem = memo(function PaletteItem({ entry, locked, hintId }: { entry: PaletteEntry; locked: boolean; hintId: string }) {
  const editor = useEditorStore();
  const data: DragData = { kind: 'palette', type: entry.type };
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({ id: `palette:${entry.type}`, data });
  return (
    <li>
      <button
        ref={setNodeRef}
        type="button"
        className={`ed-palette__item${isDragging ? ' ed-palette__item--dragging' : ''}`}
        {...attributes}
        {...listeners}
        aria-describedby={`${hintId} ${attributes['aria-describedby']}`}
        data-block-type={entry.type}
        title={entry.meta.description}
        onClick={() => insertFromPalette(editor, entry.type)}
      >
        <span className="ed-palette__icon" aria-hidden="true">
          <BlockTypeIcon name={entry.meta.icon} />
        </span>
        <span className="ed-palette__title">{entry.meta.title}</span>
        {entry.meta.pro && <span className={`ed-palette__pro${locked ? ' ed-palette__pro--locked' : ''}`}>{locked ? 'Pro only' : 'Pro'}</span>}
      </button>
    </li>
  );
});
