/** §3 Currency, described from Intl so symbols, positions and separators are the platform's, not ours. */
import type { Currency } from './generated/blockProperties';

export type { Currency };

export const DEFAULT_CURRENCY = 'GBP';

/** §9 supported currencies, in the spec's order. */
export const SUPPORTED_CURRENCIES = [
  'GBP', 'USD', 'EUR', 'CAD', 'AUD', 'JPY', 'KRW', 'NOK', 'SEK', 'DKK', 'BGN', 'BRL', 'CNY', 'NZD', 'CZK', 'HKD', 'HRK',
  'HUF', 'IDR', 'INR', 'ISK', 'ILS', 'CHF', 'MXN', 'MYR', 'PHP', 'PLN', 'RON', 'RUB', 'SGD', 'THB', 'TRY', 'ZAR',
] as const;
export type CurrencyCode = (typeof SUPPORTED_CURRENCIES)[number];

/** Locale whose conventions a currency is shown in (§9: EUR uses comma decimal and dot thousands). */
const LOCALE_OF: Record<string, string> = { EUR: 'de-DE' };

export function describeCurrency(code: CurrencyCode, conversionRate = 1): Currency {
  const locale = LOCALE_OF[code] ?? 'en-GB';
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

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats integer minor units (pence, cents) in a currency; Intl formatters are built once per currency. */
export function formatMoney(minor: number, code: string): string {
  let format = formatters.get(code);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_OF[code] ?? 'en-GB', { style: 'currency', currency: code });
    formatters.set(code, format);
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
