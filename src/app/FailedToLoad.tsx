import './failedToLoad.css';

/** §2.4 failed-to-load screen, shown 1 s after the store data could not be loaded. */
export const FAILED_TO_LOAD = { title: 'Oops...', subtitle: 'Looks like something went wrong', action: 'Reload' } as const;
export const FAILURE_SCREEN_DELAY_MS = 1000;

export function FailedToLoad() {
  return (
    <main className="failed-to-load" role="alert">
      <h1>{FAILED_TO_LOAD.title}</h1>
      <p>{FAILED_TO_LOAD.subtitle}</p>
      <button type="button" className="pod-button pod-button--primary" onClick={() => window.location.reload()}>
        {FAILED_TO_LOAD.action}
      </button>
    </main>
  );
}
