// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import Catalog, { CATALOG_EMPTY } from './catalog';
import type { CatalogProperties } from '../src/core/generated/blockProperties';
import { blockOf, DIVISION_ID, json, mockFetch, page, pendingFetch, product, renderInStore } from './commerce/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderCatalog = (properties: Record<string, unknown> = {}) => {
  const { block, properties: p } = blockOf<CatalogProperties>('catalog', properties);
  return renderInStore(<Catalog block={block} properties={p} mode="native" />);
};
const collections = {
  data: [
    { id: 1, name: 'T-Shirts', urlName: 't-shirts', description: '', banner: { src: '/a.svg', alt: '', thumbnails: { original: '/a.svg', '480': '/a.svg' } }, productCount: 6 },
    { id: 2, name: 'Empty', urlName: 'empty', description: '', banner: null, productCount: 0 },
  ],
};
const tee = (id: number) => product({ id, urlName: `tee-${id}`, name: `Tee ${id}` });

describe('catalog block', () => {
  it('loads more products onto the list until all are shown', async () => {
    const fetch = mockFetch((url) => {
      if (url.includes('/collections/')) return json(collections);
      const pageNo = Number(new URL(url, 'http://x').searchParams.get('page'));
      return json(page(pageNo === 1 ? [tee(1), tee(2), tee(3), tee(4)] : [tee(5)], { total: 5, page: pageNo }));
    });
    renderCatalog({ limit: 4, infiniteScroll: false });
    await screen.findByRole('link', { name: 'Tee 4' });
    expect(screen.getByText('Showing 4 of 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Tee 5' });
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('product-card'))).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const productCalls = fetch.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('/products/'));
    expect(productCalls).toEqual([
      `/omnis/v3/division/${DIVISION_ID}/products/?sort=bestsellerOrder&limit=4&page=1&removeDuplicates=1`,
      `/omnis/v3/division/${DIVISION_ID}/products/?sort=bestsellerOrder&limit=4&page=2&removeDuplicates=1`,
    ]);
  });

  it('narrows to a collection tile and re-sorts from the first page', async () => {
    const fetch = mockFetch((url) => (url.includes('/collections/') ? json(collections) : json(page([tee(1)]))));
    renderCatalog();
    const tiles = await screen.findByRole('group', { name: 'Collections' });
    // Collections without products are not offered.
    expect(within(tiles).queryByRole('button', { name: 'Empty' })).toBeNull();
    fireEvent.click(within(tiles).getByRole('button', { name: 'T-Shirts' }));
    expect(within(tiles).getByRole('button', { name: 'T-Shirts' }).getAttribute('aria-pressed')).toBe('true');
    await screen.findByRole('link', { name: 'Tee 1' });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price-low-high' } });
    await screen.findByRole('link', { name: 'Tee 1' });
    const last = fetch.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('/products/')).at(-1);
    expect(last).toBe(`/omnis/v3/division/${DIVISION_ID}/products/?collection=t-shirts&sort=price-low-high&limit=24&page=1&removeDuplicates=1`);
  });

  it('shows no tiles when fixed to a collection', async () => {
    const fetch = mockFetch(() => json(page([tee(1)])));
    renderCatalog({ collection: 'accessories' });
    await screen.findByRole('link', { name: 'Tee 1' });
    expect(screen.queryByRole('group', { name: 'Collections' })).toBeNull();
    expect(fetch.mock.calls.every((c) => !String(c[0]).includes('/collections/'))).toBe(true);
  });

  it('shows loading, empty and error states', async () => {
    pendingFetch();
    renderCatalog({ limit: 4 });
    expect(screen.getByRole('status', { name: 'Loading products' })).toBeTruthy();
    cleanup();
    mockFetch((url) => (url.includes('/collections/') ? json(collections) : json(page([]))));
    renderCatalog();
    expect(await screen.findByText(CATALOG_EMPTY)).toBeTruthy();
    cleanup();
    mockFetch((url) => (url.includes('/collections/') ? json(collections) : json({}, 500)));
    renderCatalog();
    expect((await screen.findByRole('alert')).textContent).toContain('Oops... looks like something went wrong. Please try again.');
  });
});
