import './notifications.css';
import { useServiceWorkerUpdate } from '../serviceWorker';

/** §4: a new build is installed and waiting; the visitor confirms and the app reloads onto it. */
export function UpdatePrompt() {
  const { state, confirm } = useServiceWorkerUpdate();
  if (state === 'idle') return null;
  return (
    <div className="update-prompt" role="status">
      <span>{state === 'updating' ? 'Updating…' : 'A new version of this site is ready.'}</span>
      {state === 'waiting' && (
        <button type="button" className="pod-button pod-button--primary update-prompt__button" onClick={confirm}>
          Update now
        </button>
      )}
    </div>
  );
}
