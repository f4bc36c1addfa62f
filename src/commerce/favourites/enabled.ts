import { useSyncExternalStore } from 'react';
import { useStore } from '../../app/StoreContext';
import { FAVOURITES_TEST, variationOf } from '../splitTest';

const fixed = () => () => undefined;

/**
 * §4: favourites are on only for the split test favourite_products, variation "show". The server draws the
 * fallback (hidden); this browser's variation applies right after hydration.
 */
export function useFavouritesEnabled(): boolean {
  const store = useStore();
  const variation = useSyncExternalStore(
    fixed,
    () => variationOf(FAVOURITES_TEST, store.state.splitTest ?? {}, store.state.subdomain.division.id),
    () => FAVOURITES_TEST.fallback,
  );
  return variation === 'show';
}
