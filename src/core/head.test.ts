import { describe, expect, it } from 'vitest';
import { buildHeadData, buildScreenHeadData, collectionScreen, notFoundScreen, plainText, productScreen, renderHeadHtml, type HeadInput } from './head';
import type { ProductDetail, ProductSummary } from './catalogue';
import type { BlockData } from './storeData';

const block = (type: string, properties: Record<string, unknown>, items: BlockData[] = []): BlockData => ({
  uid: `${type}-${Math.random()}`,
  type,
  order: 0,
  size: { x: 12, y: 6 },
  items,
  properties,
  flags: {},
  unpublished: false,
  padding: true,
  fullWidth: false,
  fullBackgroundColor: '',
});

const input = (over: Partial<HeadInput> = {}, page: Partial<HeadInput['page']> = {}): HeadInput => ({
  origin: 'https://shop.example',
  companyName: 'Fern & Thread',
  isHome: false,
  isNotFound: false,
  ...over,
  page: { url: '/about/', title: 'About us', description: 'Who we are', sitemap: true, published: true, blocks: [], ...page },
});

const meta = (head: ReturnType<typeof buildHeadData>, key: string) => head.tags.find((t) => t.attrs.name === key || t.attrs.property === key || t.attrs.rel === key)?.attrs;
const types = (head: ReturnType<typeof buildHeadData>) => head.jsonLd.map((d) => d['@type']);

describe('head data (§2.2)', () => {
  it('has the "{page title} | {company name}" title, description, canonical and social tags', () => {
    const head = buildHeadData(input({}, { ogImage: { src: '/media/scene/forest.svg' } }));
    expect(head.title).toBe('About us | Fern & Thread');
    expect(meta(head, 'description')?.content).toBe('Who we are');
    expect(meta(head, 'canonical')?.href).toBe('https://shop.example/about/');
    expect(meta(head, 'og:title')?.content).toBe('About us');
    expect(meta(head, 'og:image')?.content).toBe('https://shop.example/media/scene/forest.svg');
    expect(meta(head, 'twitter:card')?.content).toBe('summary_large_image');
    expect(meta(head, 'robots')).toBeUndefined();
  });

  it.each([
    ['out of the sitemap', {}, { sitemap: false }],
    ['for logged-in visitors', {}, { loginState: 'logged-in' }],
    ['with dashboard access', {}, { loginState: 'dashboard-access' }],
    ['the 404 page', { isNotFound: true }, {}],
  ])('adds robots noindex to a page %s', (_, over, page) => {
    expect(meta(buildHeadData(input(over, page)), 'robots')?.content).toBe('noindex');
  });

  it('describes the site on home only, and breadcrumbs on every page but the 404', () => {
    expect(types(buildHeadData(input({ isHome: true }, { url: '/' })))).toEqual(['WebSite', 'BreadcrumbList']);
    const about = buildHeadData(input());
    expect(types(about)).toEqual(['BreadcrumbList']);
    expect(about.jsonLd[0]!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Fern & Thread', item: 'https://shop.example/' },
      { '@type': 'ListItem', position: 2, name: 'About us', item: 'https://shop.example/about/' },
    ]);
    expect(types(buildHeadData(input({ isNotFound: true })))).toEqual([]);
  });

  it('lists expandable questions as an FAQ, including ones nested in containers', () => {
    const blocks = [block('expandable', { question: 'Delivery?', answer: '<p>3 <b>days</b> &amp; free</p>' }), block('row', {}, [block('expandable', { question: 'Returns?', answer: 'Free' })])];
    const faq = buildHeadData(input({}, { blocks })).jsonLd.find((d) => d['@type'] === 'FAQPage')!;
    expect(faq.mainEntity).toEqual([
      { '@type': 'Question', name: 'Delivery?', acceptedAnswer: { '@type': 'Answer', text: '3 days & free' } },
      { '@type': 'Question', name: 'Returns?', acceptedAnswer: { '@type': 'Answer', text: 'Free' } },
    ]);
  });

  it('lists the products of a product grid as an ItemList with absolute addresses', () => {
    const list = buildHeadData(input({ products: [{ name: 'Fern Tee', url: '/product/fern-tee/', image: '/media/x.svg' }] })).jsonLd.find((d) => d['@type'] === 'ItemList')!;
    expect(list.itemListElement).toEqual([{ '@type': 'ListItem', position: 1, name: 'Fern Tee', url: 'https://shop.example/product/fern-tee/', image: 'https://shop.example/media/x.svg' }]);
  });

  it('renders HTML that cannot be broken out of by page content', () => {
    const html = renderHeadHtml(buildHeadData(input({}, { title: 'A "quoted" <b>title</b>', description: '</script><script>alert(1)</script>' })));
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt; | Fern &amp; Thread</title>');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html.match(/<\/script>/g)).toHaveLength(1); // only the JSON-LD element's own end tag
  });

  it('plainText strips tags and decodes the common entities', () => {
    expect(plainText('<p>Fish &amp; <i>chips</i>&nbsp;now</p>')).toBe('Fish & chips now');
  });
});

