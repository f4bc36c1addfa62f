import { redirect, type LoaderFunctionArgs } from 'react-router';
import { api, rendersOnServer } from '../lib/api';
import { walkBlocks } from '../core/blocks/tree';
import type { PageDocument, PageRoute } from '../core/storeData';
import { preloadBlockTypes } from '../renderer/registry';

/** §9: a page fetch is not repeated within 30 s of the last one. */
export const PAGE_FETCH_COOLDOWN_MS = 30_000;
export const NOT_FOUND_URL = '/404/';

const cache = new Map<number, { at: number; page: Promise<PageDocument> }>();

export function fetchPage(divisionId: number, pageId: number): Promise<PageDocument> {
  const url = `/omnis/v3/divisions/${divisionId}/pages/${pageId}/?imageType=object&expand=factories`;
  // The cooldown is the browser's: on the server every render reads through its own request, so the page answer is
  // recorded and sent with that page's HTML (a hit here would leave it out and the browser would ask again).
  if (rendersOnServer()) return api<PageDocument>(url);
  const hit = cache.get(pageId);
  if (hit && Date.now() - hit.at < PAGE_FETCH_COOLDOWN_MS) return hit.page;
  const page = api<PageDocument>(url);
  cache.set(pageId, { at: Date.now(), page });
  page.catch(() => cache.delete(pageId));
  return page;
}

/** Loads a store page and the components of the blocks on it, so it draws in one pass. */
export function storePageLoader(divisionId: number, route: PageRoute | undefined) {
  return async ({ request }: LoaderFunctionArgs): Promise<StorePageData> => {
    if (!route) return notFound(request);
    try {
      const page = await fetchPage(divisionId, route.id);
      await preloadBlockTypes([...walkBlocks(page.blocks)].map((b) => b.type));
      return { page, route };
    } catch (error) {
      // §8: in native mode any page load error goes to /404/.
      console.error(error);
      return notFound(request);
    }
  };
}

function notFound(request: Request): StorePageData {
  if (new URL(request.url).pathname === NOT_FOUND_URL) return { page: null, route: undefined };
  throw redirect(NOT_FOUND_URL);
}

/** §2.2: an unknown path redirects to /404/, which shows the store's own not-found page. */
export function notFoundLoader(divisionId: number, notFoundPage: PageRoute | undefined) {
  const load = storePageLoader(divisionId, notFoundPage);
  return (args: LoaderFunctionArgs) => (new URL(args.request.url).pathname === NOT_FOUND_URL ? load(args) : notFound(args.request));
}

export type StorePageData = { page: PageDocument | null; route: PageRoute | undefined };
