import type { Queryable } from '../db/database';
import type { ThemeService } from '../themes';
import { resolveStoreTheme } from '../themes';
import { findStore } from '../stores';
import { escapeHtml } from '../services/mail';

/** The store's look in a mail: its logo (absolute, from the link origin) and its theme's primary colours. */
export interface MailBrand {
  storeName: string;
  logoUrl: string | null;
  colour: string;
  contrast: string;
}

const HEX = /^#[0-9a-f]{3,8}$/i;

/**
 * The brand of the store an order belongs to. Colours fall back to black on white when the theme has none usable
 * (or no theme service is at hand). Pass the transaction as `db` when inside one.
 */
export async function mailBrandOf(ctx: { db: Queryable; themes?: ThemeService | null }, divisionId: number, origin: string | null): Promise<MailBrand> {
  const store = await findStore(ctx.db, { division: String(divisionId) });
  const themes = ctx.themes;
  const theme = store && themes ? await resolveStoreTheme({ db: ctx.db, themes }, store).catch(() => null) : null;
  const prop = (name: string, fallback: string) => {
    const value = theme?.properties[name];
    return typeof value === 'string' && HEX.test(value) ? value : fallback;
  };
  const src = store?.company.logo?.src ?? null;
  return {
    storeName: store?.company.name ?? store?.name ?? 'Our shop',
    logoUrl: src ? (/^https?:\/\//.test(src) ? src : `${origin ?? ''}${src}`) : null,
    colour: prop('primary.color', '#000000'),
    contrast: prop('contrast.color', '#ffffff'),
  };
}

/** One branded HTML body: the logo on the store's colour, the content, and a button to the order history. */
export function layout(brand: MailBrand, heading: string, body: string, action: { label: string; href: string }): string {
  const top = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.storeName)}" height="40" style="display:block;max-height:40px;max-width:220px">`
    : `<strong style="font-size:20px">${escapeHtml(brand.storeName)}</strong>`;
  return `<div style="font-family:Arial,Helvetica,sans-serif;color:#111;max-width:600px;margin:0 auto">
<div style="background:${brand.colour};color:${brand.contrast};padding:16px 24px">${top}</div>
<div style="padding:24px"><h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(heading)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:${brand.colour};color:${brand.contrast};padding:12px 20px;text-decoration:none;border-radius:4px;display:inline-block">${escapeHtml(action.label)}</a></p></div></div>`;
}
