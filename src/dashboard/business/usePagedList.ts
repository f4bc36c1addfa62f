import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { errorText } from '../../auth/form/serverErrors';
import type { Page } from '../../core/businessAdmin';

/** One server page of a dashboard list, reloaded when `url` or `reload` change; keeps the last page shown while loading. */
export function usePagedList<T>(url: string | null, reload: number) {
  const key = `${url}:${reload}`;
  const [state, setState] = useState<{ key: string; data?: Page<T>; error?: string } | null>(null);
  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    api<Page<T>>(url, { signal: controller.signal }).then(
      (data) => setState({ key, data }),
      (error: unknown) => !controller.signal.aborted && setState({ key, error: errorText(error) }),
    );
    return () => controller.abort();
  }, [url, key]);
  const current = state?.key === key ? state : null;
  return { current, shown: current?.data ?? state?.data, error: current?.error };
}

/** The text typed in a search box, handed on after a short pause. */
export function useDebounced(text: string, onSettle: (value: string) => void) {
  useEffect(() => {
    const timer = setTimeout(() => onSettle(text.trim()), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
}
