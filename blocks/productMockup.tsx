import { useState, type CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { ProductMockupProperties } from '../src/core/generated/blockProperties';
import { RATIOS } from '../src/renderer/style';
import { BlockImage } from '../src/renderer/BlockImage';
import { SafeLink } from '../src/renderer/SafeLink';
import { catalogueApi, productHref, type Paginated, type ProductDetail, type ProductSummary } from './commerce/catalogueApi';
import { isNotFound, useApiData } from './commerce/useApiData';
import { useDivisionId } from './commerce/store';
import { Price } from './commerce/Price';
import { ColourSwatches } from './commerce/ColourSwatches';
import { RichText } from './commerce/RichText';
import { EmptyState, ErrorState, LOAD_ERROR } from './commerce/states';
import './productMockup.css';

export const MOCKUP_EMPTY = 'This product is no longer available.';

/** "Product Suggestion": one product shown large, its colours as swatches that change the picture. */
export default function ProductMockup({ properties: p }: BlockProps<ProductMockupProperties>) {
  const divisionId = useDivisionId();
  const ratio = RATIOS[p.ratio ?? 'square'];
  // Without a chosen product, the first of the collection in the block's order is suggested.
  const pick = useApiData<Paginated<ProductSummary>>(
    p.product ? null : catalogueApi.products(divisionId, { collection: p.collection, sort: p.sortBy ?? 'bestsellerOrder', limit: 1 }),
  );
  const key = p.product || (pick.status === 'ready' ? pick.data.data[0]?.urlName : undefined);
  const detail = useApiData<ProductDetail>(key ? catalogueApi.product(divisionId, key) : null);
  const [chosen, setChosen] = useState<string | null>(null);
  const style = { '--mockup-ratio': ratio, '--mockup-background': p.backgroundColor || undefined } as CSSProperties;

  let body;
  const pickFailed = !p.product && pick.status === 'error' && !isNotFound(pick.error);
  const nothing = (!p.product && pick.status === 'ready' && !key) || (!p.product && pick.status === 'error' && isNotFound(pick.error));
  if (pickFailed || (detail.status === 'error' && !isNotFound(detail.error))) body = <ErrorState message={LOAD_ERROR} onRetry={pickFailed ? pick.retry : detail.retry} />;
  else if (nothing || (detail.status === 'error' && isNotFound(detail.error))) body = <EmptyState>{MOCKUP_EMPTY}</EmptyState>;
  else if (detail.status !== 'ready')
    body = (
      <div className="product-mockup__layout" role="status" aria-label="Loading product">
        <div className="product-mockup__media product-mockup__media--loading" />
        <div className="product-mockup__info product-mockup__info--loading" />
      </div>
    );
  else {
    const product = detail.data;
    const names = product.options.map((o) => o.colourName);
    const selected = [chosen, p.colour, product.defaultColour].find((c): c is string => !!c && names.includes(c)) ?? names[0] ?? null;
    const option = product.options.find((o) => o.colourName === selected);
    const image = option?.images[0] ?? product.image;
    body = (
      <div className="product-mockup__layout">
        <div className="product-mockup__media">
          {image && <BlockImage className="product-mockup__image" image={{ src: image.src, alt: image.alt }} sizes="(min-width: 768px) 50vw, 100vw" />}
        </div>
        <div className="product-mockup__info">
          <h2 className="product-mockup__title">{p.title || product.name}</h2>
          {p.showPrice !== false && <Price className="product-mockup__price" price={product.price} salePrice={product.salePrice} />}
          {p.copy ? <RichText className="product-mockup__copy" html={p.copy} /> : <p className="product-mockup__copy">{product.description}</p>}
          <ColourSwatches colours={product.colours} selected={selected} onSelect={setChosen} />
          <SafeLink className="pod-button pod-button--primary product-mockup__cta" href={productHref(product.urlName, selected !== product.defaultColour ? selected : null)}>
            {p.buttonText || 'Shop now'}
          </SafeLink>
        </div>
      </div>
    );
  }
  return (
    <section className="product-mockup" style={style}>
      {body}
    </section>
  );
}
