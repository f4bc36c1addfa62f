import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { hasUnsavedChanges, useEditor, useEditorStore, useCanRedo, useCanUndo, type Device } from '../store';
import { Icon } from './icons';
import { BREAKPOINT_LABELS, DEVICE_WIDTHS } from '../../core/blocks/responsive';
import { runSave } from './saveActions';
import { SetupNotice } from './SetupNotice';
import './toolbar.css';

// Page history loads when first opened (it draws two versions of the page).
const HistoryDialog = lazy(async () => ({ default: (await import('../history/HistoryDialog')).HistoryDialog }));

/** The canvas's devices, which are also the breakpoints the panel edits (src/core/blocks/responsive.ts). */
const DEVICES: { device: Device; label: string; detail: string }[] = [
  { device: 'desktop', label: BREAKPOINT_LABELS.desktop, detail: 'full width, 12 columns' },
  { device: 'tablet', label: BREAKPOINT_LABELS.tablet, detail: `${DEVICE_WIDTHS.tablet} px, 12 columns` },
  { device: 'phone', label: BREAKPOINT_LABELS.phone, detail: `${DEVICE_WIDTHS.phone} px, 6 columns` },
];

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl+';

/** The top bar: back to the pages, the page's title and address, device, undo/redo, save state and Save. */
export function Toolbar({ pagesHref }: { pagesHref: string }) {
  const editor = useEditorStore();
  const title = useEditor((s) => String(s.page?.properties.title ?? ''));
  const url = useEditor((s) => s.page?.url ?? '');
  const device = useEditor((s) => s.device);
  const canUndo = useCanUndo();
  const canRedo = useCanRedo();
  const saving = useEditor((s) => s.saving);
  const [history, setHistory] = useState(false);
  return (
    <header className="ed-toolbar">
      <div className="ed-toolbar__start">
        <Link to={pagesHref} className="ed-button ed-button--ghost">
          <Icon name="back" size={16} /> Pages
        </Link>
        <div className="ed-toolbar__page">
          <h1 className="ed-toolbar__title">{title || 'Untitled page'}</h1>
          <a className="ed-toolbar__url" href={url} target="_blank" rel="noreferrer">
            {url} <Icon name="external" size={12} />
            <span className="visually-hidden">(opens the public page in a new tab)</span>
          </a>
        </div>
      </div>
      <div className="ed-toolbar__devices" role="group" aria-label="Preview width">
        {DEVICES.map((d) => (
          <button
            key={d.device}
            type="button"
            className={`ed-button ed-button--icon${device === d.device ? ' ed-button--on' : ''}`}
            aria-pressed={device === d.device}
            aria-label={`${d.label} (${d.detail})`}
            title={`${d.label}: ${d.detail}`}
            onClick={() => editor.getState().setDevice(d.device)}
          >
            <Icon name={d.device} />
          </button>
        ))}
      </div>
      <div className="ed-toolbar__end">
        <button type="button" className="ed-button ed-button--icon" disabled={!canUndo} onClick={() => editor.getState().undo()} aria-label="Undo" title={`Undo (${mod}Z)`} aria-keyshortcuts="Control+Z Meta+Z">
          <Icon name="undo" />
        </button>
        <button
          type="button"
          className="ed-button ed-button--icon"
          disabled={!canRedo}
          onClick={() => editor.getState().redo()}
          aria-label="Redo"
          title={`Redo (${mod}Shift+Z)`}
          aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z"
        >
          <Icon name="redo" />
        </button>
        <button type="button" className="ed-button ed-button--icon" onClick={() => setHistory(true)} aria-label="Page history" title="Page history: saved versions">
          <Icon name="history" />
        </button>
        <SaveStatus />
        <button type="button" className="ed-button ed-button--primary" onClick={() => void runSave(editor)} disabled={saving} aria-keyshortcuts="Control+S Meta+S" title={`Save (${mod}S)`}>
          Save
        </button>
      </div>
      <SetupNotice />
      {history && (
        <Suspense fallback={null}>
          <HistoryDialog open onClose={() => setHistory(false)} />
        </Suspense>
      )}
    </header>
  );
}

/** §4 isSaving (held 500 ms after the save settles), then saved / unsaved changes (page or theme); fixed width, so no jumps. */
function SaveStatus() {
  const saving = useEditor((s) => s.saving);
  const dirty = useEditor(hasUnsavedChanges);
  const conflict = useEditor((s) => s.conflict !== null);
  const failed = useEditor((s) => s.saveMessage !== null);
  const [text, tone] = saving
    ? ['Saving…', 'busy']
    : conflict
      ? ['Not saved: conflict', 'error']
      : failed && dirty
        ? ['Not saved', 'error']
        : dirty
          ? ['Unsaved changes', 'dirty']
          : ['Saved', 'ok'];
  return (
    <span className={`ed-save-status ed-save-status--${tone}`} data-testid="save-status">
      {saving ? <span className="pod-spinner" aria-hidden="true" /> : <span className="ed-save-status__dot" aria-hidden="true" />}
      {text}
    </span>
  );
}
