import { describe, expect, it } from 'vitest';
import { buildHeadData, plainText, renderHeadHtml, type HeadInput } from './head';
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
