/** §3 Currency, described from Intl so symbols, positions and separators are the platform's, not ours. */

export const DEFAULT_CURRENCY = 'GBP';

export interface Currency {
  code: string;
  name: string;
  symbol: string;
  symbolAlign: 'left' | 'right';
  decimalPoint: string;
  thousandsSeparator: string;
  subScript: number; // minor-unit digits
  conversionRate: number;
}

/** Locale whose conventions a currency is shown in (§9: EUR uses comma decimal and dot thousands). */
const LOCALE_OF: Record<string, string> = { EUR: 'de-DE' };

export function describeCurrency(code: string, conversionRate = 1): Currency {
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

/** Formats integer minor units (pence, cents) in a currency. */
export function formatMoney(minor: number, code: string): string {
  const { subScript } = describeCurrency(code);
  return new Intl.NumberFormat(LOCALE_OF[code] ?? 'en-GB', { style: 'currency', currency: code }).format(minor / 10 ** subScript);
}
