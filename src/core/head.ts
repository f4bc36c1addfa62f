import type { BlockData } from './storeData';
import { walkBlocks } from './blocks/tree';

/**
 * §2.2 head data of a store page: title, description, canonical, Open Graph and social-card tags, robots, and
 * structured data (WebSite on home, FAQPage from expandable blocks, ItemList from product grids, BreadcrumbList
 * on every page but the 404). Pure, so the server writes it into the first HTML response and the SPA keeps it
 * current on navigation from the same code.
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
    { tag: 'meta', attrs: { property: 'og:type', content: 'website' } },
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

  if (input.products && input.products.length > 0) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: input.products.map((p, i) => ({ '@type': 'ListItem', position: i + 1, name: p.name, url: absolute(origin, p.url), ...(p.image ? { image: absolute(origin, p.image) } : {}) })),
    });
  }

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

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON inside <script> must not be able to close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** The head as HTML for the server's first response; every element is marked so the SPA can replace it. */
export function renderHeadHtml(head: HeadData): string {
  const tags = head.tags.map(({ tag, attrs }) => `<${tag} data-head ${Object.entries(attrs).map(([k, v]) => `${k}="${escapeAttr(v)}"`).join(' ')}>`);
  const scripts = head.jsonLd.map((data) => `<script data-head type="application/ld+json">${scriptJson(data)}</script>`);
  return [`<title>${escapeAttr(head.title)}</title>`, ...tags, ...scripts].join('\n    ');
}
