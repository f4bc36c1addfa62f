import { describe, expect, it } from 'vitest';
import type { PageRoute } from '../../core/storeData';
import { accessForPage, parseDeclaredAccess } from './pageAccess';

const page = (over: Partial<PageRoute> & { access?: unknown } = {}): PageRoute =>
  ({ id: 1, url: '/p/', name: 'p', layout: 'standard', title: 'P', description: '', loginState: 'everyone', storefront: true, isSearchable: true, searchIcon: null, sitemap: true, published: true, homepage: false, ...over }) as PageRoute;

describe('store page guards from route meta', () => {
  it('every store page gets the storefront gate; loginState logged-in / logged-out / dashboard-access the matching guard', () => {
    expect(accessForPage(page())).toEqual({ storefront: true });
    expect(accessForPage(page({ loginState: 'logged-in' }))).toEqual({ storefront: true, loginState: 'logged-in' });
    expect(accessForPage(page({ loginState: 'logged-out' }))).toEqual({ storefront: true, loginState: 'logged-out' });
    expect(accessForPage(page({ loginState: 'dashboard-access' }))).toEqual({ storefront: true, loginState: 'dashboard-access' });
    expect(accessForPage(page({ loginState: 'nonsense' }))).toEqual({ storefront: true });
    expect(accessForPage(page({ published: false }))).toEqual({ storefront: true, published: false });
  });

  it('reads the guard kinds a page declares and ignores malformed ones', () => {
    expect(
      parseDeclaredAccess({
        pro: true,
        turbo: 'yes',
        badge: { badge: 'card', completed: false },
        country: 'EU',
        splitTest: { name: 'homepage', variation: 'new' },
        permissions: ['pages.edit'],
      }),
    ).toEqual({ pro: true, badge: { badge: 'card', completed: false }, country: 'EU', splitTest: { name: 'homepage', variation: 'new' }, permissions: ['pages.edit'] });
    expect(parseDeclaredAccess({ badge: { badge: 'unknown', completed: true }, country: 'US', splitTest: { name: 1 } })).toEqual({});
    expect(parseDeclaredAccess(null)).toEqual({});
    expect(accessForPage(page({ access: { turboOrInternal: true } }))).toEqual({ storefront: true, turboOrInternal: true });
  });
});
