import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useBlocker, useParams } from 'react-router';
import { useStore } from '../app/StoreContext';
import { documentTitle } from '../core/routes';
import type { StoreCoreData } from '../core/storeData';
import { api, ApiError, GENERIC_ERROR } from '../lib/api';
import { EditorStoreProvider, hasUnsavedChanges, useEditor, useEditorStore, useUnsavedChangesPrompt } from './store';
import { fetchPage } from './save';
import { PagePanel, PropertyPanel } from './panels';
import { Canvas } from './canvas/Canvas';
import { EditorDnd, blockTitle } from './canvas/EditorDnd';
import { LiveRegion } from './canvas/announce';
import { useEditorShortcuts } from './canvas/shortcuts';
import { Palette } from './palette/Palette';
import { Toolbar } from './toolbar/Toolbar';
import { SaveProblems } from './toolbar/SaveProblems';
import { ConflictDialog } from './toolbar/ConflictDialog';
import { Dialog } from './toolbar/Dialog';
import { runSave } from './toolbar/saveActions';
import { useEditorDivision } from './pages/storeChoice';
import { EDITOR_PATHS } from './paths';
import { useEditorBridge } from './bridge';
import './toolbar/ui.css';
import './canvas/editor.css';

// The theme panel loads with its tab (the theme editor's forms are not needed to edit blocks).
const ThemePanel = lazy(async () => ({ default: (await import('./themes')).ThemePanel }));

/** Below this width the three columns do not fit: the builder says so instead of squeezing (pages still work). */
export const MIN_EDITOR_WIDTH = 960;
const WIDE_QUERY = `(min-width: ${MIN_EDITOR_WIDTH}px)`;

function useWideEnough(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(WIDE_QUERY);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(WIDE_QUERY).matches,
    () => true,
  );
}

type Loaded = { status: 'loading' } | { status: 'ready' } | { status: 'missing' } | { status: 'failed'; message: string };
type Keyed = Loaded & { key: string };

