import type { BlockProps } from '../src/renderer/types';
import type { StudioSuggestionProperties } from '../src/core/generated/blockProperties';
import { RATIOS } from '../src/renderer/style';
import { BlockImage } from '../src/renderer/BlockImage';
import { SafeLink } from '../src/renderer/SafeLink';
import { catalogueApi, type Paginated, type ProductDetail, type ProductSummary } from './commerce/catalogueApi';
import { isNotFound, useApiData } from './commerce/useApiData';
import { useDivisionId, useMoney } from './commerce/store';
import { gridColumns } from './commerce/ProductCard';
import { RichText } from './commerce/RichText';
import { EmptyState, ErrorState, LOAD_ERROR, SkeletonGrid } from './commerce/states';
import { studioUrlFor } from '../src/studio/paths';
import './studioSuggestion.css';

/** Where a suggestion leads: the studio opened on that garment (§2.2 /studio/{customiseItUrl}/, src/studio/paths.ts). */
export const studioHref = (urlName: string) => studioUrlFor(urlName);
export const STUDIO_EMPTY = 'Nothing to customise here yet.';

/** An invitation to design your own garment in the studio: one product shown large, or a choice of several. */
export default function StudioSuggestion({ properties: p }: BlockProps<StudioSuggestionProperties>) {
  return p.product ? <SingleSuggestion p={p} /> : <SuggestionList p={p} />;
}

function Intro({ p }: { p: StudioSuggestionProperties }) {
  return (
    <div className="studio-suggestion__intro">
      {p.title && <h2 className="studio-suggestion__title">{p.title}</h2>}
      <RichText className="studio-suggestion__copy" html={p.copy ?? ''} />
    </div>
  );
}

function SingleSuggestion({ p }: { p: StudioSuggestionProperties }) {
  const divisionId = useDivisionId();
  const money = useMoney();
  const product = useApiData<ProductDetail>(catalogueApi.product(divisionId, p.product!));
  const ratio = RATIOS[p.ratio ?? 'square'];
  if (product.status === 'error' && !isNotFound(product.error)) return <ErrorState message={LOAD_ERROR} onRetry={product.retry} />;
  const data = product.status === 'ready' ? product.data : null;
  return (
    <section className="studio-suggestion studio-suggestion--single" aria-busy={product.status === 'loading'}>
      <div className="studio-suggestion__media" style={{ aspectRatio: `1 / ${ratio}` }}>
        {data?.image && <BlockImage className="studio-suggestion__image" image={{ src: data.image.src, alt: data.image.alt }} sizes="(min-width: 768px) 40vw, 100vw" />}
      </div>
      <div className="studio-suggestion__body">
        <Intro p={p} />
        {data && <p className="studio-suggestion__from">{data.name}, from {money(data.salePrice !== null && data.salePrice < data.price ? data.salePrice : data.price)}</p>}
        {data && (
          <SafeLink className="pod-button pod-button--primary" href={studioHref(data.urlName)}>
            {p.buttonText || 'Customise'}
          </SafeLink>
        )}
      </div>
    </section>
  );
}

function SuggestionList({ p }: { p: StudioSuggestionProperties }) {
  const divisionId = useDivisionId();
  const money = useMoney();
  const limit = p.limit ?? 4;
  const ratio = RATIOS[p.ratio ?? 'square'];
  const products = useApiData<Paginated<ProductSummary>>(catalogueApi.products(divisionId, { collection: p.collection, sort: p.sortBy ?? 'bestsellerOrder', limit }));
  let body;
  if (products.status === 'loading') body = <SkeletonGrid count={limit} ratio={ratio} label="Loading products" />;
  else if (products.status === 'error' && !isNotFound(products.error)) body = <ErrorState message={LOAD_ERROR} onRetry={products.retry} />;
  else if (!products.data?.data.length) body = <EmptyState>{STUDIO_EMPTY}</EmptyState>;
  else
    body = (
      <ul className="commerce-grid" style={gridColumns(p.columns)}>
        {products.data.data.map((product) => (
          <li key={product.id} className="studio-suggestion__item">
            <span className="studio-suggestion__media" style={{ aspectRatio: `1 / ${ratio}` }}>
              {product.image && <BlockImage className="studio-suggestion__image" image={{ src: product.image.src, alt: '' }} sizes="(min-width: 992px) 25vw, 50vw" />}
            </span>
            <h3 className="studio-suggestion__name">{product.name}</h3>
            <p className="studio-suggestion__from">From {money(product.onSale && product.salePrice !== null ? product.salePrice : product.price)}</p>
            <SafeLink className="pod-button pod-button--secondary studio-suggestion__cta" href={studioHref(product.urlName)} aria-label={`${p.buttonText || 'Customise'} ${product.name}`}>
              {p.buttonText || 'Customise'}
            </SafeLink>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="studio-suggestion" aria-busy={products.status === 'loading'}>
      <Intro p={p} />
      {body}
    </section>
  );
}
