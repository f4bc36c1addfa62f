import { describe, expect, it } from 'vitest';
import { SUPPORTED_CURRENCIES, formatMoney } from '../core/currency';
import { availableCurrencies, BASKET_NOTICE, conversionLowersTotal, convertMinor, CONVERSION_RATES, formatConverted, fractionDigits, rateOf } from '../core/currency';
import { FAVOURITES_TEST } from './splitTest';
import { chooseVariation, FAVOURITES_SPLIT_TEST, splitTestErrors, splitTestMessages, splitTestMissingMessage, splitTestStates } from '../core/splitTests';
import { CONFETTI, particlePath } from './favourites/confetti';
import { EMPTY_LIST, replaceList, type BasketState } from './basket/store';
import type { BasketItem } from '../core/api/basket';

describe('§9 currencies', () => {
  it('converts at USD 2 and 1 for every other code, and formats all 33 codes with Intl', () => {
    expect(CONVERSION_RATES).toEqual({ USD: 2 });
    expect(SUPPORTED_CURRENCIES).toHaveLength(33);
    for (const code of SUPPORTED_CURRENCIES) {
      expect(rateOf(code)).toBe(code === 'USD' ? 2 : 1);
      const minor = convertMinor(2500, 'GBP', code);
      const digits = fractionDigits(code);
      expect(minor).toBe(Math.round(25 * rateOf(code) * 10 ** digits));
      const text = formatConverted(2500, 'GBP', code);
      expect(text).toBe(formatMoney(minor, code));
      expect(text).toMatch(code === 'USD' ? /50/ : /25/);
    }
    expect(formatConverted(2500, 'GBP', 'GBP')).toBe('£25.00');
    expect(formatConverted(2500, 'GBP', 'USD')).toBe('US$50.00');
    expect(formatConverted(123456, 'GBP', 'EUR')).toMatch(/^1\.234,56\s€$/);
    expect(formatConverted(1999, 'GBP', 'JPY')).toBe('JP¥20');
  });

  it('offers the main currency then the plugin list (supported codes only, no duplicates); off → main only', () => {
    expect(availableCurrencies({ enabled: true, mainCurrency: 'GBP', currencies: 'GBP, eur,USD,XXX' })).toEqual(['GBP', 'EUR', 'USD']);
    expect(availableCurrencies({ enabled: false, mainCurrency: 'GBP', currencies: 'EUR' })).toEqual(['GBP']);
    expect(availableCurrencies(undefined)).toEqual(['GBP']);
  });

  it('shows the basket notice only when rounded line conversions total less than the exact conversion', () => {
    expect(BASKET_NOTICE).toEqual({ text: 'Discount applied due to improved exchange rates', delayMs: 500, durationMs: 10000 });
    expect(conversionLowersTotal([{ unitPrice: 1949, quantity: 2 }], 'GBP', 'JPY')).toBe(true); // ¥19 × 2 < ¥38.98
    expect(conversionLowersTotal([{ unitPrice: 1999, quantity: 1 }], 'GBP', 'JPY')).toBe(false); // ¥20 > ¥19.99
    expect(conversionLowersTotal([{ unitPrice: 1949, quantity: 1 }], 'GBP', 'EUR')).toBe(false);
    expect(conversionLowersTotal([{ unitPrice: 1949, quantity: 1 }], 'GBP', 'GBP')).toBe(false);
  });
});

