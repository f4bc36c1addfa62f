import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CURRENCY_FORMATS } from './generated/currencyFormats';
import { intlFormat } from '../../scripts/gen-currency-formats';
import { CURRENCY_LOCALES, DEFAULT_CURRENCY, SUPPORTED_CURRENCIES, convertMinor, fractionDigits, describeCurrency, formatConverted, formatMoney } from './currency';
import { createSchemaRegistry } from './schemas/registry';
import { readSchemaSet } from '../../server/schemas/load';

const registry = createSchemaRegistry(readSchemaSet());

describe('currencies (§3 Currency, §9)', () => {
  it('supports exactly the 33 codes of §9 with GBP as the default', () => {
    expect(SUPPORTED_CURRENCIES).toHaveLength(33);
    expect(new Set(SUPPORTED_CURRENCIES).size).toBe(33);
    expect(DEFAULT_CURRENCY).toBe('GBP');
    expect((registry.schema('entities/currency')!.properties as { code: { enum: string[] } }).code.enum).toEqual([...SUPPORTED_CURRENCIES]);
  });

  it.each(SUPPORTED_CURRENCIES)('%s is described from Intl and valid against entities/currency.json', (code) => {
    expect(registry.validate('entities/currency', describeCurrency(code))).toEqual([]);
  });

  it('EUR uses comma decimal and dot thousands; GBP puts its symbol on the left', () => {
    expect(describeCurrency('EUR')).toMatchObject({ decimalPoint: ',', thousandsSeparator: '.', symbol: '€' });
    expect(describeCurrency('GBP')).toMatchObject({ symbol: '£', symbolAlign: 'left', decimalPoint: '.', subScript: 2 });
    expect(formatMoney(123456, 'GBP')).toBe('£1,234.56');
    expect(formatMoney(123456, 'EUR')).toBe('1.234,56\u00a0€');
    expect(formatMoney(1234, 'JPY')).toBe('JP¥1,234');
  });
});

describe('a store’s own exchange rates (Settings → Currencies)', () => {
  it('convert with the store’s rates when it saved them, else §9’s table', () => {
    // A £25 tee at the seeded pound rate is not ¥25.
    expect(formatConverted(2500, 'GBP', 'JPY', { JPY: 190 })).toBe(formatMoney(4750, 'JPY'));
    expect(convertMinor(2500, 'GBP', 'USD', { JPY: 190 })).toBe(5000);
    expect(convertMinor(2500, 'GBP', 'USD')).toBe(5000);
    expect(convertMinor(2500, 'GBP', 'EUR', { EUR: 1.17 })).toBe(2925);
  });
});

describe('prices are written without building Intl formats in the browser', () => {
  it('from a table that is what Intl says for every §9 currency (run scripts/gen-currency-formats.ts when it is not)', () => {
    expect(Object.keys(CURRENCY_FORMATS)).toEqual([...SUPPORTED_CURRENCIES]);
    for (const code of SUPPORTED_CURRENCIES) expect(CURRENCY_FORMATS[code], code).toEqual(intlFormat(code));
  });

  it('exactly as Intl writes any amount, positive, negative or zero, in every §9 currency', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SUPPORTED_CURRENCIES), fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -(2 ** 43), max: 2 ** 43 })), (code, minor) => {
        const intl = new Intl.NumberFormat(CURRENCY_LOCALES[code] ?? 'en-GB', { style: 'currency', currency: code });
        expect(formatMoney(minor, code)).toBe(intl.format(minor / 10 ** fractionDigits(code)));
      }),
      { numRuns: 2000 },
    );
  });

  it('a code outside the list still formats, through Intl', () => {
    expect(formatMoney(12345, 'MAD')).toBe(new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'MAD' }).format(123.45));
    expect(fractionDigits('KWD')).toBe(3);
  });
});
