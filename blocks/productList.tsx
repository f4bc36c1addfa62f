import type { BlockProps } from '../src/renderer/types';
import type { ProductListProperties } from '../src/core/generated/blockProperties';
import { RATIOS } from '../src/renderer/style';
import { catalogueApi, collectionHref, type Paginated, type ProductSummary } from './commerce/catalogueApi';
import { useApiData, isNotFound } from './commerce/useApiData';
import { useDivisionId } from './commerce/store';
import { ProductCard, ProductGrid } from './commerce/ProductCard';
import { SectionHeading } from './commerce/SectionHeading';
import { EmptyState, ErrorState, LOAD_ERROR, SkeletonGrid } from './commerce/states';
import './productList.css';

export const PRODUCT_LIST_EMPTY = 'No products to show here yet.';

/** A row of product cards from the store or one collection (§7 products; §3 defaults sortBy bestsellerOrder, limit 4). */
export default function ProductList({ properties: p }: BlockProps<ProductListProperties>) {
  const divisionId = useDivisionId();
  const limit = p.limit ?? 4;
  const ratio = RATIOS[p.ratio ?? 'square'];
  const products = useApiData<Paginated<ProductSummary>>(
    catalogueApi.products(divisionId, { collection: p.collection, sort: p.sortBy ?? 'bestsellerOrder', limit, removeDuplicates: p.removeDuplicates ?? true }),
  );
  // Without an explicit link, "Shop all" leads to the collection the list shows.
  const href = p.href || (p.collection ? collectionHref(p.collection) : '');
  let body;
  if (products.status === 'loading') body = <SkeletonGrid count={Math.min(limit, 8)} ratio={ratio} label="Loading products" />;
  else if (products.status === 'error' && !isNotFound(products.error)) body = <ErrorState message={LOAD_ERROR} onRetry={products.retry} />;
  else if (!products.data?.data.length) body = <EmptyState>{PRODUCT_LIST_EMPTY}</EmptyState>;
  else
    body = (
      <ProductGrid columns={p.columns} label={p.title || 'Products'}>
        {products.data.data.map((product) => (
          <ProductCard key={`${product.id}-${product.colour ?? ''}`} product={product} ratio={ratio} showPrice={p.showPrice !== false} />
        ))}
      </ProductGrid>
    );
  return (
    <section className="product-list" aria-busy={products.status === 'loading'}>
      <SectionHeading title={p.title ?? ''} linkText={p.buttonText} href={href} />
      {body}
    </section>
  );
}
