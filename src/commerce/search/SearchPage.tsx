import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useStore } from '../../app/StoreContext';
import { api } from '../../lib/api';
import { useKeepTypedText } from '../../lib/hydration';
import { findSearchRedirect, type SearchResults } from '../../core/search';
import type { ProductSummary } from '../../core/catalogue';
import { ProductCard, ProductGrid } from '../../../blocks/commerce/ProductCard';
import { EmptyState, ErrorState, LOAD_ERROR } from '../../../blocks/commerce/states';
import { collectionHref } from '../../../blocks/commerce/catalogueApi';
import { useCommerceHead } from '../head';
import '../commerce.css';

/** Results follow typing after this pause. */
export const SEARCH_DEBOUNCE_MS = 250;

type Settled = { key: string; results?: SearchResults<ProductSummary>; failed?: boolean };
type State = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; results: SearchResults<ProductSummary> } | { status: 'error' };

/** /search/ (search layout): results update as the shopper types; submitting follows a §5.2 search redirect. */
export function SearchPage() {
  const store = useStore();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [query, setQuery] = useState(text);
  const [settled, setSettled] = useState<Settled | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt} ${query}`;
  const state: State = !query
    ? { status: 'idle' }
    : settled?.key !== key
      ? { status: 'loading' }
      : settled.results
        ? { status: 'ready', results: settled.results }
        : { status: 'error' };
  useCommerceHead({ title: 'Search', noindex: true });
  // A term typed into the drawn page before the app took over is searched for once it has.
  const keepTyped = useKeepTypedText();
  // The pending "put the typed term in the address" step: a redirect cancels it, or it would land on the
  // destination's address while the destination is still loading (…/collection/x/?q=term).
  const pendingAddress = useRef<number | undefined>(undefined);
  const redirected = useRef(false);

  const redirect = (term: string) => {
    const hit = findSearchRedirect(term, store.state.subdomain.searchRedirects);
    if (!hit) return false;
    redirected.current = true;
    window.clearTimeout(pendingAddress.current);
    if (hit.internal) void navigate(hit.url);
    else window.location.assign(hit.url);
    return true;
  };

  // A link to /search/?q=term behaves like submitting the term.
  useEffect(() => {
    const initial = params.get('q');
    if (initial) redirect(initial);
    // only on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      // Once a redirect has sent the shopper on, the address is the destination's and stays as it is.
      if (redirected.current) return;
      setQuery(text.trim());
      setParams(text.trim() ? { q: text.trim() } : {}, { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
    pendingAddress.current = timer;
    return () => window.clearTimeout(timer);
    // setParams is stable enough for this; the pause restarts on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    api<SearchResults<ProductSummary>>(`/omnis/v3/search/?q=${encodeURIComponent(query)}`, { signal: controller.signal }).then(
      (results) => setSettled({ key, results }),
      () => !controller.signal.aborted && setSettled({ key, failed: true }),
    );
    return () => controller.abort();
  }, [query, key]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The field itself, not the state: a term typed just before the app took over reaches the state a moment later.
    const term = (e.currentTarget.elements.namedItem('q') as HTMLInputElement).value;
    if (term !== text) setText(term);
    if (!redirect(term)) setQuery(term.trim());
  };

  const results = state.status === 'ready' ? state.results : null;
  const nothing = results && results.products.length + results.collections.length + results.pages.length === 0;
  return (
    <div className="shop search">
      <h1>Search</h1>
      {/* A real GET form: pressed before the app has taken over the drawn page (or without JavaScript), it opens
          /search/?q=term, which the app then treats as submitted (a search redirect included). */}
      <form ref={keepTyped} className="search-box" role="search" action="/search/" method="get" onSubmit={submit}>
        <input type="search" name="q" aria-label="Search the store" placeholder="Search products, collections and pages" value={text} onChange={(e) => setText(e.target.value)} autoFocus />
        <button type="submit" className="shop-button">
          Search
        </button>
      </form>
      <div aria-live="polite" aria-busy={state.status === 'loading'}>
        {state.status === 'error' && <ErrorState message={LOAD_ERROR} onRetry={() => setAttempt((n) => n + 1)} />}
        {nothing && <EmptyState>No results for “{results.query}”.</EmptyState>}
        {results && results.collections.length > 0 && (
          <section className="search-results__group">
            <h2>Collections</h2>
            <ul className="search-results__links">
              {results.collections.map((c) => (
                <li key={c.urlName}>
                  <Link to={collectionHref(c.urlName)}>{c.name}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        {results && results.products.length > 0 && (
          <section className="search-results__group">
            <h2>Products</h2>
            <ProductGrid label="Products found">
              {results.products.map((p) => (
                <ProductCard key={p.id} product={p} ratio={1.026} />
              ))}
            </ProductGrid>
          </section>
        )}
        {results && results.pages.length > 0 && (
          <section className="search-results__group">
            <h2>Pages</h2>
            <ul className="search-results__links">
              {results.pages.map((p) => (
                <li key={p.url}>
                  <Link to={p.url}>{p.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
