import { describe, expect, it } from 'vitest';
import { EU_COUNTRY_CODES, isEuCountry, toEuCountryCode } from './countries';

describe('EU country codes (§5.2)', () => {
  it('is the spec list, verbatim and in order', () => {
    expect(EU_COUNTRY_CODES.join(', ')).toBe('BE, BG, CZ, DK, DE, EE, IE, EL, ES, FR, HR, IT, CY, LV, LT, LU, HU, MT, NL, AT, PL, PT, RO, SI, SK, FI, SE');
    expect(EU_COUNTRY_CODES).not.toContain('GR');
  });

  it.each(EU_COUNTRY_CODES.map((code) => [code]))('%s is in the EU', (code) => expect(isEuCountry(code)).toBe(true));

  it('accepts ISO GR as an alias for EL, in any case', () => {
    expect(toEuCountryCode('GR')).toBe('EL');
    expect(toEuCountryCode(' gr ')).toBe('EL');
    expect(toEuCountryCode('el')).toBe('EL');
    expect(toEuCountryCode('fr')).toBe('FR');
  });

  it.each([['GB'], ['UK'], ['CH'], ['NO'], ['US'], [''], [null], [undefined], ['EU']])('%j is not', (code) => {
    expect(isEuCountry(code)).toBe(false);
    expect(toEuCountryCode(code)).toBeUndefined();
  });
});