describe('§4 split tests', () => {
  const q = (s: string) => new URLSearchParams(s);
  const state = (variation: string | null) => ({ variation, availableVariations: ['hide', 'show'], default: 'hide' });
  it('favourites: favourite_products with variations hide (default) and show; §8 message for a missing test', () => {
    expect(FAVOURITES_SPLIT_TEST).toEqual({ code: 'favourite_products', name: 'Favourites', variations: ['hide', 'show'], defaultVariation: 'hide', active: true });
    expect(FAVOURITES_TEST).toEqual({ code: 'favourite_products', fallback: 'hide' });
    expect(splitTestMissingMessage('x')).toBe("Split Test x doesn't exist or is no longer active.");
    expect(chooseVariation('x', undefined, q('x=show'), 'hide')).toEqual({ variation: 'hide', problem: "Split Test x doesn't exist or is no longer active." });
  });
  it('the query parameter named after the test wins, then the session, then the default; an unknown variation is reported', () => {
    expect(chooseVariation('favourite_products', state('hide'), q('favourite_products=show'), 'hide')).toEqual({ variation: 'show', problem: null });
    expect(chooseVariation('favourite_products', state('show'), q(''), 'hide').variation).toBe('show');
    expect(chooseVariation('favourite_products', state(null), q(''), 'hide').variation).toBe('hide');
    expect(chooseVariation('favourite_products', { ...state(null), default: 'show' }, q(''), 'hide').variation).toBe('show');
    expect(chooseVariation('favourite_products', state(null), q('favourite_products=blue'), 'hide')).toEqual({
      variation: 'hide',
      problem: 'Variation blue is not part of split test favourite_products',
    });
  });
  it('store state: active tests only, with the session variation when it is one of the test\'s', () => {
    const tests = [FAVOURITES_SPLIT_TEST, { code: 'hero', name: 'Hero', variations: ['a', 'b'], defaultVariation: 'a', active: false }];
    expect(splitTestStates(tests, (code) => (code === 'favourite_products' ? 'show' : 'b'))).toEqual({
      favourite_products: { code: 'favourite_products', name: 'Favourites', variation: 'show', availableVariations: ['hide', 'show'], default: 'hide', discovered: true },
    });
    expect(splitTestStates(tests, () => 'purple').favourite_products).toMatchObject({ variation: null, discovered: false });
  });
  it('settings: §5.1 messages per test, two to ten distinct variations, the default one of them, codes unique', () => {
    const check = (value: unknown, rules: unknown) => (rules && String(value).trim() === '' ? 'This field is required' : /[^a-z0-9_-]/i.test(String(value)) && String(rules).includes('alpha_dash') ? 'bad' : null);
    expect(
      splitTestErrors(
        [
          { code: 'hero', name: 'Hero', variations: ['a'], defaultVariation: 'b', active: true },
          { code: 'hero', name: '', variations: ['x', 'x'], defaultVariation: 'x', active: true },
        ],
        check,
      ),
    ).toEqual({
      'tests.0.variations': splitTestMessages.twoVariations,
      'tests.0.defaultVariation': splitTestMessages.defaultNotAVariation,
      'tests.1.code': splitTestMessages.codeTaken,
      'tests.1.name': 'This field is required',
      'tests.1.variations': splitTestMessages.sameVariation,
    });
    expect(splitTestErrors([FAVOURITES_SPLIT_TEST], check)).toEqual({});
  });
});

describe('§9 confetti', () => {
  it('has 40 particles, spread 50, velocity 30, 70 ticks; particles go up within the spread', () => {
    expect(CONFETTI).toEqual({ particles: 40, spread: 50, velocity: 30, ticks: 70 });
    const straightUp = particlePath(0, () => 0.5);
    expect(Math.abs(straightUp.dx)).toBeLessThan(1e-9);
    const edge = particlePath(1, () => 1);
    const angle = Math.atan2(-(edge.dy - 0.5 * 0.6 * 70 * 70 * 0.5), edge.dx) * (180 / Math.PI);
    expect(Math.abs(angle - 115)).toBeLessThan(1e-6); // 90° + 50°/2
  });
});

describe('§4 basket store', () => {
  const item = (key: string, quantity = 1): BasketItem => ({
    key, quantity, name: key, priceIncTax: 100, image: null, options: { colour: null, size: null }, productUuid: 'u', productId: 1, productUrl: 'x', productColor: null, productSize: null, stock: null,
  });
  it('replaces the list with the server answer, never merging', () => {
    const start: BasketState = { main: { items: [item('a', 2), item('b')], subtotal: 300, count: 3 }, favourites: { items: [item('f')], subtotal: 100, count: 1 }, loaded: { main: true, favourites: true } };
    const next = replaceList(start, 'main', { items: [item('c')], subtotal: 100, count: 1 });
    expect(next.main.items.map((i) => i.key)).toEqual(['c']);
    expect(next.main).toEqual({ items: [item('c')], subtotal: 100, count: 1 });
    expect(next.favourites).toBe(start.favourites);
    const emptied = replaceList(next, 'main', EMPTY_LIST);
    expect(emptied.main.items).toEqual([]);
    const fresh = replaceList({ main: EMPTY_LIST, favourites: EMPTY_LIST, loaded: { main: false, favourites: false } }, 'favourites', { items: [item('z', 2)] } as never);
    expect(fresh.favourites.count).toBe(2);
    expect(fresh.loaded).toEqual({ main: false, favourites: true });
  });
});
