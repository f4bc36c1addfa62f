import type { BlockData } from './storeData';
import { walkBlocks } from './blocks/tree';
import { truncate } from './text';
import { collectionHref, productHref, productInStock, type CollectionSummary, type ProductDetail, type ProductSummary } from './catalogue';
import { fractionDigits } from './currency';

/**
 * §2.2 head data of a store page: title, description, canonical, Open Graph and social-card tags, robots, and
 * structured data (WebSite on home, FAQPage from expandable blocks, ItemList from product grids, BreadcrumbList
 * on every page but the 404). Pure, so the server writes it into the first HTML response and the SPA keeps it
 * current on navigation from the same code. Screens that are not store pages (product, collection, basket …)
 * describe themselves as a ScreenHead; productScreen and collectionScreen build theirs from the §7 payloads.
 */

export interface HeadProduct {
  name: string;
  url: string;
  image?: string;
}

export interface HeadInput {
  /** https://host — absolute addresses are required by canonical links and structured data. */
  origin: string;
  companyName: string;
  page: {
    url: string;
    title: string;
    description?: string;
    ogImage?: { src: string; alt?: string };
    loginState?: string;
    sitemap: boolean;
    published: boolean;
    blocks: readonly BlockData[];
  };
  isHome: boolean;
  isNotFound: boolean;
  /** Products of the page's product grids, when known (the server looks them up). */
  products?: HeadProduct[];
  /** Open Graph type: "website" unless the page is about one thing (a product). */
  ogType?: 'website' | 'product';
  /** The screen's own structured data (a schema.org Product …), written before the breadcrumbs. */
  jsonLd?: Record<string, unknown>[];
}

export interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
}

export interface HeadData {
  title: string;
  tags: HeadTag[];
  jsonLd: Record<string, unknown>[];
}

const NOINDEX_LOGIN_STATES = new Set(['logged-in', 'dashboard-access']);

