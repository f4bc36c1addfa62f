// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import ProductList, { PRODUCT_LIST_EMPTY } from './productList';
import type { ProductListProperties } from '../src/core/generated/blockProperties';
import { blockOf, DIVISION_ID, json, mockFetch, page, pendingFetch, product, renderInStore } from './commerce/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderList = (properties: Record<string, unknown> = {}) => {
  const { block, properties: p } = blockOf<ProductListProperties>('productList', properties);
  return renderInStore(<ProductList block={block} properties={p} mode="native" />);
};

describe('productList block', () => {
  it('asks for the §3 defaults: best sellers, 4 products, one colour per design', async () => {
    const fetch = mockFetch(() => json(page([])));
    renderList();
    await screen.findByText(PRODUCT_LIST_EMPTY);
    expect(fetch.mock.calls[0]![0]).toBe(`/omnis/v3/division/${DIVISION_ID}/products/?sort=bestsellerOrder&limit=4&removeDuplicates=1`);
  });

  it('shows skeleton cards while loading', () => {
    pendingFetch();
    renderList({ limit: 3 });
    const status = screen.getByRole('status', { name: 'Loading products' });
    expect(status.querySelectorAll('.commerce-skeleton__item')).toHaveLength(3);
  });

  it('draws cards with image, name, link and money, and the sale price beside the old one', async () => {
    mockFetch(() =>
      json(page([product(), product({ id: 2, urlName: 'tidal-tee', name: 'Tidal Tee', price: 2500, salePrice: 1900, onSale: true, colours: [] })])),
    );
    renderList({ title: 'Best sellers', collection: 't-shirts' });
    const link = await screen.findByRole('link', { name: 'Fern Organic Tee' });
    expect(link.getAttribute('href')).toBe('/product/fern-organic-tee/Natural%20White/');
    expect(link.querySelector('img')!.getAttribute('src')).toBe('/media/mockup/tshirt/f5f3ec/fern.svg');
    expect(screen.getByRole('link', { name: 'Tidal Tee' }).getAttribute('href')).toBe('/product/tidal-tee/');
    const prices = [...document.querySelectorAll('.commerce-price')].map((el) => el.textContent);
    expect(prices).toEqual(['£25.00', 'Sale price £19.00 Was £25.00']);
    expect(screen.getByText('Sale')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Best sellers' })).toBeTruthy();
    // "Shop all" falls back to the collection page.
    expect(screen.getByRole('link', { name: /Shop all/ }).getAttribute('href')).toBe('/collection/t-shirts/');
  });

  it('hides prices when showPrice is off', async () => {
    mockFetch(() => json(page([product()])));
    renderList({ showPrice: false });
    await screen.findByRole('link', { name: 'Fern Organic Tee' });
    expect(screen.queryByText('£25.00')).toBeNull();
  });

  it('shows the empty state for an unknown collection (404)', async () => {
    mockFetch(() => json({ message: 'Collection not found' }, 404));
    renderList({ collection: 'gone' });
    expect(await screen.findByText(PRODUCT_LIST_EMPTY)).toBeTruthy();
  });

  it('shows an error with a retry that loads again', async () => {
    let calls = 0;
    mockFetch(() => (++calls === 1 ? json({ message: '500 Server error' }, 500) : json(page([product()]))));
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Oops... looks like something went wrong. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Fern Organic Tee' })).toBeTruthy();
  });
});
