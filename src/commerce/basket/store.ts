import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../../lib/api';
import { readCookie } from '../../lib/cookies';
import type { BasketItem, BasketList, BasketListName } from '../../core/api/basket';

/**
 * The browser's copy of the basket and favourites (§4): after every add, remove, update and bulk add the list is
 * REPLACED by the server's answer, never merged or patched locally. The lists are fetched once at start only when
 * the script-readable marker cookie `pod_has_basket` says there is a basket (new visitors make no request).
 */

export const BASKET_MARKER_COOKIE = 'pod_has_basket';
export const EMPTY_LIST: BasketList = { items: [], subtotal: 0, count: 0 };

export interface BasketState {
  main: BasketList;
  favourites: BasketList;
  /** Lists fetched from the server (or replaced by an answer) at least once. */
  loaded: Record<BasketListName, boolean>;
}

/** The replacement rule: the server's list becomes the list, whatever was there. */
export function replaceList(state: BasketState, name: BasketListName, list: BasketList): BasketState {
  const items = Array.isArray(list.items) ? list.items : [];
  const next: BasketList = {
    items,
    subtotal: typeof list.subtotal === 'number' ? list.subtotal : 0,
    count: typeof list.count === 'number' ? list.count : items.reduce((n, i) => n + i.quantity, 0),
  };
  return { ...state, [name]: next, loaded: { ...state.loaded, [name]: true } };
}

const INITIAL: BasketState = { main: EMPTY_LIST, favourites: EMPTY_LIST, loaded: { main: false, favourites: false } };
let state: BasketState = INITIAL;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function apply(name: BasketListName, list: BasketList): BasketList {
  state = replaceList(state, name, list);
  emit();
  return state[name];
}

let started = false;
/** Fetches both lists once, and only when the marker cookie exists. */
export function startBasket() {
  if (started || typeof document === 'undefined') return;
  started = true;
  if (readCookie(BASKET_MARKER_COOKIE) !== '1') {
    state = { ...state, loaded: { main: true, favourites: true } };
    emit();
    return;
  }
  for (const name of ['main', 'favourites'] as const) {
    api<BasketList>(`/omnis/v3/basket/${name}/list/`).then(
      (list) => apply(name, list),
      () => apply(name, EMPTY_LIST),
    );
  }
}

export interface AddItem {
  productId?: number;
  productUrl?: string;
  /** A variant's SKU (how an embedded frame names what to add, §5.2). */
  variantSku?: string;
  productColor?: string | null;
  productSize?: string | null;
  quantity?: number;
}

/** §7 addItemToCart bundleOptions: the colour and size chosen for one item of a bundle (its bundleItems[].id). */
export interface BundleChoice {
  bundleItemId: number;
  productColor: string;
  productSize: string;
}

const clean = (item: AddItem) => ({
  ...(item.productId !== undefined ? { productId: item.productId } : {}),
  ...(item.productUrl ? { productUrl: item.productUrl } : {}),
  ...(item.variantSku ? { variantSku: item.variantSku } : {}),
  ...(item.productColor ? { productColor: item.productColor } : {}),
  ...(item.productSize ? { productSize: item.productSize } : {}),
  ...(item.quantity ? { quantity: item.quantity } : {}),
});

export const basketActions = {
  add: async (item: AddItem, name: BasketListName = 'main', bundleOptions?: BundleChoice[]) =>
    apply(
      name,
      await api<BasketList>('/omnis/v3/frontend/product/addItemToCart/', {
        method: 'POST',
        body: { item: clean(item), name, ...(name === 'main' && bundleOptions ? { bundleOptions } : {}) },
      }),
    ),
  remove: async (key: string, name: BasketListName = 'main') => apply(name, await api<BasketList>('/omnis/v3/basket/remove/', { method: 'POST', body: { key, name } })),
  update: async (key: string, quantity: number, name: BasketListName = 'main') =>
    apply(name, await api<BasketList>('/omnis/v3/basket/update/', { method: 'POST', body: { key, quantity, name } })),
  /** Answers the server's list with its message (how many were added when only some were). */
  bulkAdd: async (items: AddItem[], name: BasketListName = 'main'): Promise<BasketList> => {
    const answer = await api<BasketList>('/omnis/v3/frontend/product/bulkAddItemsToCart/', { method: 'POST', body: { items: items.map(clean), name } });
    apply(name, answer);
    return answer;
  },
  /** Fetches a list again (e.g. checkout after an order emptied the basket on the server). */
  refresh: async (name: BasketListName = 'main') => apply(name, await api<BasketList>(`/omnis/v3/basket/${name}/list/`)),
  recoverFavourites: async (br: string) => apply('favourites', await api<BasketList>('/omnis/v3/basket/favourites/recover/', { method: 'POST', body: { br } })),
  emailFavourites: async (email: string) => (await api<{ message: string }>('/omnis/v3/basket/favourites/email-for-later', { method: 'POST', body: { email } })).message,
};

/** The basket and favourites, kept current; the first user starts the one-time fetch. */
export function useBasket(): BasketState & typeof basketActions {
  // The server draws an empty basket; the count fills in after hydration.
  const current = useSyncExternalStore(subscribe, () => state, () => INITIAL);
  useEffect(startBasket, []);
  return { ...current, ...basketActions };
}

/** A line's favourite as an item to add to the basket. */
export const itemOf = (i: BasketItem): AddItem => ({ productUrl: i.productUrl, productColor: i.productColor, productSize: i.productSize });

/** Test hook. */
export function resetBasketStore() {
  state = { main: EMPTY_LIST, favourites: EMPTY_LIST, loaded: { main: false, favourites: false } };
  started = false;
}