const option = (colourName: string, hex: string, quantity: number) => ({
  id: hex.length,
  colourName,
  colourValue: `#${hex}`,
  pro: false,
  thumbnail: `/media/mockup/tshirt/${hex}/fern.svg`,
  images: [{ src: `/media/mockup/tshirt/${hex}/fern.svg`, alt: colourName, color: `#${hex}` }],
  sizes: [{ size: 'M', sku: `X-${hex}-M`, variantId: 1, quantity }],
  stock: { M: { quantity } },
});
const tee = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  creator: null,
  id: 1, uuid: 'u', urlName: 'fern-tee', name: 'Fern Tee', description: '<p>Soft &amp; <b>organic</b> cotton.</p>', price: 2500, salePrice: null, onSale: false,
  image: null, colours: [], manufacturer: { name: 'Fern & Thread' }, reviews: { count: 0, average: null }, sku: 'FT-001', metaTitle: null, metaDescription: null,
  type: 'tshirt', gender: 'unisex', vatRate: 1, enableAddToCart: true, defaultColour: 'Forest Green', tags: [], designs: {}, collections: [], images: [], ugcImages: [],
  options: [option('Natural White', 'f5f3ec', 0), option('Forest Green', '2f5d3a', 3)], sizes: [], printCount: 1, isBlank: false, isCustom: false, isBundle: false, bundleItems: [],
  ...over,
});
const today = new Date('2026-03-01T12:00:00Z');

describe('product and collection screens (one builder for the server\'s first response and the SPA)', () => {
  it('a product: its title, description, og:type product, the default colour\'s picture and a Product with its offer', () => {
    const head = buildScreenHeadData('https://shop.example', 'Fern & Thread', productScreen('https://shop.example', tee(), { colour: null, currency: 'GBP', today }));
    expect(head.title).toBe('Fern Tee | Fern & Thread');
    expect(meta(head, 'description')?.content).toBe('Soft & organic cotton.');
    expect(meta(head, 'og:type')?.content).toBe('product');
    expect(meta(head, 'og:image')?.content).toBe('https://shop.example/media/mockup/tshirt/2f5d3a/fern.svg');
    expect(meta(head, 'canonical')?.href).toBe('https://shop.example/product/fern-tee/');
    expect(types(head)).toEqual(['Product', 'BreadcrumbList']);
    expect(head.jsonLd[0]).toEqual({
      '@context': 'https://schema.org', '@type': 'Product', name: 'Fern Tee', description: 'Soft & organic cotton.', sku: 'FT-001',
      image: ['https://shop.example/media/mockup/tshirt/2f5d3a/fern.svg'], brand: { '@type': 'Brand', name: 'Fern & Thread' },
      offers: { '@type': 'Offer', url: 'https://shop.example/product/fern-tee/', price: '25.00', priceCurrency: 'GBP', priceValidUntil: '2027-03-01', availability: 'https://schema.org/InStock' },
    });
  });

  it('the colour in the address (any case) picks its picture and canonical; meta fields, sale price and stock are used', () => {
    const screen = productScreen('https://shop.example', tee({ metaTitle: 'Organic fern tee', metaDescription: 'Meta', salePrice: 1900, options: [option('Natural White', 'f5f3ec', 0)] }), { colour: 'natural white', currency: 'GBP', today });
    expect(screen).toMatchObject({ url: '/product/fern-tee/Natural%20White/', title: 'Organic fern tee', description: 'Meta', image: '/media/mockup/tshirt/f5f3ec/fern.svg' });
    expect(screen.jsonLd![0]).toMatchObject({ color: 'Natural White', offers: { price: '19.00', availability: 'https://schema.org/OutOfStock', url: 'https://shop.example/product/fern-tee/Natural%20White/' } });
    // An unknown colour reads as none; a long description is cut with an ellipsis at 160 characters.
    const long = productScreen('https://shop.example', tee({ description: 'word '.repeat(60) }), { colour: 'purple', currency: 'JPY', today });
    expect(long.url).toBe('/product/fern-tee/');
    expect(long.description).toHaveLength(160);
    expect(long.description!.endsWith('…')).toBe(true);
    expect(long.jsonLd![0]).toMatchObject({ offers: { price: '2500', priceCurrency: 'JPY' } });
  });

  it('a collection: name, description, banner and its products as an ItemList; not found: noindex without structured data', () => {
    const products = [{ name: 'Fern Tee', urlName: 'fern-tee', image: { src: '/media/x.svg', alt: '', color: null } }, { name: 'Bare Tee', urlName: 'bare-tee', image: null }] as ProductSummary[];
    const head = buildScreenHeadData('https://shop.example', 'Fern & Thread', collectionScreen('https://shop.example', { name: 'T-Shirts', urlName: 't-shirts', description: 'Tees', banner: null }, products));
    expect(head.title).toBe('T-Shirts | Fern & Thread');
    expect(meta(head, 'canonical')?.href).toBe('https://shop.example/collection/t-shirts/');
    expect(meta(head, 'og:type')?.content).toBe('website');
    expect(head.jsonLd[0]!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Fern Tee', url: 'https://shop.example/product/fern-tee/', image: 'https://shop.example/media/x.svg' },
      { '@type': 'ListItem', position: 2, name: 'Bare Tee', url: 'https://shop.example/product/bare-tee/' },
    ]);
    const missing = buildScreenHeadData('https://shop.example', 'Fern & Thread', notFoundScreen('collection', '/collection/nope/'));
    expect(missing.title).toBe('Collection not found | Fern & Thread');
    expect(meta(missing, 'robots')?.content).toBe('noindex');
    expect(missing.jsonLd).toEqual([]);
    expect(buildScreenHeadData('https://shop.example', 'Fern & Thread', notFoundScreen('product', '/product/nope/')).title).toBe('Product not found | Fern & Thread');
  });
});
