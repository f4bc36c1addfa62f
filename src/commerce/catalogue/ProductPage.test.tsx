// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { StoreContext } from '../../app/StoreContext';
import { describeCurrency } from '../../core/currency';
import { buildScreenHeadData, productScreen } from '../../core/head';
import type { BundleItemDetail, ProductDetail, ProductOption } from '../../core/catalogue';
import type { StoreCoreData } from '../../core/storeData';
import { DIVISION_ID, json, mockFetch, page, product } from '../../../blocks/commerce/testing';
import { COMMUNITY_TITLE, ProductPage } from './ProductPage';
import { messages } from './productMessages';
import { SnackbarHost } from '../../app/Snackbar';
import { resetBasketStore } from '../basket/store';

afterEach(() => {
  cleanup();
  resetBasketStore();
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
  creator: null,
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
  isBundle: false,
  bundleItems: [],
  ...over,
});

type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

function renderProduct(detail: ProductDetail, themeProperties: Record<string, unknown> = {}, path = '/product/fern-organic-tee/', handler?: Handler) {
  const fetchMock = mockFetch((url, init) => handler?.(url, init) ?? (url.includes(`/products/${detail.urlName}/`) ? json(detail) : json(page([]))));
  const store = {
    state: {
      currency: describeCurrency('GBP'),
      company: { name: 'Fern & Thread', logo: null },
      subdomain: { division: { id: DIVISION_ID, name: 'Fern & Thread', code: 'fern' }, theme: { name: 'verde', properties: themeProperties } },
    },
  } as unknown as StoreCoreData;
  const router = createMemoryRouter([{ path: '/product/:product/:colour?/', element: <StoreContext.Provider value={store}><ProductPage /><SnackbarHost /></StoreContext.Provider> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return fetchMock;
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

describe('the colour a product opens in (§2.2 /product/{product}/{colour?}, §3 defaultColour)', () => {
  const mainImage = () => screen.getAllByRole('img').find((img) => img.classList.contains('product__main-image'))!;
  const checked = () => within(screen.getByRole('radiogroup', { name: 'Colour' })).getAllByRole('radio').filter((r) => r.getAttribute('aria-checked') === 'true').map((r) => r.getAttribute('aria-label'));

  it("selects the product's default colour and shows its picture when the address names none", async () => {
    renderProduct(tee({ defaultColour: 'Forest Green' }));
    await screen.findByRole('heading', { level: 1, name: 'Fern Organic Tee' });
    expect(checked()).toEqual(['Forest Green']);
    expect(screen.getByText('Colour: Forest Green')).toBeTruthy();
    expect(mainImage().getAttribute('alt')).toBe('Fern Organic Tee in Forest Green');
  });

  it('selects the colour named in the address (any case) over the default', async () => {
    renderProduct(tee({ defaultColour: 'Natural White' }), {}, '/product/fern-organic-tee/forest%20green/');
    await screen.findByRole('heading', { level: 1, name: 'Fern Organic Tee' });
    expect(checked()).toEqual(['Forest Green']);
    expect(mainImage().getAttribute('alt')).toBe('Fern Organic Tee in Forest Green');
  });

  it('falls back to the first colour without a default or with an unknown one, and adds to the basket without asking', async () => {
    const added: unknown[] = [];
    renderProduct(tee({ defaultColour: null }), {}, '/product/fern-organic-tee/purple/', (url, init) => {
      if (!url.includes('/addItemToCart/')) return undefined;
      added.push(JSON.parse(String(init?.body)));
      return json({ items: [], subtotal: 2500, count: 1 });
    });
    await screen.findByRole('heading', { level: 1, name: 'Fern Organic Tee' });
    expect(checked()).toEqual(['Natural White']);
    expect(mainImage().getAttribute('alt')).toBe('Fern Organic Tee in Natural White');
    fireEvent.click(screen.getByRole('radio', { name: 'M' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to basket' }));
    // The result is a transient message in the app's snackbar, with the way to the basket.
    const snack = await screen.findByText(messages.added);
    expect(snack.closest('.snackbar-area')?.getAttribute('role')).toBe('status');
    expect(within(snack).getByRole('link', { name: 'View basket' }).getAttribute('href')).toBe('/basket/');
    expect(added).toMatchObject([{ item: { productUrl: 'fern-organic-tee', productColor: 'Natural White', productSize: 'M' } }]);
  });

  it('the picture follows every change of colour', async () => {
    renderProduct(tee());
    await screen.findByRole('heading', { level: 1, name: 'Fern Organic Tee' });
    fireEvent.click(screen.getByRole('radio', { name: 'Forest Green' }));
    expect(checked()).toEqual(['Forest Green']);
    expect(mainImage().getAttribute('alt')).toBe('Fern Organic Tee in Forest Green');
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

const sized = (colourName: string, hex: string, garment: string, stock: Record<string, number>, id: number): ProductOption => ({
  id,
  colourName,
  colourValue: `#${hex}`,
  pro: false,
  thumbnail: `/media/mockup/${garment}/${hex}/x.svg`,
  images: [{ src: `/media/mockup/${garment}/${hex}/x.svg`, alt: `${garment} in ${colourName}`, color: `#${hex}` }],
  sizes: Object.entries(stock).map(([size, quantity], i) => ({ size, sku: `${garment}-${hex}-${size}`, variantId: id * 10 + i, quantity })),
  stock: Object.fromEntries(Object.entries(stock).map(([size, quantity]) => [size, { quantity }])),
});
const bundleItem = (id: number, name: string, urlName: string, options: ProductOption[], over: Partial<BundleItemDetail> = {}): BundleItemDetail => ({
  id,
  quantity: 1,
  productId: id + 100,
  urlName,
  name,
  price: urlName === 'summit-tee' ? 2500 : 1500,
  available: true,
  defaultColour: options[0]!.colourName,
  image: options[0]!.images[0]!,
  colours: options.map((o) => ({ text: o.colourName, value: o.colourValue })),
  options,
  designs: { front: 'x' },
  ...over,
});
const summit = (stock = { S: 4, M: 0, L: 9 }) => bundleItem(11, 'Summit Tee', 'summit-tee', [sized('Heather Grey', 'b7b9bc', 'tshirt', stock, 1), sized('Navy', '1e2a44', 'tshirt', stock, 2)]);
const toteItem = (black = 0, white = 8) => bundleItem(12, 'Market Tote Bag', 'market-tote', [sized('Natural White', 'f5f3ec', 'tote', { 'One Size': white }, 3), sized('Black', '1f1f1f', 'tote', { 'One Size': black }, 4)]);
const trailSet = (items: BundleItemDetail[] = [summit(), toteItem()]): ProductDetail =>
  tee({
    id: 99,
    urlName: 'trail-day-set',
    name: 'Trail Day Set',
    price: 3500,
    options: [],
    colours: [],
    sizes: [],
    defaultColour: null,
    ugcImages: [],
    images: [{ src: '/media/set/a.svg', alt: 'Trail Day Set', color: null }],
    isBundle: true,
    bundleItems: items,
    printCount: 2,
  });

describe('a bundle product page (§3 bundleItems, §7 addItemToCart bundleOptions)', () => {
  it('shows each item with the same colour and size selectors as any product, and sends the chosen variant of every item', async () => {
    const added: unknown[] = [];
    renderProduct(trailSet(), {}, '/product/trail-day-set/', (url, init) => {
      if (!url.includes('/addItemToCart/')) return undefined;
      added.push(JSON.parse(String(init?.body)));
      return json({ items: [], subtotal: 3500, count: 1 });
    });
    await screen.findByRole('heading', { level: 1, name: 'Trail Day Set' });
    expect(screen.getByText(/^Bought separately/).textContent).toBe('Bought separately £40.00 — you save £5.00');
    const shirt = screen.getByRole('region', { name: 'Summit Tee' });
    const bag = screen.getByRole('region', { name: 'Market Tote Bag' });
    // The shared selectors, labelled per item: colours as swatches, sizes as radios, sold-out sizes disabled.
    expect(within(shirt).getByRole('radiogroup', { name: 'Colour of Summit Tee' })).toBeTruthy();
    expect(within(shirt).getAllByRole('radio', { name: /^(Heather Grey|Navy)$/ })).toHaveLength(2);
    expect(screen.queryByRole('radiogroup', { name: 'Colour' })).toBeNull();
    // Each item opens in its default colour (its picture shows that colour); the size is asked for beside its item.
    expect(within(shirt).getByText('Colour: Heather Grey')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to basket' }));
    expect(within(shirt).getByRole('alert').textContent).toBe(messages.selectSize);
    fireEvent.click(within(shirt).getByRole('radio', { name: 'Navy' }));
    expect(within(shirt).getByText('Colour: Navy')).toBeTruthy();
    const sizes = within(shirt).getByRole('radiogroup', { name: 'Size of Summit Tee' });
    expect((within(sizes).getByRole('radio', { name: 'M (out of stock)' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(sizes).getByRole('radio', { name: 'L' }));
    // The black tote's one size is sold out; the white one's is the only size, so it needs no click.
    fireEvent.click(within(bag).getByRole('radio', { name: 'Black' }));
    expect((within(bag).getByRole('radio', { name: 'One Size (out of stock)' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add to basket' }));
    expect(within(bag).getByRole('alert').textContent).toBe(messages.selectSize);
    expect(within(shirt).queryByRole('alert')).toBeNull();
    fireEvent.click(within(bag).getByRole('radio', { name: 'Natural White' }));
    expect(within(bag).getByRole('radio', { name: 'One Size' }).getAttribute('aria-checked')).toBe('true');
    expect(added).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Add to basket' }));
    await screen.findByText(messages.added);
    expect(added).toEqual([
      {
        item: { productUrl: 'trail-day-set', quantity: 1 },
        name: 'main',
        bundleOptions: [
          { bundleItemId: 11, productColor: 'Navy', productSize: 'L' },
          { bundleItemId: 12, productColor: 'Natural White', productSize: 'One Size' },
        ],
      },
    ]);
  });

  it('cannot be added when an item is out of stock in every size, or gone', async () => {
    renderProduct(trailSet([summit(), toteItem(0, 0)]), {}, '/product/trail-day-set/');
    await screen.findByRole('heading', { level: 1, name: 'Trail Day Set' });
    expect((screen.getByRole('button', { name: 'Add to basket' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(messages.soldOut)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Market Tote Bag' })).getByText(/Sold out/)).toBeTruthy();
    cleanup();
    renderProduct(trailSet([summit(), toteItem(0, 8)].map((i, n) => (n === 1 ? { ...i, available: false } : i))), {}, '/product/trail-day-set/');
    await screen.findByRole('heading', { level: 1, name: 'Trail Day Set' });
    expect((screen.getByRole('button', { name: 'Add to basket' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(messages.unavailable)).toBeTruthy();
  });
});

describe('image preview (§2.4 list of images and start index; §4 / §9 zoom 1 to 2 in steps of 0.1)', () => {
  const shots = (hex: string) => ['front', 'back', 'detail'].map((view) => ({ src: `/media/mockup/tshirt/${hex}/${view}.svg`, alt: `Tee ${view}`, color: `#${hex}` }));
  const withViews = () => tee({ options: [{ ...option('Natural White', 'f5f3ec'), images: shots('f5f3ec') }] });
  const stage = () => document.querySelector<HTMLElement>('.image-preview__stage')!;
  const previewImage = () => within(screen.getByRole('dialog', { name: 'Fern Organic Tee' })).getByRole('img');

  it('opens at the image on show, moves with the arrows (wrapping) and gives the page the image it closed on', async () => {
    renderProduct(withViews());
    await screen.findByRole('heading', { level: 1, name: 'Fern Organic Tee' });
    fireEvent.click(screen.getByRole('button', { name: 'Image 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'View larger: Tee back' }));
    expect(previewImage().getAttribute('alt')).toBe('Tee back');
    expect(screen.getByText('Image 2 of 3')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(previewImage().getAttribute('alt')).toBe('Tee detail');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(previewImage().getAttribute('alt')).toBe('Tee front');
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByText('Image 3 of 3')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByRole('img').find((img) => img.classList.contains('product__main-image'))!.getAttribute('alt')).toBe('Tee detail');
  });

  it('zooms with the wheel from 1 to 2 in steps of 0.1, unzooms when the pointer leaves, and a click toggles', async () => {
    renderProduct(withViews());
    fireEvent.click(await screen.findByRole('button', { name: 'View larger: Tee front' }));
    const scale = () => Number(stage().dataset.zoom);
    expect(scale()).toBe(1);
    fireEvent.wheel(stage(), { deltaY: -100 });
    expect(scale()).toBe(1.1);
    expect(previewImage().style.transform).toBe('scale(1.1)');
    for (let i = 0; i < 15; i++) fireEvent.wheel(stage(), { deltaY: -100 });
    expect(scale()).toBe(2);
    fireEvent.wheel(stage(), { deltaY: 100 });
    expect(scale()).toBe(1.9);
    fireEvent.mouseLeave(stage());
    expect(scale()).toBe(1);
    fireEvent.wheel(stage(), { deltaY: 100 });
    expect(scale()).toBe(1);
    fireEvent.click(stage());
    expect(scale()).toBe(2);
    fireEvent.click(stage());
    expect(scale()).toBe(1);
  });
});
