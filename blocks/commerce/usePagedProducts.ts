import { useCallback, useEffect, useState } from 'react';
import { api } from '../../src/lib/api';
import type { Paginated, ProductSummary } from './catalogueApi';
import { isNotFound } from './useApiData';

interface PagedState {
  path: (page: number) => string;
  key: string;
  page: number;
  items: ProductSummary[];
  total: number;
  status: 'loading' | 'ready' | 'error';
}

/**
 * Products page by page for "load more": pages are appended; a new query (key) starts again from page 1.
 * A 404 (the collection is gone) reads as no products.
 */
export function usePagedProducts(key: string, path: (page: number) => string) {
  const [state, setState] = useState<PagedState>({ path, key, page: 1, items: [], total: 0, status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Reset during render when the query changes, so stale products never show under a new filter.
  if (state.key !== key) setState({ path, key, page: 1, items: [], total: 0, status: 'loading' });

  const { page } = state;
  const current = state.key === key;
  useEffect(() => {
    if (!current) return;
    const controller = new AbortController();
    api<Paginated<ProductSummary>>(state.path(page), { signal: controller.signal }).then(
      (res) =>
        setState((s) => (s.key !== key || s.page !== page ? s : { ...s, items: page === 1 ? res.data : [...s.items, ...res.data], total: res.total, status: 'ready' })),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((s) => (s.key !== key ? s : { ...s, status: isNotFound(error) ? 'ready' : 'error' }));
      },
    );
    return () => controller.abort();
    // state.path is captured with the key, so it changes exactly when key does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, page, attempt, current]);

  const hasMore = state.status === 'ready' && state.items.length < state.total;
  const loadMore = useCallback(() => setState((s) => (s.status === 'ready' && s.items.length < s.total ? { ...s, page: s.page + 1, status: 'loading' } : s)), []);
  const retry = useCallback(() => {
    setState((s) => ({ ...s, status: 'loading' }));
    setAttempt((n) => n + 1);
  }, []);
  return { items: state.items, total: state.total, status: state.status, hasMore, loadMore, retry };
}
