import { useContext, useSyncExternalStore } from 'react';
import { availableCurrencies, CURRENCY_COOKIE, DEFAULT_CURRENCY, formatConverted, isSupported, type CurrencyCode, type CurrencyPlugin } from '../core/currency';
import { readCookie } from '../lib/cookies';
import { StoreContext } from './StoreContext';

/**
 * §9 currencies for display: the shopper picks one of the store's currencies (currency plugin: main currency plus a
 * comma-separated list); the choice lives in the cookie "currency". Server prices are minor units of the store
 * currency (GBP); they are converted with the §9 rates (USD 2, every other currency 1) and formatted with Intl
 * (symbol, position and separators; EUR with a comma decimal). Checkout charges in the store currency.
 */

// ---- The chosen currency: one value for the whole app, kept in the cookie. ----

let chosen: string | null = typeof document === 'undefined' ? null : (readCookie(CURRENCY_COOKIE) ?? null);
const listeners = new Set<() => void>();

export function setCurrency(code: string) {
  if (!isSupported(code)) return;
  chosen = code;
  document.cookie = `${CURRENCY_COOKIE}=${code}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export interface CurrencyState {
  /** The store currency server prices are in. */
  storeCode: string;
  /** The currency prices are shown in. */
  code: CurrencyCode;
  currencies: CurrencyCode[];
  /** The currency plugin is on (the header shows the selector). */
  enabled: boolean;
  setCurrency: (code: string) => void;
  /** The store's own exchange rates (units per 1 store currency), when it saved them. */
  rates?: Readonly<Record<string, number>>;
  /** Minor units of the store currency, converted and formatted. */
  formatPrice: (minor: number) => string;
}

/**
 * The shopper's currency. Works without a store too (builder thumbnails, mail rendering, block tests): then the
 * default currency, GBP. Every price on a page — commerce screens and blocks alike — is formatted through this.
 */
export function useCurrency(): CurrencyState {
  const store = useContext(StoreContext);
  // The server draws prices in the store currency; the shopper's choice applies right after hydration.
  const current = useSyncExternalStore(subscribe, () => chosen, () => null);
  const storeCode = store?.state.currency?.code || DEFAULT_CURRENCY;
  // Partial store data (block previews, tests) may lack plugins: then only the store currency.
  const plugin = (store?.state.subdomain?.plugins?.currency ?? store?.state.plugins?.currency) as CurrencyPlugin | undefined;
  const currencies = availableCurrencies(plugin, storeCode);
  const fallback = (currencies[0] ?? (isSupported(storeCode) ? storeCode : DEFAULT_CURRENCY)) as CurrencyCode;
  const code = current && (currencies as string[]).includes(current) ? (current as CurrencyCode) : fallback;
  return {
    storeCode,
    code,
    currencies,
    enabled: plugin?.enabled === true && currencies.length > 1,
    setCurrency,
    rates: plugin?.rates,
    formatPrice: (minor) => formatConverted(minor, storeCode, code, plugin?.rates),
  };
}

/** `formatPrice(minor)` in the shopper's currency. */
export const useFormatPrice = () => useCurrency().formatPrice;
