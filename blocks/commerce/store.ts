import { useStore } from '../../src/app/StoreContext';
import { formatMoney } from '../../src/core/currency';

/** The store the page belongs to (§3 Division). */
export const useDivisionId = () => useStore().state.subdomain.division.id;

/** Formats minor units of the store currency in the shopper's active currency (§9 conversion rate). */
export function useMoney(): (minor: number) => string {
  const currency = useStore().state.currency;
  return (minor) => formatMoney(Math.round(minor * (currency.conversionRate || 1)), currency.code);
}
