// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { StoreContext } from '../../app/StoreContext';
import { describeCurrency } from '../../core/currency';
import { buildScreenHeadData, productScreen } from '../../core/head';
import type { ProductDetail } from '../../core/catalogue';
import type { StoreCoreData } from '../../core/storeData';
import { DIVISION_ID, json, mockFetch, page, product } from '../../../blocks/commerce/testing';
import { COMMUNITY_TITLE, ProductPage } from './ProductPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

const option = (colourName: string, hex: string) => ({
  id: hex.length,
  colourName,
  colourValue: `#${hex}`,
  pro: false,
  thumbnail: `/media/mockup/tshirt/${hex}/fern.svg`,
  images: [{ src: `/media/mockup/tshirt/${hex}/fern.svg`, alt: `Fern Organic Tee in ${colourName}`, color: `#${hex}` }],
  sizes: [{ size: 'M', sku: `FT-001-${hex}-M`, variantId: hex.length, quantity: 7 }],
  stock: { M: { quantity: 7 } },
});
const ugc = [
  { src: '/media/community/forest/tshirt/2f5d3a/fern.svg', alt: "Maya's Forest Green tee on the line", color: '#2f5d3a' },
  { src: '/media/community/coast/tshirt/f5f3ec/fern.svg', alt: 'A white tee by the sea', color: '#f5f3ec' },
];
const tee = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  ...product(),
  sku: 'FT-001',
  metaTitle: null,
  metaDescription: null,
  type: 'tshirt',
  gender: 'unisex',
  vatRate: 1,
  enableAddToCart: true,
  defaultColour: 'Natural White',
  tags: [],
  designs: { front: 'fern' },
  collections: [],
  images: [],
  ugcImages: ugc,
  options: [option('Natural White', 'f5f3ec'), option('Forest Green', '2f5d3a')],
  sizes: [{ text: 'M', value: 'M' }],
  printCount: 1,
  isBlank: false,
  isCustom: false,
  ...over,
});

function renderProduct(detail: ProductDetail, themeProperties: Record<string, unknown> = {}, path = '/product/fern-organic-tee/') {
  mockFetch((url) => (url.includes('/products/fern-organic-tee/') ? json(detail) : json(page([]))));
  const store = {
    state: {
      currency: describeCurrency('GBP'),
      company: { name: 'Fern & Thread', logo: null },
      subdomain: { division: { id: DIVISION_ID, name: 'Fern & Thread', code: 'fern' }, theme: { name: 'verde', properties: themeProperties } },
    },
  } as unknown as StoreCoreData;
  const router = createMemoryRouter([{ path: '/product/:product/:colour?/', element: <StoreContext.Provider value={store}><ProductPage /></StoreContext.Provider> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe('product page community section (§3 ugcImages, Theme product page options)', () => {
  it('shows the shoppers\' photos with their alt text under "From the community" by default', async () => {
    expect(COMMUNITY_TITLE).toBe('From the community');
    renderProduct(tee());
    const section = await screen.findByRole('region', { name: 'From the community' });
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('From the community');
    const photos = within(section).getAllByRole('img');
    expect(photos.map((img) => [img.getAttribute('src'), img.getAttribute('alt')])).toEqual(ugc.map((i) => [i.src, i.alt]));
  });

  it("uses the theme's productPage.communityTitle", async () => {
    renderProduct(tee(), { 'productPage.communityTitle': 'Worn by you' });
    expect(await screen.findByRole('region', { name: 'Worn by you' })).toBeTruthy();
    expect(screen.queryByText('From the community')).toBeNull();
  });

  it('is hidden when the product has no community photos', async () => {
    renderProduct(tee({ ugcImages: [] }));
    await screen.findByRole('heading', { level: 1, name: 'Fern Organic Tee' });
    expect(screen.queryByRole('region', { name: 'From the community' })).toBeNull();
    expect(screen.queryByText('From the community')).toBeNull();
  });
});

describe('product page head', () => {
  it('applies exactly the head the server writes for the same product and address (one pure builder)', async () => {
    const detail = tee();
    renderProduct(detail, {}, '/product/fern-organic-tee/forest%20green/');
    await screen.findByRole('heading', { level: 1, name: 'Fern Organic Tee' });
    const expected = buildScreenHeadData(window.location.origin, 'Fern & Thread', productScreen(window.location.origin, detail, { colour: 'forest green', currency: 'GBP', today: new Date() }));
    await vi.waitFor(() => expect(document.title).toBe('Fern Organic Tee | Fern & Thread'));
    const scripts = [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? ''));
    expect(scripts).toEqual(expected.jsonLd);
    const tags = [...document.head.querySelectorAll('meta[data-head], link[data-head]')].map((el) => ({ tag: el.tagName.toLowerCase(), attrs: Object.fromEntries([...el.attributes].filter((a) => a.name !== 'data-head').map((a) => [a.name, a.value])) }));
    expect(tags).toEqual(expected.tags);
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(`${window.location.origin}/media/mockup/tshirt/2f5d3a/fern.svg`);
  });
});
