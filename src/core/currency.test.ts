import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES, convertMinor, describeCurrency, formatConverted, formatMoney } from './currency';
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
