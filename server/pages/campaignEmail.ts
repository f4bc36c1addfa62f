import type { BlockData } from '../../src/core/storeData';
import { escapeHtml } from '../services/mail';
import type { MailBrand } from '../orders/mailBrand';

/**
 * A campaign page (§2.2 /teemail/{page}, the builder's mail pages) as an e-mail: table layout with inline styles,
 * which mail programs keep, every address absolute from the store's link origin, and a "view in your browser" link
 * back to the page. Only mail-compatible blocks are drawn; a block a mail program cannot show (a form, a live feed)
 * becomes a link to the page.
 */
export interface CampaignEmail {
  subject: string;
  html: string;
  text: string;
}

export interface CampaignPage {
  url: string;
  properties: Record<string, unknown>;
  blocks: BlockData[];
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\([0-9., %]+\))$/i;
const colour = (value: unknown, fallback = '') => (COLOUR.test(str(value)) ? str(value) : fallback);
const ALIGN = new Set(['left', 'center', 'right']);
const align = (value: unknown, fallback = 'left') => (ALIGN.has(str(value)) ? str(value) : fallback);

/** An address as a mail may carry it: absolute http(s) or mailto; a site path gets the origin; anything else is dropped. */
export function mailHref(href: unknown, origin: string): string | null {
  const value = str(href).trim();
  if (value.startsWith('/') && !value.startsWith('//')) return `${origin}${value}`;
  if (/^(https?:\/\/|mailto:)/i.test(value)) return value;
  return null;
}

/** Stored rich text is sanitised on write; here its site paths become absolute so links work from an inbox. */
const absoluteHtml = (html: string, origin: string) => html.replace(/\s(href|src)="\/(?!\/)/g, (_, attr: string) => ` ${attr}="${origin}/`);

const htmlToText = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|div)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();

interface Ctx {
  origin: string;
  brand: MailBrand;
  pageUrl: string;
  text: string[];
}

function button(label: string, href: string, ctx: Ctx, alignTo = 'center'): string {
  ctx.text.push(`${label}: ${href}`);
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="${alignTo}" style="padding:8px 0"><a href="${escapeHtml(href)}" style="background:${ctx.brand.colour};color:${ctx.brand.contrast};padding:12px 20px;text-decoration:none;border-radius:4px;display:inline-block;font-weight:bold">${escapeHtml(label)}</a></td></tr></table>`;
}

function image(value: unknown, ctx: Ctx, link?: string | null): string {
  const img = value as { src?: unknown; alt?: unknown } | null | undefined;
  const src = mailHref(img?.src, ctx.origin);
  if (!src) return '';
  const tag = `<img src="${escapeHtml(src)}" alt="${escapeHtml(str(img?.alt))}" width="552" style="display:block;width:100%;max-width:552px;height:auto;border:0">`;
  return link ? `<a href="${escapeHtml(link)}">${tag}</a>` : tag;
}

