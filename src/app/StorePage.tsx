import { useEffect } from 'react';
import { useLoaderData } from 'react-router';
import { PageRenderer } from '../renderer/PageRenderer';
import { buildHeadData } from '../core/head';
import { useStore } from './StoreContext';
import { applyHead } from './applyHead';
import { useBlockConditions } from './useBlockConditions';
import { frameOrigins } from '../core/frameCart';
import { listenForFrameCart } from './frameCart';
import { basketActions } from '../commerce/basket/store';
import type { StorePageData } from './pageLoader';
import { Breadcrumbs } from './Breadcrumbs';
import { pageTrail } from '../core/breadcrumbs';

// The server wrote the first page's head (with the product list it looked up); keep it until we navigate.
let serverHeadPath: string | null = typeof window === 'undefined' ? null : window.location.pathname;

/** A store page (§2.2): its blocks drawn by the shared renderer in native mode, its head data kept current. */
export function StorePage() {
  const { page } = useLoaderData() as StorePageData;
  const store = useStore();
  const companyName = store.state.company.name;
  const conditions = useBlockConditions();
  useEffect(() => {
    const head = buildHeadData({
      origin: window.location.origin,
      companyName,
      page: page
        ? {
            url: page.url,
            title: page.properties.title,
            description: page.properties.description,
            ogImage: page.properties.ogImage,
            loginState: page.properties.loginState,
            sitemap: page.sitemap,
            published: page.published,
            blocks: page.blocks,
          }
        : { url: window.location.pathname, title: 'Page not found', sitemap: false, published: true, blocks: [] },
      isHome: page?.flags.homepage === true,
      isNotFound: !page || page.url === '/404/',
    });
    if (serverHeadPath === window.location.pathname && document.head.querySelector('[data-head]')) {
      document.title = head.title;
    } else {
      applyHead(head);
    }
    serverHeadPath = null;
  }, [page, companyName]);
  useEffect(() => {
    // §5.2: only the page's own iframe blocks may add to the basket.
    const origins = page ? frameOrigins(page.blocks) : new Set<string>();
    if (origins.size === 0) return;
    return listenForFrameCart(origins, async (items) => {
      const adds = items.map((i) => ({ variantSku: i.variantSku, quantity: i.quantity }));
      if (adds.length === 1) await basketActions.add(adds[0]!);
      else await basketActions.bulkAdd(adds);
    });
  }, [page]);
  if (!page) {
    return (
      <div className="store-message">
        <h1>Page not found</h1>
        <p>We were unable to find this page.</p>
      </div>
    );
  }
  // Posts show their way back to the journal (§2.1 blog-post breadcrumb); other pages define none.
  const trail = pageTrail({ url: page.url, title: String(page.properties.title ?? ''), homepage: page.flags.homepage === true });
  return (
    <>
      {trail.some((c) => c.type === 'blog-post') && <Breadcrumbs items={trail} />}
      <PageRenderer blocks={page.blocks} mode="native" conditions={conditions} ySpacing={page.properties.ySpacing} />
    </>
  );
}
