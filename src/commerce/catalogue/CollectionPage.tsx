import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useStore } from '../../app/StoreContext';
import { Breadcrumbs } from '../../app/Breadcrumbs';
import { HOME_CRUMB } from '../../core/breadcrumbs';
import { collectionHref } from '../../core/catalogue';
import { catalogueApi, type CollectionSummary, type ProductSort } from '../../../blocks/commerce/catalogueApi';
import { useApiData } from '../../../blocks/commerce/useApiData';
import { usePagedProducts } from '../../../blocks/commerce/usePagedProducts';
import { ProductCard, ProductGrid } from '../../../blocks/commerce/ProductCard';
import { EmptyState, ErrorState, LOAD_ERROR, SkeletonGrid } from '../../../blocks/commerce/states';
import { pageOrigin, useCommerceHead } from '../head';
import { collectionScreen, NOT_FOUND_TITLES, notFoundScreen } from '../../core/head';
import { COLLECTION_PAGE_SIZE } from '../../core/catalogue';
import '../commerce.css';

export const SORTS: { value: ProductSort; label: string }[] = [
  { value: 'bestsellerOrder', label: 'Best sellers' },
  { value: 'new-in', label: 'New in' },
  { value: 'price-low-high', label: 'Price: low to high' },
  { value: 'price-high-low', label: 'Price: high to low' },
  { value: 'name', label: 'Name' },
];

/** /collection/{collection}/: title, description and its products, sortable, with "load more". */
export function CollectionPage() {
  const { collection: urlName = '' } = useParams();
  const divisionId = useStore().state.subdomain.division.id;
  const collections = useApiData<{ data: CollectionSummary[] }>(catalogueApi.collections(divisionId));
  const [sort, setSort] = useState<ProductSort>('bestsellerOrder');
  const collection = collections.status === 'ready' ? collections.data.data.find((c) => c.urlName === urlName) : undefined;
  const products = usePagedProducts(`${urlName} ${sort}`, (page) => catalogueApi.products(divisionId, { collection: urlName, sort, limit: COLLECTION_PAGE_SIZE, page }));
  // The head lists the first page in the default order, as the server's first response does; other orders keep it.
  const firstPage = sort === SORTS[0]!.value && (products.status === 'ready' || products.items.length > 0) ? products.items.slice(0, COLLECTION_PAGE_SIZE) : null;
  useCommerceHead(collection && firstPage ? collectionScreen(pageOrigin(), collection, firstPage) : null);

  if (collections.status === 'error') return <div className="shop"><ErrorState message={LOAD_ERROR} onRetry={collections.retry} /></div>;
  if (collections.status === 'ready' && !collection) return <CollectionNotFound />;
  return (
    <div className="shop">
      {collection && <Breadcrumbs items={[HOME_CRUMB, { type: 'collection', text: collection.name, href: collectionHref(collection.urlName) }]} />}
      <h1>{collection?.name ?? ''}</h1>
      {collection?.description && <p className="shop__lead">{collection.description}</p>}
      <div className="shop__toolbar">
        <span>{products.status === 'ready' || products.items.length > 0 ? `${products.total} products` : ''}</span>
        <label>
          Sort by{' '}
          <select value={sort} onChange={(e) => setSort(e.target.value as ProductSort)}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {products.items.length > 0 && (
        <ProductGrid label={collection?.name ?? 'Products'}>
          {products.items.map((p) => (
            <ProductCard key={`${p.id}-${p.colour ?? ''}`} product={p} ratio={1.026} />
          ))}
        </ProductGrid>
      )}
      {products.status === 'loading' && <SkeletonGrid count={products.items.length > 0 ? 4 : 8} ratio={1.026} label="Loading products" />}
      {products.status === 'error' && <ErrorState message={LOAD_ERROR} onRetry={products.retry} />}
      {products.status === 'ready' && products.items.length === 0 && <EmptyState>No products here yet.</EmptyState>}
      {products.hasMore && (
        <div className="shop__more">
          <button type="button" className="shop-button shop-button--secondary" onClick={products.loadMore}>
            Load more
          </button>
        </div>
      )}
    </div>
  );
}

/** The server answers this address with 404 and the same head. */
function CollectionNotFound() {
  useCommerceHead(notFoundScreen('collection', useLocation().pathname));
  return (
    <div className="shop">
      <h1>{NOT_FOUND_TITLES.collection}</h1>
      <p>We were unable to find this collection.</p>
    </div>
  );
}
