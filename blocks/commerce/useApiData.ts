import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '../../src/lib/api';

export type ApiState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'ready'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: ApiError | Error };

type Settled<T> = { key: string; data?: T; error?: Error };

/**
 * GETs a path and tracks loading, data and error; a changed path (or retry) fetches again and a
 * response for an older path is dropped. A null path waits (e.g. until there is something to ask for).
 */
export function useApiData<T>(path: string | null): ApiState<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const key = path === null ? null : `${attempt} ${path}`;
  // Only settled answers are stored; "loading" is simply "no answer for the current key yet".
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  useEffect(() => {
    if (path === null || key === null) return;
    const controller = new AbortController();
    api<T>(path, { signal: controller.signal }).then(
      (data) => setSettled({ key, data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [path, key]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (!settled || settled.key !== key) return { status: 'loading', data: undefined, error: undefined, retry };
  if (settled.error) return { status: 'error', data: undefined, error: settled.error, retry };
  return { status: 'ready', data: settled.data as T, error: undefined, retry };
}

/** A 404 for a collection or product the block names means "nothing to show", not a failure. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