/** Whether the store may save Pro-only blocks (§6): from its core data (this site's, or fetched for another store). */
function useStoreIsPro(divisionId: number | null): boolean {
  const current = useStore();
  const here = divisionId === null || divisionId === current.state.subdomain.division.id;
  const [other, setOther] = useState<{ id: number; pro: boolean } | null>(null);
  useEffect(() => {
    if (here || divisionId === null) return;
    let live = true;
    api<StoreCoreData>(`/omnis/v3/frontend/${divisionId}/getStoreCoreData/json/`)
      .then((data) => live && setOther({ id: divisionId, pro: data.state.store.pro === true || data.state.subdomain.isPro === true }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [here, divisionId]);
  if (here) return current.state.store.pro === true || current.state.subdomain.isPro === true;
  return other?.id === divisionId ? other.pro : false;
}

/** /dashboard/pages/:pageId/edit — the page builder, with its own editor store for as long as it is open. */
export function EditorScreen() {
  return (
    <EditorStoreProvider>
      <EditorRoute />
    </EditorStoreProvider>
  );
}

function EditorRoute() {
  const editor = useEditorStore();
  const choice = useEditorDivision();
  const { pageId } = useParams();
  const wide = useWideEnough();
  const company = useStore().state.company.name;
  const divisionId = choice.status === 'ready' ? choice.divisionId : null;
  const key = `${divisionId}:${pageId}`;
  const validId = Number.isSafeInteger(Number(pageId)) && Number(pageId) > 0;
  const [result, setResult] = useState<Keyed>({ key: '', status: 'loading' });
  const loaded: Loaded = !validId ? { status: 'missing' } : result.key === key ? result : { status: 'loading' };
  const storeIsPro = useStoreIsPro(divisionId);
  const pagesHref = `${EDITOR_PATHS.pages}${divisionId && new URLSearchParams(window.location.search).has('store') ? `?store=${divisionId}` : ''}`;

  useEffect(() => {
    if (divisionId === null || !validId) return;
    const abort = new AbortController();
    const key = `${divisionId}:${pageId}`;
    fetchPage(divisionId, Number(pageId), abort.signal)
      .then((page) => {
        editor.getState().load(page, divisionId);
        setResult({ key, status: 'ready' });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setResult({ key, status: 'missing' });
        else setResult({ key, status: 'failed', message: error instanceof ApiError ? error.message : GENERIC_ERROR });
      });
    return () => abort.abort();
  }, [divisionId, pageId, validId, editor]);

  const title = useEditor((s) => (s.page ? String(s.page.properties.title ?? s.page.url) : ''));
  useEffect(() => {
    document.title = documentTitle(title ? `Editing ${title}` : 'Page builder', company);
  }, [title, company]);

  if (choice.status === 'none') return <EditorMessage title="No store to edit" text="Your account doesn't manage a store yet." pagesHref={EDITOR_PATHS.pages} />;
  if (loaded.status === 'missing') return <EditorMessage title="Page not found" text="This page doesn't exist in your store, or it was deleted." pagesHref={pagesHref} />;
  if (loaded.status === 'failed') return <EditorMessage title="The page didn't load" text={loaded.message} pagesHref={pagesHref} retry />;
  if (loaded.status === 'loading' || choice.status === 'loading')
    return (
      <div className="ed-root ed-root--message" aria-busy="true">
        <p className="ed-loading" role="status">
          <span className="pod-spinner" aria-hidden="true" /> Loading the page builder…
        </p>
      </div>
    );
  if (!wide)
    return (
      <EditorMessage
        title="Editing needs a wider screen"
        text={`The page builder needs a window at least ${MIN_EDITOR_WIDTH} px wide, with room for the blocks, the page and its settings. Open it on a computer or a larger tablet; you can still manage your pages from here.`}
        pagesHref={pagesHref}
      />
    );
  return <Editor pagesHref={pagesHref} storeIsPro={storeIsPro} staff={choice.status === 'ready' && choice.user.internal === true} />;
}

const NO_ORIGINS: readonly string[] = [];

function Editor({ pagesHref, storeIsPro, staff }: { pagesHref: string; storeIsPro: boolean; staff: boolean }) {
  const editor = useEditorStore();
  const save = useCallback(() => void runSave(editor), [editor]);
  useEditorShortcuts(save);
  // An outside editor that frames the builder drives it by postMessage, only from the store's configured origins.
  useEditorBridge(useStore().state.subdomain.editorOrigins ?? NO_ORIGINS);
  return (
    <div className="ed-root">
      <Toolbar pagesHref={pagesHref} />
      <SaveProblems />
      <EditorDnd>
        <div className="ed-body">
          <Palette storeIsPro={storeIsPro} staff={staff} />
          <main className="ed-main" aria-label="Page canvas">
            <Canvas />
          </main>
          <Inspector />
        </div>
      </EditorDnd>
      <LiveRegion />
      <UnsavedChangesPrompt />
      <ConflictDialog />
      <LeaveGuard />
    </div>
  );
}

/** The right column: the selected block's properties (or the page's when none is selected), and the theme. */
function Inspector() {
  const [tab, setTab] = useState<'properties' | 'theme'>('properties');
  const selected = useEditor((s) => s.selectedUid);
  const selectedType = useEditor((s) => (s.selectedUid && s.page ? findType(s.page.blocks, s.selectedUid) : null));
  const [shownFor, setShownFor] = useState(selected);
  if (shownFor !== selected) {
    // Selecting a block shows its properties (adjusting state while rendering, not in an effect).
    setShownFor(selected);
    if (selected) setTab('properties');
  }
  return (
    <aside className="ed-inspector" aria-label="Settings">
      <div className="ed-tabs" role="tablist" aria-label="Settings">
        <button type="button" role="tab" id="ed-tab-properties" aria-controls="ed-panel-properties" aria-selected={tab === 'properties'} className="ed-tab" onClick={() => setTab('properties')}>
          {selectedType ? blockTitle(selectedType) : 'Page'}
        </button>
        <button type="button" role="tab" id="ed-tab-theme" aria-controls="ed-panel-theme" aria-selected={tab === 'theme'} className="ed-tab" onClick={() => setTab('theme')}>
          Theme
        </button>
      </div>
      <div className="ed-inspector__body" role="tabpanel" id={`ed-panel-${tab}`} aria-labelledby={`ed-tab-${tab}`}>
        {tab === 'theme' ? (
          <Suspense fallback={<p className="ed-loading">Loading themes…</p>}>
            <ThemePanel />
          </Suspense>
        ) : selected ? (
          // Keyed by type: selecting another block of the same type refills the mounted form instead of building it.
          <PropertyPanel key={selectedType ?? selected} uid={selected} />
        ) : (
          <PagePanel />
        )}
      </div>
    </aside>
  );
}

function findType(blocks: readonly { uid: string; type: string; items: readonly unknown[] }[], uid: string): string | null {
  for (const block of blocks) {
    if (block.uid === uid) return block.type;
    const inner = block.items.length ? findType(block.items as typeof blocks, uid) : null;
    if (inner) return inner;
  }
  return null;
}

/** A leaf of its own: `dirty` flips on the first edit, and re-rendering the editor's root would redraw the canvas. */
function UnsavedChangesPrompt() {
  useUnsavedChangesPrompt();
  return null;
}

/** In-app navigation with unsaved changes asks first (closing the tab is the beforeunload prompt). */
function LeaveGuard() {
  const editor = useEditorStore();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasUnsavedChanges(editor.getState()) && currentLocation.pathname !== nextLocation.pathname);
  const [saving, setSaving] = useState(false);
  const open = blocker.state === 'blocked';
  return (
    <Dialog
      open={open}
      title="Leave without saving?"
      onClose={() => blocker.reset?.()}
      actions={
        <>
          <button type="button" className="ed-button" onClick={() => blocker.reset?.()}>
            Stay
          </button>
          <button type="button" className="ed-button ed-button--danger" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </button>
          <button
            type="button"
            className="ed-button ed-button--primary"
            disabled={saving}
            onClick={async () => {
              setSaving(true);
              const outcome = await runSave(editor);
              setSaving(false);
              if (outcome === 'saved') blocker.proceed?.();
              else blocker.reset?.();
            }}
          >
            {saving ? 'Saving…' : 'Save and leave'}
          </button>
        </>
      }
    >
      <p>This page or its theme has changes that aren't saved yet. If you leave now, they are lost.</p>
    </Dialog>
  );
}

function EditorMessage({ title, text, pagesHref, retry }: { title: string; text: string; pagesHref: string; retry?: boolean }) {
  return (
    <div className="ed-root ed-root--message">
      <div className="ed-message" role={retry ? 'alert' : undefined}>
        <h1 className="ed-message__title">{title}</h1>
        <p>{text}</p>
        <div className="ed-message__actions">
          <Link to={pagesHref} className="ed-button ed-button--primary">
            Back to pages
          </Link>
          {retry && (
            <button type="button" className="ed-button" onClick={() => window.location.reload()}>
              Try again
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
