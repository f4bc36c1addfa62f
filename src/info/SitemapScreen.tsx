import { useEffect } from 'react';
import { Link } from 'react-router';
import { useStore } from '../app/StoreContext';
import { Breadcrumbs } from '../app/Breadcrumbs';
import { HOME_CRUMB } from '../core/breadcrumbs';
import { documentTitle } from '../core/routes';
import { blogPostUrl } from '../core/blog';
import { enabledPlugins, pluginHref } from '../core/plugins';
import { collectionHref, productHref, type BlogPostSummary, type CollectionSummary, type Paginated, type ProductSummary } from '../core/catalogue';
import { catalogueApi } from '../../blocks/commerce/catalogueApi';
import { useApiData } from '../../blocks/commerce/useApiData';
import { ErrorState, LOAD_ERROR } from '../../blocks/commerce/states';
import './info.css';

/** Pages listed in the HTML sitemap: the store's published sitemap pages, minus post pages (listed as posts). */
const isPostPage = (url: string) => /^\/blog\/[^/]+\/$/.test(url);

/** /sitemap/: every page, collection, product and post of the store, for shoppers and crawlers alike. */
export function SitemapScreen() {
  const { state, pages } = useStore();
  const divisionId = state.subdomain.division.id;
  const collections = useApiData<{ data: CollectionSummary[] }>(catalogueApi.collections(divisionId));
  const products = useApiData<Paginated<ProductSummary>>(catalogueApi.products(divisionId, { limit: 100, removeDuplicates: true }));
  const posts = useApiData<Paginated<BlogPostSummary>>(`/omnis/v3/blog/paginate/?paginate=50&divisions=${divisionId}&lite=1`);
  useEffect(() => {
    document.title = documentTitle('Sitemap', state.company.name);
  }, [state.company.name]);
  const collectionList = collections.status === 'ready' ? collections.data.data : [];
  const section = (title: string, status: string, retry: () => void, items: { href: string; text: string }[]) => (
    <section className="sitemap__section" aria-labelledby={`sitemap-${title.toLowerCase().replace(/\s+/g, '-')}`}>
      <h2 id={`sitemap-${title.toLowerCase().replace(/\s+/g, '-')}`}>{title}</h2>
      {status === 'error' ? (
        <ErrorState message={LOAD_ERROR} onRetry={retry} />
      ) : status === 'loading' ? (
        <p role="status">Loading…</p>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item.href}>
              <Link to={item.href}>{item.text}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
  const features = enabledPlugins({ plugins: state.subdomain.plugins, christmasCutoffDates: state.christmasCutoffDates, pageUrls: pages.map((p) => p.url) });
  const pageItems = pages.filter((p) => p.sitemap && p.url !== '/404/' && !isPostPage(p.url)).map((p) => ({ href: p.url, text: p.title || p.url }));
  return (
    <div className="sitemap">
      <Breadcrumbs items={[HOME_CRUMB, { type: 'page', text: 'Sitemap', href: '/sitemap/' }]} />
      <h1>Sitemap</h1>
      <div className="sitemap__grid">
        {section('Pages', 'ready', () => undefined, [...pageItems, { href: '/blog/', text: 'Journal' }])}
        {section('Collections', collections.status, collections.retry, collectionList.map((c) => ({ href: collectionHref(c.urlName), text: c.name })))}
        {section('Products', products.status, products.retry, products.status === 'ready' ? products.data.data.map((p) => ({ href: productHref(p.urlName), text: p.name })) : [])}
        {section('Store features', 'ready', () => undefined, features.map((f) => ({ href: pluginHref(f.code), text: f.name })))}
        {section('Journal', posts.status, posts.retry, posts.status === 'ready' ? posts.data.data.map((p) => ({ href: blogPostUrl(p.url), text: p.title })) : [])}
      </div>
    </div>
  );
}
