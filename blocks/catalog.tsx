import { useEffect, useRef, useState } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { CatalogProperties } from '../src/core/generated/blockProperties';
import { RATIOS } from '../src/renderer/style';
import { BlockImage } from '../src/renderer/BlockImage';
import { catalogueApi, type CollectionSummary, type ProductSort } from './commerce/catalogueApi';
import { useApiData } from './commerce/useApiData';
import { usePagedProducts } from './commerce/usePagedProducts';
import { useDivisionId } from './commerce/store';
import { ProductCard, ProductGrid } from './commerce/ProductCard';
import { SectionHeading } from './commerce/SectionHeading';
import { EmptyState, ErrorState, LOAD_ERROR, SkeletonGrid } from './commerce/states';
import './catalog.css';

export const CATALOG_EMPTY = 'Nothing here yet. New designs are on their way.';
/** §9 infinite scroll threshold, in pixels before the end of the list. */
export const INFINITE_SCROLL_THRESHOLD = 100;

/** The productSort labels of schemas/entities/blockParts.json. */
const SORT_LABELS: Record<ProductSort, string> = {
  bestsellerOrder: 'Best sellers',
  'new-in': 'New in',
  'price-low-high': 'Price: low to high',
  'price-high-low': 'Price: high to low',
  name: 'Name (A-Z)',
};

/**
 * A browsable catalogue: collection tiles to narrow it (when the block is not fixed to one collection),
 * a sort menu, and products page by page with "load more" (and on scroll).
 */
export default function Catalog({ properties: p }: BlockProps<CatalogProperties>) {
  const divisionId = useDivisionId();
  const limit = p.limit ?? 24;
  const ratio = RATIOS[p.ratio ?? 'square'];
  const [picked, setPicked] = useState('');
  const [sort, setSort] = useState<ProductSort>(p.sortBy ?? 'bestsellerOrder');
  const collection = p.collection || picked;
  const showTiles = p.showFilters !== false && !p.collection;
  const collections = useApiData<{ data: CollectionSummary[] }>(showTiles ? catalogueApi.collections(divisionId) : null);
  const products = usePagedProducts(`${divisionId}|${collection}|${sort}|${limit}`, (page) =>
    catalogueApi.products(divisionId, { collection, sort, limit, page, removeDuplicates: true }),
  );

  // §9: the next page loads when the end of the list comes within 100px of the viewport.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loadMore } = products;
  useEffect(() => {
    const el = sentinel.current;
    if (!p.infiniteScroll || !hasMore || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), {
      rootMargin: `0px 0px ${INFINITE_SCROLL_THRESHOLD}px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [p.infiniteScroll, hasMore, loadMore]);

  const tiles = collections.status === 'ready' ? collections.data.data.filter((c) => c.productCount > 0) : [];
  const firstLoad = products.status === 'loading' && products.items.length === 0;
  return (
    <section className="catalog" aria-busy={products.status === 'loading'}>
      <SectionHeading title={p.title ?? ''} />
      {tiles.length > 0 && (
        <div className="catalog__tiles" role="group" aria-label="Collections">
          <button type="button" className="catalog__tile catalog__tile--all" aria-pressed={picked === ''} onClick={() => setPicked('')}>
            <span className="catalog__tile-name">All</span>
          </button>
          {tiles.map((c) => (
            <button key={c.id} type="button" className="catalog__tile" aria-pressed={picked === c.urlName} onClick={() => setPicked(c.urlName)}>
              {c.banner && <BlockImage className="catalog__tile-image" image={{ src: c.banner.thumbnails['480'] ?? c.banner.src, alt: '' }} sizes="120px" />}
              <span className="catalog__tile-name">{c.name}</span>
            </button>
          ))}
        </div>
      )}
      {p.showSort !== false && (
        <div className="catalog__toolbar">
          <p className="catalog__count" aria-live="polite">
            {products.status === 'ready' ? `${products.total} ${products.total === 1 ? 'product' : 'products'}` : ''}
          </p>
          <label className="catalog__sort">
            <span>Sort by</span>
            <select value={sort} onChange={(e) => setSort(e.target.value as ProductSort)}>
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {firstLoad ? (
        <SkeletonGrid count={Math.min(limit, 8)} ratio={ratio} label="Loading products" />
      ) : products.status === 'error' && products.items.length === 0 ? (
        <ErrorState message={LOAD_ERROR} onRetry={products.retry} />
      ) : products.items.length === 0 ? (
        <EmptyState>{CATALOG_EMPTY}</EmptyState>
      ) : (
        <>
          <ProductGrid columns={p.columns} label={p.title || 'Products'}>
            {products.items.map((product) => (
              <ProductCard key={`${product.id}-${product.colour ?? ''}`} product={product} ratio={ratio} />
            ))}
          </ProductGrid>
          <div ref={sentinel} className="catalog__more">
            {products.status === 'error' ? (
              <ErrorState message={LOAD_ERROR} onRetry={products.retry} />
            ) : (
              (hasMore || products.status === 'loading') && (
                <button type="button" className="pod-button pod-button--secondary" onClick={loadMore} disabled={products.status === 'loading'}>
                  {products.status === 'loading' ? 'Loading…' : 'Load more'}
                </button>
              )
            )}
            <p className="catalog__progress">
              Showing {products.items.length} of {products.total}
            </p>
          </div>
        </>
      )}
    </section>
  );
}
