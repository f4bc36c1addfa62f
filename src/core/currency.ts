/** §3 Currency, described from Intl so symbols, positions and separators are the platform's, not ours. */
import type { Currency } from './generated/blockProperties';
import { CURRENCY_FORMATS } from './generated/currencyFormats';

export type { Currency };

export const DEFAULT_CURRENCY = 'GBP';

/** §9 supported currencies, in the spec's order. */
export const SUPPORTED_CURRENCIES = [
  'GBP', 'USD', 'EUR', 'CAD', 'AUD', 'JPY', 'KRW', 'NOK', 'SEK', 'DKK', 'BGN', 'BRL', 'CNY', 'NZD', 'CZK', 'HKD', 'HRK',
  'HUF', 'IDR', 'INR', 'ISK', 'ILS', 'CHF', 'MXN', 'MYR', 'PHP', 'PLN', 'RON', 'RUB', 'SGD', 'THB', 'TRY', 'ZAR',
] as const;
export type CurrencyCode = (typeof SUPPORTED_CURRENCIES)[number];

/** Locale whose conventions a currency is shown in (§9: EUR uses comma decimal and dot thousands); else en-GB. */
export const CURRENCY_LOCALES: Readonly<Record<string, string>> = { EUR: 'de-DE' };

/**
 * How amounts of one currency are written: minor-unit digits, separators, and what stands before and after the
 * number when it is positive or negative (symbol, spaces, minus sign). Read from Intl by
 * scripts/gen-currency-formats.ts into src/core/generated/currencyFormats.ts.
 */
export interface CurrencyFormat {
  digits: number;
  group: string;
  decimal: string;
  positive: readonly [string, string];
  negative: readonly [string, string];
}

export function describeCurrency(code: CurrencyCode, conversionRate = 1): Currency {
  const locale = CURRENCY_LOCALES[code] ?? 'en-GB';
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code }).formatToParts(12345.67);
  const symbolIndex = parts.findIndex((p) => p.type === 'currency');
  const integerIndex = parts.findIndex((p) => p.type === 'integer');
  const fraction = parts.find((p) => p.type === 'fraction');
  return {
    code,
    name: new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code,
    symbol: parts[symbolIndex]?.value ?? code,
    symbolAlign: symbolIndex < integerIndex ? 'left' : 'right',
    decimalPoint: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    thousandsSeparator: parts.find((p) => p.type === 'group')?.value ?? ',',
    subScript: fraction?.value.length ?? 0,
    conversionRate,
  };
}

const intlFormats = new Map<string, Intl.NumberFormat>();
/** A code outside §9's list (an old order's, say) is still written, by Intl. */
const intlFormat = (code: string) => {
  let format = intlFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat(CURRENCY_LOCALES[code] ?? 'en-GB', { style: 'currency', currency: code });
    intlFormats.set(code, format);
  }
  return format;
};

/** Formats integer minor units (pence, cents) in a currency, exactly as Intl would (see CurrencyFormat). */
export function formatMoney(minor: number, code: string): string {
  const format = CURRENCY_FORMATS[code];
  if (!format) {
    const intl = intlFormat(code);
    return intl.format(minor / 10 ** (intl.resolvedOptions().maximumFractionDigits ?? 2));
  }
  const units = Math.round(Math.abs(minor));
  const scale = 10 ** format.digits;
  const whole = String(Math.floor(units / scale)).replace(/\B(?=(\d{3})+(?!\d))/g, format.group);
  const number = format.digits > 0 ? `${whole}${format.decimal}${String(units % scale).padStart(format.digits, '0')}` : whole;
  const [before, after] = minor < 0 && units > 0 ? format.negative : format.positive;
  return `${before}${number}${after}`;
}

export const CURRENCY_COOKIE = 'currency';
/** §9 conversion rates against the store currency; a currency not listed converts at 1. */
export const CONVERSION_RATES: Readonly<Partial<Record<CurrencyCode, number>>> = { USD: 2 };
/**
 * Units of `code` per unit of the store currency: the store's own rates when it saved them (Settings → Currencies,
 * or its rates feed), else §9's table.
 */
export type Rates = Readonly<Record<string, number>>;
export const rateOf = (code: string, rates?: Rates): number => {
  const own = rates?.[code];
  return typeof own === 'number' && own > 0 ? own : (CONVERSION_RATES[code as CurrencyCode] ?? 1);
};

/** Minor-unit digits of a currency (JPY 0, GBP 2 …). */
export function fractionDigits(code: string): number {
  return CURRENCY_FORMATS[code]?.digits ?? intlFormat(code).resolvedOptions().maximumFractionDigits ?? 2;
}

export const isSupported = (code: string): code is CurrencyCode => (SUPPORTED_CURRENCIES as readonly string[]).includes(code);

/** Converts minor units of one currency into minor units of another (rounded to the target's minor unit). */
export function convertMinor(minor: number, from: string, to: string, rates?: Rates): number {
  if (from === to) return minor;
  const major = (minor / 10 ** fractionDigits(from)) * (rateOf(to, rates) / rateOf(from, rates));
  return Math.round(major * 10 ** fractionDigits(to));
}

/** Minor units of the store currency, shown in `to`. */
export const formatConverted = (minor: number, from: string, to: string, rates?: Rates) => formatMoney(convertMinor(minor, from, to, rates), to);

export interface CurrencyPlugin {
  enabled?: boolean;
  mainCurrency?: string;
  currencies?: string;
  /** Units per 1 main currency, as the store saved them. */
  rates?: Record<string, number>;
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
export function conversionLowersTotal(lines: readonly { unitPrice: number; quantity: number }[], from: string, to: string, rates?: Rates): boolean {
  if (from === to || lines.length === 0) return false;
  const shown = lines.reduce((sum, l) => sum + convertMinor(l.unitPrice, from, to, rates) * l.quantity, 0);
  const total = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const exact = (total / 10 ** fractionDigits(from)) * (rateOf(to, rates) / rateOf(from, rates)) * 10 ** fractionDigits(to);
  return shown < exact - 1e-9;
}
/** §9 basket notice timing. */
export const BASKET_NOTICE = { text: 'Discount applied due to improved exchange rates', delayMs: 500, durationMs: 10_000 } as const;
