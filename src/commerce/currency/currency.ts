import { useSyncExternalStore } from 'react';
import { DEFAULT_CURRENCY, formatMoney, SUPPORTED_CURRENCIES, type CurrencyCode } from '../../core/currency';
import { useStore } from '../../app/StoreContext';

/**
 * §9 currencies for display: the shopper picks one of the store's currencies (currency plugin: main currency plus a
 * comma-separated list); the choice lives in the cookie "currency". Server prices are minor units of the store
 * currency (GBP); they are converted with the §9 rates (USD 2, every other currency 1) and formatted with Intl
 * (symbol, position and separators; EUR with a comma decimal). Checkout charges in the store currency.
 */

export const CURRENCY_COOKIE = 'currency';
/** §9 conversion rates against the store currency; a currency not listed converts at 1. */
export const CONVERSION_RATES: Readonly<Partial<Record<CurrencyCode, number>>> = { USD: 2 };
export const rateOf = (code: string): number => CONVERSION_RATES[code as CurrencyCode] ?? 1;

const digitsCache = new Map<string, number>();
/** Minor-unit digits of a currency (JPY 0, GBP 2 …), from Intl. */
export function fractionDigits(code: string): number {
  let digits = digitsCache.get(code);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en-GB', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(code, digits);
  }
  return digits;
}

export const isSupported = (code: string): code is CurrencyCode => (SUPPORTED_CURRENCIES as readonly string[]).includes(code);

/** Converts minor units of one currency into minor units of another (rounded to the target's minor unit). */
export function convertMinor(minor: number, from: string, to: string): number {
  if (from === to) return minor;
  const major = (minor / 10 ** fractionDigits(from)) * (rateOf(to) / rateOf(from));
  return Math.round(major * 10 ** fractionDigits(to));
}

/** Minor units of the store currency, shown in `to`. */
export const formatConverted = (minor: number, from: string, to: string) => formatMoney(convertMinor(minor, from, to), to);

export interface CurrencyPlugin {
  enabled?: boolean;
  mainCurrency?: string;
  currencies?: string;
}

/** The currencies a shopper may choose: the main currency first, then the plugin's list (unknown codes dropped). */
export function availableCurrencies(plugin: CurrencyPlugin | undefined, storeCurrency: string = DEFAULT_CURRENCY): CurrencyCode[] {
  const main = plugin?.mainCurrency?.trim().toUpperCase() || storeCurrency;
  if (!plugin?.enabled) return isSupported(main) ? [main] : [];
  const codes = [main, ...(plugin.currencies ?? '').split(',').map((c) => c.trim().toUpperCase())].filter(isSupported);
  return [...new Set(codes)];
}

/**
 * The basket notice rule (§9 "Discount applied due to improved exchange rates"): each line's unit price is converted
 * and rounded to the chosen currency's minor unit, as the basket shows it; when the sum of those lines is lower than
 * the store-currency total converted exactly, the conversion lowered the basket total and the notice is shown.
 */
export function conversionLowersTotal(lines: readonly { unitPrice: number; quantity: number }[], from: string, to: string): boolean {
  if (from === to || lines.length === 0) return false;
  const shown = lines.reduce((sum, l) => sum + convertMinor(l.unitPrice, from, to) * l.quantity, 0);
  const total = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const exact = (total / 10 ** fractionDigits(from)) * (rateOf(to) / rateOf(from)) * 10 ** fractionDigits(to);
  return shown < exact - 1e-9;
}
/** §9 basket notice timing. */
export const BASKET_NOTICE = { text: 'Discount applied due to improved exchange rates', delayMs: 500, durationMs: 10_000 } as const;

// ---- The chosen currency: one value for the whole app, kept in the cookie. ----

function readCurrencyCookie(): string | null {
  if (typeof document === 'undefined') return null;
  const hit = document.cookie.split('; ').find((p) => p.startsWith(`${CURRENCY_COOKIE}=`));
  return hit ? decodeURIComponent(hit.slice(CURRENCY_COOKIE.length + 1)) : null;
}

let chosen: string | null = readCurrencyCookie();
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
  /** Minor units of the store currency, converted and formatted. */
  formatPrice: (minor: number) => string;
}

export function useCurrency(): CurrencyState {
  const store = useStore();
  const current = useSyncExternalStore(subscribe, () => chosen, () => chosen);
  const storeCode = store.state.currency?.code || DEFAULT_CURRENCY;
  // Partial store data (block previews, tests) may lack plugins: then only the store currency.
  const plugin = (store.state.subdomain?.plugins?.currency ?? store.state.plugins?.currency) as CurrencyPlugin | undefined;
  const currencies = availableCurrencies(plugin, storeCode);
  const fallback = (currencies[0] ?? (isSupported(storeCode) ? storeCode : DEFAULT_CURRENCY)) as CurrencyCode;
  const code = current && (currencies as string[]).includes(current) ? (current as CurrencyCode) : fallback;
  return {
    storeCode,
    code,
    currencies,
    enabled: plugin?.enabled === true && currencies.length > 1,
    setCurrency,
    formatPrice: (minor) => formatConverted(minor, storeCode, code),
  };
}

/** `formatPrice(minor)` in the shopper's currency. */
export const useFormatPrice = () => useCurrency().formatPrice;
