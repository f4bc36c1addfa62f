import { useState } from 'react';
import { useEditor, useEditorStore } from '../store';
import { announce } from '../canvas/announce';
import { Dialog } from './Dialog';

/**
 * 409 on save: someone else saved this page since it was opened. Nothing is lost silently — the owner chooses:
 * load their version (dropping these edits), or save these edits over theirs.
 */
export function ConflictDialog() {
  const editor = useEditorStore();
  const conflict = useEditor((s) => s.conflict);
  const [busy, setBusy] = useState<'reload' | 'overwrite' | null>(null);
  const reload = async () => {
    setBusy('reload');
    await editor.getState().reloadFromServer();
    setBusy(null);
    announce('Loaded the latest saved version.');
  };
  const overwrite = async () => {
    setBusy('overwrite');
    const outcome = await editor.getState().overwrite();
    setBusy(null);
    announce(outcome === 'saved' ? 'Your version was saved over theirs.' : 'Not saved.');
  };
  return (
    <Dialog
      open={conflict !== null}
      title="This page changed since you opened it"
      tone="warning"
      dismissable={false}
      onClose={() => undefined}
      actions={
        <>
          <button type="button" className="ed-button" onClick={() => void reload()} disabled={busy !== null}>
            {busy === 'reload' ? 'Loading…' : 'Reload their version'}
          </button>
          <button type="button" className="ed-button ed-button--primary" onClick={() => void overwrite()} disabled={busy !== null}>
            {busy === 'overwrite' ? 'Saving…' : 'Overwrite with mine'}
          </button>
        </>
      }
    >
      <p>{conflict?.message}</p>
      <p>
        <strong>Reload their version</strong> shows the page as it was last saved and drops your unsaved edits. <strong>Overwrite with mine</strong> saves your
        version and replaces theirs.
      </p>
    </Dialog>
  );
}
