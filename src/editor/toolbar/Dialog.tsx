import { useEffect, useId, useRef, type ReactNode } from 'react';
import './ui.css';

/**
 * A modal dialog on the native <dialog> element: focus moves inside and is trapped, Escape closes (unless
 * `dismissable` is false — a choice that must be made), and focus returns to the opener on close.
 */
export function Dialog({
  open,
  title,
  children,
  actions,
  onClose,
  dismissable = true,
  tone = 'default',
  wide = false,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose: () => void;
  dismissable?: boolean;
  tone?: 'default' | 'danger' | 'warning';
  /** Room for side-by-side content (page history). */
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`ed-dialog ed-dialog--${tone}${wide ? ' ed-dialog--wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissable) onClose();
      }}
    >
      {open && (
        <>
          <h2 id={titleId} className="ed-dialog__title">
            {title}
          </h2>
          <div className="ed-dialog__body">{children}</div>
          <div className="ed-dialog__actions">{actions}</div>
        </>
      )}
    </dialog>
  );
}
