/**
 * The store's own data the pickers offer (§3 link picker result): products, collections, blog posts and pages,
 * read from the same API the storefront and the pages list use. Each list is fetched once per store and
 * shared by every picker of the panel (a failed fetch is retried on the next mount).
 */
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import type { BlogPostSummary, CollectionSummary, Paginated, ProductSummary } from '../../core/catalogue';

export interface PageSummary {
  id: number;
  url: string;
  title: string;
  homepage: boolean;
}

export interface StoreLists {
  products: ProductSummary[];
  collections: CollectionSummary[];
  blog: BlogPostSummary[];
  pages: PageSummary[];
}
export type StoreListKind = keyof StoreLists;

const URLS: Record<StoreListKind, (divisionId: number) => string> = {
  products: (id) => `/omnis/v3/division/${id}/products/?limit=100`,
  collections: (id) => `/omnis/v3/collections/get/${id}/`,
  blog: (id) => `/omnis/v3/blog/paginate/?divisions=${id}&paginate=50&lite=1`,
  pages: (id) => `/omnis/v3/divisions/${id}/pages/?page-type=StorePage`,
};

const PICK: { [K in StoreListKind]: (body: unknown) => StoreLists[K] } = {
  products: (body) => (body as Paginated<ProductSummary>).data ?? [],
  collections: (body) => (body as { data: CollectionSummary[] }).data ?? [],
  blog: (body) => (body as Paginated<BlogPostSummary>).data ?? [],
  pages: (body) => (body as { data: PageSummary[] }).data ?? [],
};

const cache = new Map<string, Promise<unknown>>();

export function loadStoreList<K extends StoreListKind>(kind: K, divisionId: number): Promise<StoreLists[K]> {
  const key = `${kind}:${divisionId}`;
  let request = cache.get(key) as Promise<StoreLists[K]> | undefined;
  if (!request) {
    request = api<unknown>(URLS[kind](divisionId)).then((body) => PICK[kind](body) as StoreLists[K]);
    request.catch(() => cache.delete(key));
    cache.set(key, request);
  }
  return request;
}

/** Forget cached lists (tests; after the store's catalogue changed). */
export const clearStoreLists = () => cache.clear();

export type ListState<T> = { status: 'idle' | 'loading' | 'ready' | 'error'; items: T[] };

export function useStoreList<K extends StoreListKind>(kind: K, divisionId: number | null | undefined, enabled = true): ListState<StoreLists[K][number]> {
  const key = divisionId && enabled ? `${kind}:${divisionId}` : null;
  const [state, setState] = useState<{ key: string | null } & ListState<StoreLists[K][number]>>({ key: null, status: 'idle', items: [] });
  useEffect(() => {
    if (!key || !divisionId) return;
    let live = true;
    loadStoreList(kind, divisionId).then(
      (items) => live && setState({ key, status: 'ready', items: items as StoreLists[K][number][] }),
      () => live && setState({ key, status: 'error', items: [] }),
    );
    return () => {
      live = false;
    };
  }, [kind, divisionId, key]);
  if (!key) return { status: 'idle', items: [] };
  // Until this list's answer arrives it is loading (a previous store's list is never shown).
  return state.key === key ? state : { status: 'loading', items: [] };
}

/** Storefront addresses (§2.2 routes). */
export const storeHref = {
  product: (p: { urlName: string }) => `/product/${p.urlName}/`,
  collection: (c: { urlName: string }) => `/collection/${c.urlName}/`,
  blog: (b: { url: string }) => `/blog/${b.url}/`,
  studio: (p?: { urlName: string }) => (p ? `/studio/${p.urlName}/` : '/studio/'),
};

/** The "@name" actions the storefront handles (SafeLink raises them as pod:action events). */
export const STORE_ACTIONS: { title: string; href: string }[] = [
  { title: 'Open live chat', href: '@openChat' },
  { title: 'Open the basket', href: '@openCart' },
  { title: 'Open the design studio', href: '@openStudio' },
];
