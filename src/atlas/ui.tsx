import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { documentTitle } from '../core/routes';
import { useStore } from '../app/StoreContext';
import { errorText } from '../auth/form/serverErrors';

export type Load<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string };

const LOADING = { status: 'loading' } as const;

/**
 * Loads what `fetcher` answers (memoise it: a new fetcher loads again). `update` changes the loaded data in
 * place (after an action), `reload` asks again.
 */
export function useLoad<T>(fetcher: (signal: AbortSignal) => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ source: typeof fetcher; attempt: number; load: Load<T> } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetcher(controller.signal).then(
      (data) => !controller.signal.aborted && setResult({ source: fetcher, attempt, load: { status: 'ready', data } }),
      (error: unknown) => !controller.signal.aborted && setResult({ source: fetcher, attempt, load: { status: 'failed', message: errorText(error) } }),
    );
    return () => controller.abort();
  }, [fetcher, attempt]);
  const load: Load<T> = result && result.source === fetcher && result.attempt === attempt ? result.load : LOADING;
  const update = useCallback(
    (change: (data: T) => T) => setResult((r) => (r && r.load.status === 'ready' ? { ...r, load: { status: 'ready', data: change(r.load.data) } } : r)),
    [],
  );
  const reload = useCallback(() => setAttempt((a) => a + 1), []);
  return { load, update, reload };
}

/** One atlas screen: sets the document title and gives the heading, a toolbar and the live message area. */
export function AtlasPage({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const { state } = useStore();
  const company = state.company.name;
  useEffect(() => {
    document.title = documentTitle(`${title} · Atlas`, company);
  }, [title, company]);
  return (
    <section className="atlas-page" aria-labelledby="atlas-title">
      <header className="atlas-page__head">
        <div>
          <h1 id="atlas-title" className="atlas-page__title">
            {title}
          </h1>
          {intro && <div className="atlas-page__intro">{intro}</div>}
        </div>
        {actions && <div className="atlas-page__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

export function LoadingState({ label }: { label: string }) {
  return (
    <p className="atlas-state" role="status">
      <span className="pod-spinner" aria-hidden="true" /> {label}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="atlas-state atlas-state--empty">{children}</p>;
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="atlas-state atlas-state--error" role="alert">
      <p>{message}</p>
      <button type="button" className="pod-button pod-button--secondary atlas-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** The outcome of the last action, announced politely (empty keeps the region in place for screen readers). */
export type ActionMessage = { tone: 'success' | 'error'; text: string } | null;

/**
 * A staff action on the floor: one at a time (buttons disable while it runs), its outcome said in plain words,
 * and the screen's data reloaded after a success.
 */
export function useAction(reload: () => void) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ActionMessage>(null);
  /** Resolves true when the action succeeded. */
  const run = async (action: () => Promise<unknown>, success: string): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      setMessage({ tone: 'success', text: success });
      reload();
      return true;
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(error) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, message, setMessage, run };
}

export function LiveMessage({ message }: { message: ActionMessage }) {
  return (
    <div className={`atlas-live${message ? ` atlas-live--${message.tone}` : ''}`} role="status" aria-live="polite">
      {message?.text}
    </div>
  );
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moment as the staff member's local date and time, machine-readable in datetime. */
export function When({ at, fallback = '—' }: { at: string | null | undefined; fallback?: string }) {
  if (!at) return <>{fallback}</>;
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return <>{fallback}</>;
  return <time dateTime={date.toISOString()}>{dateTime.format(date)}</time>;
}

export function Badge({ tone, children }: { tone: 'pending' | 'good' | 'bad' | 'neutral' | 'warning'; children: ReactNode }) {
  return <span className={`atlas-badge atlas-badge--${tone}`}>{children}</span>;
}
