import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { BlockIcon } from './icons';
import './content.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal popup (§2.4 popups such as the remill return): drawn over the page in a portal so no block's
 * overflow or stacking clips it; focus moves in, Tab stays inside, Escape or the backdrop closes it,
 * and focus returns to whatever opened it. A popup that is not `dismissible` (the loading overlay) keeps Tab
 * inside but has no close control: it goes when its work ends.
 */
export function Popup({
  title,
  onClose,
  children,
  className,
  returnFocusTo,
  dismissible = true,
  role = 'dialog',
  describedBy,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** The control that opened the popup (Safari does not focus buttons on click, so activeElement may not be it). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  dismissible?: boolean;
  /** alertdialog for a question that needs an answer (the confirm overlay). */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  const canClose = useRef(dismissible);
  useLayoutEffect(() => {
    close.current = onClose;
    canClose.current = dismissible;
  });

  useEffect(() => {
    const opener = returnFocusTo?.current ?? (document.activeElement as HTMLElement | null);
    const node = dialog.current;
    (node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>('input, textarea, select') ?? node?.querySelector<HTMLElement>(FOCUSABLE) ?? node)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (canClose.current) close.current();
        return;
      }
      if (event.key !== 'Tab' || !node) return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        // Nothing to move to (the loading overlay): focus stays on the dialog.
        event.preventDefault();
        return;
      }
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // The opener may be gone (replaced by a thank-you); focus then stays where the page puts it.
      if (opener?.isConnected) opener.focus();
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per opening

  return createPortal(
    <div className="content-popup" onMouseDown={(event) => dismissible && event.target === event.currentTarget && onClose()}>
      <div ref={dialog} className={`content-popup__dialog${className ? ` ${className}` : ''}`} role={role} aria-modal="true" aria-labelledby={titleId} aria-describedby={describedBy} tabIndex={-1}>
        <div className="content-popup__head">
          <h2 id={titleId} className="content-popup__title">
            {title}
          </h2>
          {dismissible && (
            <button type="button" className="content-popup__close" onClick={onClose} aria-label="Close">
              <BlockIcon name="close" />
            </button>
          )}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
