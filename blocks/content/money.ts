import { DEFAULT_CURRENCY, formatMoney } from '../../src/core/currency';
import { useOptionalStore } from './store';

/**
 * Formats an amount stored in the store's base currency (integer minor units, DESIGN §4) in the active
 * display currency: converted by its rate (§9) and formatted by formatMoney. Without a store (builder
 * thumbnails, tests) the default currency GBP is used at rate 1.
 */
export function useMoneyFormatter(): (minor: number) => string {
  const currency = useOptionalStore()?.state.currency;
  const code = currency?.code ?? DEFAULT_CURRENCY;
  const rate = currency?.conversionRate || 1;
  return (minor) => formatMoney(Math.round(minor * rate), code);
}
