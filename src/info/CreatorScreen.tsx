import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useStore } from '../app/StoreContext';
import { Breadcrumbs } from '../app/Breadcrumbs';
import { GoToNotFound } from '../app/GoToNotFound';
import { HOME_CRUMB } from '../core/breadcrumbs';
import { documentTitle } from '../core/routes';
import { creatorHref, type CreatorProfile } from '../core/catalogue';
import { ApiError } from '../lib/api';
import { useApiData } from '../../blocks/commerce/useApiData';
import { ProductCard, ProductGrid } from '../../blocks/commerce/ProductCard';
import { EmptyState, ErrorState, LOAD_ERROR, SkeletonGrid } from '../../blocks/commerce/states';
import './info.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** /creator/{urlName}/: an artist's profile and the store's products that carry their work. */
export function CreatorScreen() {
  const { urlName = '' } = useParams();
  const { state } = useStore();
  const divisionId = state.subdomain.division.id;
  const valid = /^[a-z0-9-]{1,200}$/.test(urlName);
  const creator = useApiData<CreatorProfile>(valid ? `/omnis/v3/division/${divisionId}/creators/${urlName}/` : null);
  const name = creator.status === 'ready' ? creator.data.name : null;
  useEffect(() => {
    if (name) document.title = documentTitle(name, state.company.name);
  }, [name, state.company.name]);
  if (!valid || (creator.status === 'error' && creator.error instanceof ApiError && creator.error.status === 404)) return <GoToNotFound />;
  if (creator.status === 'error') return <div className="creator"><ErrorState message={LOAD_ERROR} onRetry={creator.retry} /></div>;
  if (creator.status === 'loading') return <div className="creator"><SkeletonGrid count={4} ratio={1.026} label="Loading the creator" /></div>;
  const profile = creator.data;
  return (
    <div className="creator">
      <Breadcrumbs items={[HOME_CRUMB, { type: 'url-param', text: profile.name, href: creatorHref(profile.urlName) }]} />
      <header className="creator__profile">
        {profile.avatar ? (
          <img className="creator__avatar" src={profile.avatar} alt="" width={96} height={96} />
        ) : (
          <span className="creator__avatar creator__avatar--initials" aria-hidden="true">
            {initials(profile.name)}
          </span>
        )}
        <div>
          <h1>{profile.name}</h1>
          {profile.bio && <p className="creator__bio">{profile.bio}</p>}
        </div>
      </header>
      <h2 className="creator__heading">Products by {profile.name}</h2>
      {profile.products.length === 0 ? (
        <EmptyState>No products by {profile.name} yet.</EmptyState>
      ) : (
        <ProductGrid label={`Products by ${profile.name}`}>
          {profile.products.map((p) => (
            <ProductCard key={p.id} product={p} ratio={1.026} />
          ))}
        </ProductGrid>
      )}
    </div>
  );
}
