import { use, useCallback, useContext, useEffect, useState } from 'react';
import { api, ApiError, answerData } from '../../src/lib/api';
import { peekPreloaded, type PreloadedAnswer } from '../../src/lib/preloaded';
import { ServerAnswersContext } from '../../src/lib/serverAnswers';

export type ApiState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'ready'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: ApiError | Error };

type Settled<T> = { key: string; data?: T; error?: Error };

function settledOf<T>(key: string, answer: PreloadedAnswer): Settled<T> {
  try {
    return { key, data: answerData<T>(answer) };
  } catch (error) {
    return { key, error: error as Error };
  }
}

/**
 * GETs a path and tracks loading, data and error; a changed path (or retry) fetches again and a
 * response for an older path is dropped. A null path waits (e.g. until there is something to ask for).
 * Server rendering waits for the answer; the hydrating page starts from the answer the server sent along.
 */
export function useApiData<T>(path: string | null): ApiState<T> & { retry: () => void } {
  const server = useContext(ServerAnswersContext);
  const [attempt, setAttempt] = useState(0);
  const key = path === null ? null : `${attempt} ${path}`;
  // Only settled answers are stored; "loading" is simply "no answer for the current key yet".
  // Kept in state so the first answer survives the shopper moving on (when the sent answers are dropped).
  const [settled, setSettled] = useState<Settled<T> | null>(() => {
    const preloaded = path === null ? undefined : peekPreloaded(path);
    return preloaded ? settledOf<T>(`0 ${path}`, preloaded) : null;
  });
  useEffect(() => {
    if (path === null || key === null) return;
    // What the server sent along is read during render below, not asked for again.
    if (attempt === 0 && peekPreloaded(path)) return;
    const controller = new AbortController();
    api<T>(path, { signal: controller.signal }).then(
      (data) => setSettled({ key, data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [path, key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  let current = settled;
  if (server && path !== null && key !== null) current = settledOf<T>(key, use(server.load(path)));
  else if (path !== null && key !== null && current?.key !== key && attempt === 0) {
    const preloaded = peekPreloaded(path);
    if (preloaded) current = settledOf<T>(key, preloaded);
  }
  if (!current || current.key !== key) return { status: 'loading', data: undefined, error: undefined, retry };
  if (current.error) return { status: 'error', data: undefined, error: current.error, retry };
  return { status: 'ready', data: current.data as T, error: undefined, retry };
}

/** A 404 for a collection or product the block names means "nothing to show", not a failure. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
