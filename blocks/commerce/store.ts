import { useStore } from '../../src/app/StoreContext';
import { useFormatPrice } from '../../src/app/currency';

/** The store the page belongs to (§3 Division). */
export const useDivisionId = () => useStore().state.subdomain.division.id;

/** Formats minor units of the store currency in the shopper's chosen currency (§9 conversion, cookie "currency"). */
export function useMoney(): (minor: number) => string {
  return useFormatPrice();
}
