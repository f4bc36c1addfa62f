import { describe, expect, it } from 'vitest';
import { isAppRoute, matchesPattern, statusOfAddress } from './appRoutes';

describe('matchesPattern', () => {
  it('matches named and optional segments as the router does', () => {
    expect(matchesPattern('/product/:product/:colour?/', '/product/fern-tee/')).toBe(true);
    expect(matchesPattern('/product/:product/:colour?/', '/product/fern-tee/green')).toBe(true);
    expect(matchesPattern('/product/:product/:colour?/', '/product/')).toBe(false);
    expect(matchesPattern('/product/:product/:colour?/', '/product/a/b/c/')).toBe(false);
    expect(matchesPattern('/learn/*', '/learn/a/b')).toBe(true);
    expect(matchesPattern('/Basket/', '/basket')).toBe(true);
    expect(matchesPattern('/basket/', '/basket/?x=1')).toBe(true);
  });
});

describe('statusOfAddress', () => {
  it('answers 200 for store pages and app screens, 404 for everything else and the not-found page', () => {
    expect(statusOfAddress('/about/', true)).toBe(200);
    expect(statusOfAddress('/login/', false)).toBe(200);
    expect(statusOfAddress('/receipt/abc', false)).toBe(200);
    expect(statusOfAddress('/no-such-page/', false)).toBe(404);
    expect(statusOfAddress('/login/extra/', false)).toBe(404);
    expect(statusOfAddress('/404/', true)).toBe(404);
    expect(isAppRoute('/')).toBe(false);
  });
});
