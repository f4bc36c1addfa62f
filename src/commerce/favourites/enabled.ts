import { useSyncExternalStore } from 'react';
import { useStore } from '../../app/StoreContext';
import { FAVOURITES_TEST, variationOf } from '../splitTest';

const fixed = () => () => undefined;

/**
 * §4: favourites are on only for the split test favourite_products, variation "show". The server draws the default
 * variation; this browser's own (cookie or query) applies right after hydration.
 */
export function useFavouritesEnabled(): boolean {
  const store = useStore();
  const variation = useSyncExternalStore(
    fixed,
    () => variationOf(FAVOURITES_TEST, store.state.splitTest ?? {}),
    () => FAVOURITES_TEST.defaultVariation,
  );
  return variation === 'show';
}
