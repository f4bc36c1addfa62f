import { PRODUCT_IMAGE_SIZE } from '../../src/core/images';
import type { CSSProperties, ReactNode } from 'react';
import type { ProductSummary } from './catalogueApi';
import { productHref } from './catalogueApi';
import { BlockImage } from '../../src/renderer/BlockImage';
import { SafeLink } from '../../src/renderer/SafeLink';
import { Price } from './Price';
import './productCard.css';

/** Items per row at xs, md and lg (§9 grid 2, 3, 4), as the CSS custom properties the grid reads. */
export function gridColumns(columns: { xs?: number; md?: number; lg?: number } | undefined): CSSProperties {
  return { '--grid-xs': columns?.xs ?? 2, '--grid-md': columns?.md ?? 3, '--grid-lg': columns?.lg ?? 4 } as CSSProperties;
}

export function ProductGrid({ columns, children, label }: { columns?: { xs?: number; md?: number; lg?: number }; children: ReactNode; label?: string }) {
  return (
    <ul className="commerce-grid" style={gridColumns(columns)} aria-label={label}>
      {children}
    </ul>
  );
}

/** One product: its image in the block's ratio, name and price. Image and name are one link; the image is
 * decorative there (alt "") so the link is announced by the product name alone. */
export function ProductCard({ product, ratio, showPrice = true }: { product: ProductSummary; ratio: number; showPrice?: boolean }) {
  return (
    <li className="product-card">
      <SafeLink className="product-card__link" href={productHref(product.urlName, product.colour && product.colours.length > 1 ? product.colour : null)}>
        <span className="product-card__media" style={{ aspectRatio: `1 / ${ratio}` }}>
          {product.image ? (
            <BlockImage className="product-card__image" image={{ src: product.image.src, alt: '' }} sizes="(min-width: 992px) 25vw, (min-width: 768px) 33vw, 50vw" width={PRODUCT_IMAGE_SIZE} height={PRODUCT_IMAGE_SIZE} />
          ) : (
            <span className="product-card__placeholder" aria-hidden="true" />
          )}
          {product.onSale && (
            <span className="product-card__badge" aria-hidden="true">
              Sale
            </span>
          )}
        </span>
        <span className="product-card__name">{product.name}</span>
      </SafeLink>
      {showPrice && <Price className="product-card__price" price={product.price} salePrice={product.salePrice} />}
      {product.colours.length > 1 && (
        <span className="product-card__colours">
          {product.colours.length} colours
        </span>
      )}
    </li>
  );
}