function block(b: BlockData, ctx: Ctx): string {
  if (b.unpublished) return '';
  const p = b.properties;
  switch (b.type) {
    case 'row':
    case 'grid': {
      const inner = b.items.map((child) => block(child, ctx)).join('');
      const bg = colour(p.backgroundColor);
      return inner ? `<div${bg ? ` style="background:${bg}"` : ''}>${inner}</div>` : '';
    }
    case 'textBlock': {
      const html = str(p.text);
      if (!html.trim()) return '';
      ctx.text.push(htmlToText(html));
      const bg = colour(p.backgroundColor);
      const fg = colour(p.textColor);
      return `<div style="padding:8px 0;text-align:${align(p.align)};line-height:1.5${bg ? `;background:${bg}` : ''}${fg ? `;color:${fg}` : ''}">${absoluteHtml(html, ctx.origin)}</div>`;
    }
    case 'html': {
      const html = str(p.html);
      if (!html.trim()) return '';
      ctx.text.push(htmlToText(html));
      return `<div style="padding:8px 0">${absoluteHtml(html, ctx.origin)}</div>`;
    }
    case 'image': {
      const link = mailHref(p.link, ctx.origin);
      const caption = str(p.caption);
      if (caption) ctx.text.push(caption);
      const drawn = image(p.image, ctx, link);
      return drawn ? `<div style="padding:8px 0">${drawn}${caption ? `<p style="margin:6px 0 0;font-size:13px;color:#555">${escapeHtml(caption)}</p>` : ''}</div>` : '';
    }
    case 'button': {
      const href = mailHref(p.href, ctx.origin);
      return str(p.text) && href ? button(str(p.text), href, ctx, align(p.align, 'center')) : '';
    }
    case 'spacer':
      return p.divider ? `<hr style="border:0;border-top:1px solid ${colour(p.dividerColor, '#dddddd')};margin:16px 0">` : '<div style="height:24px;line-height:24px">&nbsp;</div>';
    case 'quote': {
      const text = str(p.text);
      if (!text) return '';
      const author = str(p.author);
      ctx.text.push(`“${text}”${author ? ` — ${author}` : ''}`);
      return `<blockquote style="margin:16px 0;padding:12px 16px;border-left:4px solid ${ctx.brand.colour};text-align:${align(p.align)}"><p style="margin:0;font-style:italic">${escapeHtml(text)}</p>${author ? `<p style="margin:8px 0 0;font-weight:bold">${escapeHtml(author)}</p>` : ''}</blockquote>`;
    }
    case 'feature': {
      // The mail-only highlight: picture (or nothing, icons are the storefront's font), heading, copy and a button.
      const title = str(p.title);
      const copy = str(p.copy);
      const action = (p.action ?? {}) as { text?: unknown; href?: unknown };
      const href = mailHref(action.href, ctx.origin);
      const bg = colour(p.backgroundColor);
      const fg = colour(p.textColor);
      if (title) ctx.text.push(title.toUpperCase());
      if (copy) ctx.text.push(htmlToText(copy));
      const picture = image(p.image, ctx, href);
      const words = `${title ? `<h2 style="margin:0 0 8px;font-size:20px">${escapeHtml(title)}</h2>` : ''}${copy ? `<div style="line-height:1.5">${absoluteHtml(copy, ctx.origin)}</div>` : ''}${str(action.text) && href ? button(str(action.text), href, ctx, align(p.textAlign, 'center')) : ''}`;
      const side = str(p.imagePosition);
      const cells =
        picture && (side === 'left' || side === 'right')
          ? `<tr>${side === 'left' ? `<td width="40%" valign="top" style="padding-right:16px">${picture}</td>` : ''}<td valign="top">${words}</td>${side === 'right' ? `<td width="40%" valign="top" style="padding-left:16px">${picture}</td>` : ''}</tr>`
          : `${picture ? `<tr><td style="padding-bottom:12px">${picture}</td></tr>` : ''}<tr><td>${words}</td></tr>`;
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:16px 0;text-align:${align(p.textAlign, 'center')}${bg ? `;background:${bg}` : ''}${fg ? `;color:${fg}` : ''}"><tbody>${cells}</tbody></table>`;
    }
    case 'banner':
    case 'card': {
      const title = str(p.title) || str(p.heading);
      const text = str(p.text) || str(p.subtitle) || str(p.description);
      if (title) ctx.text.push(title);
      if (text) ctx.text.push(htmlToText(text));
      const picture = image(p.image ?? p.backgroundImage, ctx, null);
      const body = `${picture}${title ? `<h2 style="margin:12px 0 6px;font-size:20px">${escapeHtml(title)}</h2>` : ''}${text ? `<div style="line-height:1.5">${absoluteHtml(text, ctx.origin)}</div>` : ''}`;
      return picture || title || text ? `<div style="padding:8px 0">${body}</div>` : '';
    }
    case 'placeholder':
      return '';
    default:
      // Live or interactive blocks (product lists, feeds, forms, socials) are read on the page itself.
      return button('See it on our site', ctx.pageUrl, ctx);
  }
}

/** Renders a campaign page as an e-mail from the store's brand; `origin` is the store's link origin. */
export function renderCampaignEmail(page: CampaignPage, brand: MailBrand, origin: string): CampaignEmail {
  const pageUrl = `${origin}${page.url}?cgi=teemail`;
  const ctx: Ctx = { origin, brand, pageUrl, text: [] };
  const subject = str(page.properties.title) || brand.storeName;
  // Consecutive "see it on our site" buttons would repeat themselves: keep the first of a run.
  const parts = page.blocks.map((b) => block(b, ctx)).filter((part, i, all) => part !== '' && !(i > 0 && part === all[i - 1] && part.includes('See it on our site')));
  const top = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.storeName)}" height="40" style="display:block;max-height:40px;max-width:220px">`
    : `<strong style="font-size:20px">${escapeHtml(brand.storeName)}</strong>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f4"><tr><td align="center" style="padding:16px 8px">
<p style="margin:0 0 8px;font:12px Arial,Helvetica,sans-serif;color:#555"><a href="${escapeHtml(pageUrl)}" style="color:#555">View this e-mail in your browser</a></p>
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;font-family:Arial,Helvetica,sans-serif;color:#111111;font-size:16px">
<tr><td style="background:${brand.colour};color:${brand.contrast};padding:16px 24px">${top}</td></tr>
<tr><td style="padding:24px">${parts.join('\n')}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#555;border-top:1px solid #eeeeee">${escapeHtml(brand.storeName)} · <a href="${escapeHtml(origin)}/" style="color:#555">${escapeHtml(origin.replace(/^https?:\/\//, ''))}</a></td></tr>
</table></td></tr></table></body></html>`;
  const text = [subject, '', ...ctx.text.filter(Boolean), '', `View in your browser: ${pageUrl}`].join('\n\n').replace(/\n{3,}/g, '\n\n');
  return { subject, html, text };
}
