import { useEffect, useState } from 'react';
import { describeRevision, summariseRevision } from '../../core/blocks/revisionDiff';
import { errorText } from '../../auth/form/serverErrors';
import { PageRenderer } from '../../renderer/PageRenderer';
import { announce } from '../canvas/announce';
import { hasUnsavedChanges, useEditor, useEditorStore } from '../store';
import { Dialog } from '../toolbar/Dialog';
import { fetchRevision, fetchRevisions, restoreRevision, when, type RevisionDocument, type RevisionEntry } from './api';
import './history.css';

type Loaded<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; value: T };


/**
 * Every saved version of the page: who saved it, when and what changed; a version is drawn beside the page as it
 * is now, and restoring it saves it as the newest version (so a restore can itself be undone by another).
 */
export function HistoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const editor = useEditorStore();
  const divisionId = useEditor((s) => s.divisionId);
  const pageId = useEditor((s) => s.page?.id ?? null);
  const [list, setList] = useState<Loaded<RevisionEntry[]>>({ status: 'loading' });
  const [chosen, setChosen] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open || divisionId === null || pageId === null) return;
    let live = true;
    fetchRevisions(divisionId, pageId).then(
      (value) => {
        if (!live) return;
        setList({ status: 'ready', value });
        // The version before the one saved now is what an owner usually wants to look at.
        setChosen((c) => c ?? value[1]?.version ?? value[0]?.version ?? null);
      },
      (error: unknown) => live && setList({ status: 'failed', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [open, divisionId, pageId, attempt]);

  const close = () => {
    setChosen(null);
    onClose();
  };

  return (
    <Dialog open={open} title="Page history" onClose={close} wide actions={<button type="button" className="ed-button" onClick={close}>Close</button>}>
      {list.status === 'loading' && (
        <p className="ed-loading" role="status">
          <span className="pod-spinner" aria-hidden="true" /> Loading saved versions…
        </p>
      )}
      {list.status === 'failed' && (
        <div role="alert" className="hist-message">
          <p>{list.message}</p>
          <button
            type="button"
            className="ed-button"
            onClick={() => {
              setList({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </div>
      )}
      {list.status === 'ready' &&
        (list.value.length === 0 ? (
          <p className="hist-message">No saved versions yet: each Save keeps one.</p>
        ) : (
          <div className="hist">
            <ol className="hist-list" aria-label="Saved versions">
              {list.value.map((entry, index) => (
                <li key={entry.version}>
                  <button type="button" className="hist-entry" aria-pressed={chosen === entry.version} onClick={() => setChosen(entry.version)}>
                    <span className="hist-entry__title">
                      Version {entry.version}
                      {index === 0 && <span className="hist-badge">Saved now</span>}
                    </span>
                    <span className="hist-entry__meta">
                      {when(entry.createdAt)} · {entry.author}
                    </span>
                    <span className="hist-entry__summary">{describeRevision(entry.summary)}</span>
                  </button>
                </li>
              ))}
            </ol>
            {chosen !== null && divisionId !== null && pageId !== null && (
              <Compare key={chosen} divisionId={divisionId} pageId={pageId} version={chosen} latest={list.value[0]!.version} onRestored={close} editor={editor} />
            )}
          </div>
        ))}
    </Dialog>
  );
}

function Compare({
  divisionId,
  pageId,
  version,
  latest,
  onRestored,
  editor,
}: {
  divisionId: number;
  pageId: number;
  version: number;
  latest: number;
  onRestored: () => void;
  editor: ReturnType<typeof useEditorStore>;
}) {
  const now = useEditor((s) => s.page);
  const unsaved = useEditor(hasUnsavedChanges);
  const [revision, setRevision] = useState<Loaded<RevisionDocument>>({ status: 'loading' });
  const [restoring, setRestoring] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchRevision(divisionId, pageId, version).then(
      (r) => live && setRevision({ status: 'ready', value: r.document }),
      (e: unknown) => live && setRevision({ status: 'failed', message: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [divisionId, pageId, version]);

  const restore = async () => {
    setRestoring(true);
    setError(null);
    try {
      const page = await restoreRevision(divisionId, pageId, version, editor.getState().serverVersion);
      editor.getState().load(page, divisionId);
      announce(`Version ${version} restored: it is now version ${page.version}.`);
      onRestored();
    } catch (e) {
      setError(errorText(e));
      setRestoring(false);
    }
  };

  const difference = revision.status === 'ready' && now ? describeRevision(summariseRevision(revision.value, now)) : null;
  return (
    <section className="hist-compare" aria-label={`Version ${version} beside the page now`}>
      <div className="hist-compare__bar">
        <p className="hist-compare__diff" aria-live="polite">
          {difference === null ? '' : difference === 'No changes' ? 'Same as the page now.' : `The page now, compared with version ${version}: ${difference}.`}
        </p>
        {version !== latest || unsaved ? (
          <button type="button" className="ed-button ed-button--primary" disabled={restoring || revision.status !== 'ready'} onClick={() => void restore()}>
            {restoring ? 'Restoring…' : `Restore version ${version}`}
          </button>
        ) : null}
      </div>
      {unsaved && <p className="hist-note">Restoring replaces the changes you have not saved.</p>}
      {error && (
        <p className="hist-error" role="alert">
          {error}
        </p>
      )}
      <div className="hist-panes">
        <Pane title={`Version ${version}`}>
          {revision.status === 'loading' && <p className="ed-loading">Loading version {version}…</p>}
          {revision.status === 'failed' && <p role="alert">{revision.message}</p>}
          {revision.status === 'ready' && <Drawn blocks={revision.value.blocks} />}
        </Pane>
        <Pane title={unsaved ? 'Now (with unsaved changes)' : 'Now'}>{now && <Drawn blocks={now.blocks} />}</Pane>
      </div>
    </section>
  );
}

function Pane({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <figure className="hist-pane">
      <figcaption className="hist-pane__title">{title}</figcaption>
      <div className="hist-pane__view" inert>
        {children}
      </div>
    </figure>
  );
}

/** A version drawn by the storefront's renderer, scaled down, not interactive. */
function Drawn({ blocks }: { blocks: RevisionDocument['blocks'] }) {
  if (blocks.length === 0) return <p className="hist-message">No blocks.</p>;
  return (
    <div className="hist-drawn pod-canvas">
      <PageRenderer blocks={blocks} mode="preview" />
    </div>
  );
}
