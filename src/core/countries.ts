/**
 * §5.2 EU country codes, verbatim and in the spec's order. Greece is EL (its EU/VAT code), not the
 * ISO 3166 GR; isEuCountry accepts both because country cookies and addresses carry ISO codes.
 */
export const EU_COUNTRY_CODES = [
  'BE', 'BG', 'CZ', 'DK', 'DE', 'EE', 'IE', 'EL', 'ES', 'FR', 'HR', 'IT', 'CY', 'LV',
  'LT', 'LU', 'HU', 'MT', 'NL', 'AT', 'PL', 'PT', 'RO', 'SI', 'SK', 'FI', 'SE',
] as const;

export type EuCountryCode = (typeof EU_COUNTRY_CODES)[number];

const ISO_ALIASES: Record<string, EuCountryCode> = { GR: 'EL' };
const EU = new Set<string>(EU_COUNTRY_CODES);

/** The §5.2 code for an ISO or EU code in any case ("gr" → "EL"), or undefined outside the EU. */
export function toEuCountryCode(code: string | null | undefined): EuCountryCode | undefined {
  const upper = (code ?? '').trim().toUpperCase();
  const eu = ISO_ALIASES[upper] ?? upper;
  return EU.has(eu) ? (eu as EuCountryCode) : undefined;
}

export const isEuCountry = (code: string | null | undefined): boolean => toEuCountryCode(code) !== undefined;
