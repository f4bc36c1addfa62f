import { useEffect, useRef } from 'react';
import { checkoutFieldId, checkoutFieldLabel } from './checkoutFields';

/**
 * After a refused submit: one box at the top of the form naming every field that needs attention, each a link that
 * moves the focus to its field. It takes the focus itself, so keyboard and screen reader users start from it.
 */
export function ErrorSummary({ errors }: { errors: Record<string, string[]> }) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors).filter(([, messages]) => messages.length > 0);
  useEffect(() => {
    if (Object.keys(errors).length > 0) ref.current?.focus();
  }, [errors]);
  if (entries.length === 0) return null;
  return (
    <div className="checkout-errors" role="alert" aria-labelledby="checkout-errors-title" tabIndex={-1} ref={ref}>
      <h2 id="checkout-errors-title">{entries.length === 1 ? 'Please check this field' : `Please check these ${entries.length} fields`}</h2>
      <ul>
        {entries.map(([key, messages]) => (
          <li key={key}>
            <a
              href={`#${checkoutFieldId(key)}`}
              onClick={(event) => {
                const field = document.getElementById(checkoutFieldId(key));
                if (!field) return;
                event.preventDefault();
                field.focus({ preventScroll: true });
                field.scrollIntoView({ block: 'center' });
              }}
            >
              {checkoutFieldLabel(key)}: {messages[0]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