const absolute = (origin: string, href: string) => (/^https?:\/\//i.test(href) ? href : `${origin}${href.startsWith('/') ? '' : '/'}${href}`);

/** Plain text of a rich-text value, for structured data. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export function buildHeadData(input: HeadInput): HeadData {
  const { origin, companyName, page } = input;
  const title = page.title ? `${page.title} | ${companyName}` : companyName;
  const canonical = absolute(origin, page.url);
  const description = page.description ?? '';
  const image = page.ogImage?.src ? absolute(origin, page.ogImage.src) : undefined;
  const noindex = input.isNotFound || !page.sitemap || !page.published || NOINDEX_LOGIN_STATES.has(page.loginState ?? 'everyone');

  const tags: HeadTag[] = [
    ...(description ? [{ tag: 'meta' as const, attrs: { name: 'description', content: description } }] : []),
    ...(noindex ? [{ tag: 'meta' as const, attrs: { name: 'robots', content: 'noindex' } }] : []),
    { tag: 'link', attrs: { rel: 'canonical', href: canonical } },
    { tag: 'meta', attrs: { property: 'og:type', content: input.ogType ?? 'website' } },
    { tag: 'meta', attrs: { property: 'og:site_name', content: companyName } },
    { tag: 'meta', attrs: { property: 'og:title', content: page.title || companyName } },
    { tag: 'meta', attrs: { property: 'og:url', content: canonical } },
    ...(description ? [{ tag: 'meta' as const, attrs: { property: 'og:description', content: description } }] : []),
    ...(image ? [{ tag: 'meta' as const, attrs: { property: 'og:image', content: image } }] : []),
    { tag: 'meta', attrs: { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' } },
    { tag: 'meta', attrs: { name: 'twitter:title', content: page.title || companyName } },
    ...(description ? [{ tag: 'meta' as const, attrs: { name: 'twitter:description', content: description } }] : []),
  ];

  const jsonLd: Record<string, unknown>[] = [];
  if (input.isHome) jsonLd.push({ '@context': 'https://schema.org', '@type': 'WebSite', name: companyName, url: `${origin}/` });

  const faqs = [...walkBlocks(page.blocks)]
    .filter((b) => b.type === 'expandable' && typeof b.properties.question === 'string' && typeof b.properties.answer === 'string')
    .map((b) => ({ '@type': 'Question', name: String(b.properties.question), acceptedAnswer: { '@type': 'Answer', text: plainText(String(b.properties.answer)) } }));
  if (faqs.length > 0) jsonLd.push({ '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: faqs });

  if (input.products && input.products.length > 0) jsonLd.push(itemList(origin, input.products));
  jsonLd.push(...(input.jsonLd ?? []));

  if (!input.isNotFound) {
    const crumbs = [{ name: companyName, url: `${origin}/` }, ...(input.isHome ? [] : [{ name: page.title, url: canonical }])];
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
    });
  }
  return { title, tags, jsonLd };
}

function itemList(origin: string, products: readonly HeadProduct[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: products.map((p, i) => ({ '@type': 'ListItem', position: i + 1, name: p.name, url: absolute(origin, p.url), ...(p.image ? { image: absolute(origin, p.image) } : {}) })),
  };
}

/** A screen that is not a store page: its address, title, description, picture and structured data. */
export interface ScreenHead {
  /** Path of the screen; its canonical address. */
  url: string;
  title: string;
  description?: string;
  image?: string;
  ogType?: 'website' | 'product';
  jsonLd?: Record<string, unknown>[];
  /** Kept out of search results (basket, search …). */
  noindex?: boolean;
  /** The thing the address names does not exist (noindex, no breadcrumbs; the server answers 404). */
  notFound?: boolean;
}

/** Head data of a screen, as the server writes it into the first response and the SPA applies it. */
export function buildScreenHeadData(origin: string, companyName: string, screen: ScreenHead): HeadData {
  return buildHeadData({
    origin,
    companyName,
    page: {
      url: screen.url,
      title: screen.title,
      description: screen.description,
      ogImage: screen.image ? { src: screen.image } : undefined,
      sitemap: !screen.noindex,
      published: true,
      blocks: [],
    },
    isHome: false,
    isNotFound: screen.notFound === true,
    ogType: screen.ogType,
    jsonLd: screen.jsonLd,
  });
}

/** Description length of a product without a meta description (its text, shortened). */
export const PRODUCT_DESCRIPTION_MAX = 160;
/** §9 structured-data offers are valid one year. */
export const OFFER_VALID_YEARS = 1;
export const NOT_FOUND_TITLES = { product: 'Product not found', collection: 'Collection not found' } as const;

/** The colour an address names (any letter case), if the product has it. */
export const colourOf = (product: Pick<ProductDetail, 'options'>, colour: string | null | undefined) =>
  colour ? (product.options.find((o) => o.colourName.toLowerCase() === colour.toLowerCase()) ?? null) : null;

/**
 * /product/{product}/{colour?}: title, description, the colour's picture (og:type product) and a schema.org Product
 * with its offer (effective price in the store currency, availability, valid one year from `today`).
 */
export function productScreen(
  origin: string,
  product: ProductDetail,
  opts: { colour: string | null | undefined; currency: string; today: Date },
): ScreenHead {
  const option = colourOf(product, opts.colour);
  const shown = option ?? product.options.find((o) => o.colourName === product.defaultColour) ?? product.options[0];
  const images = shown && shown.images.length > 0 ? shown.images : product.images;
  const url = productHref(product.urlName, option?.colourName);
  const text = plainText(product.description);
  const effective = product.salePrice !== null && product.salePrice < product.price ? product.salePrice : product.price;
  const digits = fractionDigits(opts.currency);
  const validUntil = new Date(opts.today.getTime());
  validUntil.setUTCFullYear(validUntil.getUTCFullYear() + OFFER_VALID_YEARS);
  const inStock = productInStock(product);
  return {
    url,
    title: product.metaTitle || product.name,
    description: product.metaDescription || truncate(text, PRODUCT_DESCRIPTION_MAX),
    image: images[0]?.src,
    ogType: 'product',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description: text,
        sku: product.sku,
        image: images.map((i) => absolute(origin, i.src)),
        ...(option ? { color: option.colourName } : {}),
        brand: { '@type': 'Brand', name: product.manufacturer.name },
        offers: {
          '@type': 'Offer',
          url: absolute(origin, url),
          price: (effective / 10 ** digits).toFixed(digits),
          priceCurrency: opts.currency,
          priceValidUntil: validUntil.toISOString().slice(0, 10),
          availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        },
      },
    ],
  };
}

/** /collection/{collection}/: its name, description, banner and its first page of products as an ItemList. */
export function collectionScreen(origin: string, collection: Pick<CollectionSummary, 'name' | 'urlName' | 'description' | 'banner'>, products: readonly ProductSummary[]): ScreenHead {
  return {
    url: collectionHref(collection.urlName),
    title: collection.name,
    description: collection.description || undefined,
    image: collection.banner?.src,
    jsonLd: products.length > 0 ? [itemList(origin, products.map((p) => ({ name: p.name, url: productHref(p.urlName), image: p.image?.src })))] : [],
  };
}

/** An unknown product or collection: the not-found title, noindex, no structured data. */
export const notFoundScreen = (kind: keyof typeof NOT_FOUND_TITLES, url: string): ScreenHead => ({ url, title: NOT_FOUND_TITLES[kind], notFound: true });

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON inside <script> must not be able to close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** The head as HTML for the server's first response; every element is marked so the SPA can replace it. */
export function renderHeadHtml(head: HeadData): string {
  const tags = head.tags.map(({ tag, attrs }) => `<${tag} data-head ${Object.entries(attrs).map(([k, v]) => `${k}="${escapeAttr(v)}"`).join(' ')}>`);
  const scripts = head.jsonLd.map((data) => `<script data-head type="application/ld+json">${scriptJson(data)}</script>`);
  return [`<title>${escapeAttr(head.title)}</title>`, ...tags, ...scripts].join('\n    ');
}
