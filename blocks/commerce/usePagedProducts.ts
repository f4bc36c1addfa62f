import { use, useCallback, useContext, useEffect, useState } from 'react';
import { api, answerData } from '../../src/lib/api';
import { peekPreloaded, type PreloadedAnswer } from '../../src/lib/preloaded';
import { ServerAnswersContext } from '../../src/lib/serverAnswers';
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
  const server = useContext(ServerAnswersContext);
  // The first page may have come with the HTML (server rendering): start from it instead of asking again.
  const [state, setState] = useState<PagedState>(() => firstPage(path, key, peekPreloaded(path(1))));
  const [attempt, setAttempt] = useState(0);
  // Reset during render when the query changes, so stale products never show under a new filter.
  if (state.key !== key) setState({ path, key, page: 1, items: [], total: 0, status: 'loading' });

  const { page } = state;
  const current = state.key === key;
  useEffect(() => {
    if (!current || (page === 1 && attempt === 0 && state.status !== 'loading')) return;
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
  if (server) {
    const rendered = firstPage(path, key, use(server.load(path(1))));
    return { items: rendered.items, total: rendered.total, status: rendered.status, hasMore: rendered.items.length < rendered.total, loadMore, retry };
  }
  return { items: state.items, total: state.total, status: state.status, hasMore, loadMore, retry };
}

/** Page 1 from an answer already at hand, or loading without one. */
function firstPage(path: (page: number) => string, key: string, answer: PreloadedAnswer | undefined): PagedState {
  const state: PagedState = { path, key, page: 1, items: [], total: 0, status: 'loading' };
  if (!answer) return state;
  try {
    const res = answerData<Paginated<ProductSummary>>(answer);
    return { ...state, items: res.data, total: res.total, status: 'ready' };
  } catch (error) {
    return { ...state, status: isNotFound(error) ? 'ready' : 'error' };
  }
}
