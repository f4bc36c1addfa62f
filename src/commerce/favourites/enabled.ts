import { useStore } from '../../app/StoreContext';
import { FAVOURITES_TEST, variationOf } from '../splitTest';

/** §4: favourites are on only for the split test favourite_products, variation "show". */
export function useFavouritesEnabled(): boolean {
  const store = useStore();
  return variationOf(FAVOURITES_TEST, store.state.splitTest ?? {}) === 'show';
}
