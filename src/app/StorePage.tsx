import { useEffect } from 'react';
import { useLoaderData } from 'react-router';
import { PageRenderer } from '../renderer/PageRenderer';
import { documentTitle } from '../core/routes';
import { useStore } from './StoreContext';
import type { StorePageData } from './pageLoader';

/** A store page (§2.2): its blocks drawn by the shared renderer in native mode. */
export function StorePage() {
  const { page } = useLoaderData() as StorePageData;
  const store = useStore();
  const title = page?.properties.title ?? 'Page not found';
  useEffect(() => {
    document.title = documentTitle(title, store.state.company.name);
  }, [title, store.state.company.name]);
  if (!page) {
    return (
      <div className="store-message">
        <h1>Page not found</h1>
        <p>We were unable to find this page.</p>
      </div>
    );
  }
  return <PageRenderer blocks={page.blocks} mode="native" ySpacing={page.properties.ySpacing} />;
}
