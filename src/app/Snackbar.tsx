import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { createSnackbarQueue, messageForStatus } from '../core/snackbar';
import { asApiError } from '../lib/api';
import './snackbar.css';

/** The app's one snackbar queue: every transient message goes through it. */
export const snackbar = createSnackbarQueue();

/** Queues the §8 message for a failed call (routing by status); the code keeps repeats of one failure out. */
export function snackError(error: unknown, code = 'api-error') {
  const failure = asApiError(error);
  const text = messageForStatus(failure.status, { message: failure.message, errors: failure.errors });
  snackbar.push({ code: `${code}:${text}`, text, kind: 'error' });
}

/** Draws the message shown now, in the global overlay area (§2.1). */
export function SnackbarHost() {
  const { shown } = useSyncExternalStore(snackbar.subscribe, snackbar.get, snackbar.get);
  return (
    <div className="snackbar-area" role="status" aria-live="polite">
      {shown && (
        <div className={`snackbar snackbar--${shown.kind}`}>
          <span>
            {shown.text}
            {shown.link && (
              <>
                {' '}
                <Link className="snackbar__link" to={shown.link.href}>
                  {shown.link.text}
                </Link>
              </>
            )}
          </span>
          <button type="button" className="snackbar__close" onClick={snackbar.dismiss} aria-label="Dismiss">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
