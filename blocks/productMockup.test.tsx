// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import ProductMockup, { MOCKUP_EMPTY } from './productMockup';
import type { ProductMockupProperties } from '../src/core/generated/blockProperties';
import { blockOf, DIVISION_ID, json, mockFetch, page, pendingFetch, product, renderInStore } from './commerce/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderMockup = (properties: Record<string, unknown> = {}) => {
  const { block, properties: p } = blockOf<ProductMockupProperties>('productMockup', properties);
  return renderInStore(<ProductMockup block={block} properties={p} mode="native" />);
};
const option = (colourName: string, hex: string) => ({
  id: hex.length,
  colourName,
  colourValue: `#${hex}`,
  pro: false,
  thumbnail: null,
  images: [{ src: `/media/mockup/hoodie/${hex}/leaf.svg`, alt: `Evergreen Hoodie in ${colourName}`, color: `#${hex}` }],
  sizes: [],
  stock: {},
});
const hoodie = {
  ...product({ urlName: 'evergreen-hoodie', name: 'Evergreen Hoodie', price: 4800, description: 'Brushed-back organic fleece.' }),
  defaultColour: 'Forest Green',
  colours: [
    { text: 'Forest Green', value: '#2f5d3a' },
    { text: 'Black', value: '#1f1f1f' },
  ],
  options: [option('Forest Green', '2f5d3a'), option('Black', '1f1f1f')],
};

describe('productMockup block', () => {
  it('shows the product large with its colours as swatches that change the picture and link', async () => {
    const fetch = mockFetch(() => json(hoodie));
    renderMockup({ product: 'evergreen-hoodie' });
    expect(await screen.findByRole('heading', { name: 'Evergreen Hoodie' })).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe(`/omnis/v3/division/${DIVISION_ID}/products/evergreen-hoodie/`);
    expect(screen.getByRole('img', { name: 'Evergreen Hoodie in Forest Green' })).toBeTruthy();
    expect(screen.getByText('£48.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop now' }).getAttribute('href')).toBe('/product/evergreen-hoodie/');
    const black = screen.getByRole('button', { name: 'Black' });
    fireEvent.click(black);
    expect(black.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('img', { name: 'Evergreen Hoodie in Black' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop now' }).getAttribute('href')).toBe('/product/evergreen-hoodie/Black/');
  });

  it('starts on the block’s colour and title', async () => {
    mockFetch(() => json(hoodie));
    renderMockup({ product: 'evergreen-hoodie', colour: 'Black', title: 'Our warmest hoodie' });
    expect(await screen.findByRole('heading', { name: 'Our warmest hoodie' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Black' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('suggests the best seller of the collection when no product is set', async () => {
    const fetch = mockFetch((url) => (url.includes('/products/?') ? json(page([product({ urlName: 'evergreen-hoodie' })])) : json(hoodie)));
    renderMockup({ collection: 'hoodies-and-sweatshirts' });
    await screen.findByRole('heading', { name: 'Evergreen Hoodie' });
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([
      `/omnis/v3/division/${DIVISION_ID}/products/?collection=hoodies-and-sweatshirts&sort=bestsellerOrder&limit=1`,
      `/omnis/v3/division/${DIVISION_ID}/products/evergreen-hoodie/`,
    ]);
  });

  it('shows loading, gone and error states', async () => {
    pendingFetch();
    renderMockup({ product: 'x' });
    expect(screen.getByRole('status', { name: 'Loading product' })).toBeTruthy();
    cleanup();
    mockFetch(() => json({ message: 'Product not found' }, 404));
    renderMockup({ product: 'gone' });
    expect(await screen.findByText(MOCKUP_EMPTY)).toBeTruthy();
    cleanup();
    mockFetch(() => json({}, 500));
    renderMockup({ product: 'x' });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
