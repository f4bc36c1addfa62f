import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { errorText } from '../auth/form/serverErrors';

/**
 * A dashboard edit dialog on the native <dialog>: opens as a modal at once, Escape or Cancel close it unchanged,
 * the server's error shows above the buttons, and `actions` follow Cancel.
 */
export function FormDialog({ heading, error, onClose, actions, children }: { heading: ReactNode; error: string | null; onClose: (changed: boolean) => void; actions: ReactNode; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="dash__dialog" aria-labelledby={titleId} onCancel={() => onClose(false)}>
      <h2 id={titleId}>{heading}</h2>
      {children}
      {error && (
        <p role="alert" className="dash__error">
          {error}
        </p>
      )}
      <div className="dash__dialog-actions">
        <button type="button" className="button button--quiet" onClick={() => onClose(false)}>
          Cancel
        </button>
        {actions}
      </div>
    </dialog>
  );
}

/** A dialog's save: busy while it runs, closes with `changed` on success, stays open with the error on failure. */
export function useDialogSave(onClose: (changed: boolean) => void) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      onClose(true);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}
