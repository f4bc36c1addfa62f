/**
 * §2.2 /plugins/{code}: the store features a shop turns on in its settings (§3 plugin map), each with a page that
 * tells shoppers what it does here and whether it is on. Only what a shopper may see is read (never a coupon code).
 */
import { formatDay } from './dates';

export const PLUGIN_CODES = ['currency', 'cookie-policy', 'email-subscriber-offer', 'christmas-banner'] as const;
export type PluginCode = (typeof PLUGIN_CODES)[number];

export interface PluginPage {
  code: PluginCode;
  name: string;
  summary: string;
  enabled: boolean;
  /** What the feature does in this store, one line each. */
  details: string[];
  /** Where a shopper acts on it or reads more. */
  link: { text: string; href: string } | null;
}

export interface PluginInputs {
  plugins: Record<string, unknown>;
  christmasCutoffDates?: { standard?: string; express?: string };
  /** The store's page urls: a link is offered only to a page the store has. */
  pageUrls: string[];
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const COOKIES_PAGE = '/use-of-cookies-and-disclaimer/';

const longDate = (iso: string | undefined) => {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  return formatDay(new Date(`${iso}T12:00:00Z`), 'long', 'UTC');
};

export const isPluginCode = (code: string): code is PluginCode => (PLUGIN_CODES as readonly string[]).includes(code);

/** The page of one store feature from the store's state; null for a code the product does not know. */
export function pluginPage(code: string, input: PluginInputs): PluginPage | null {
  if (!isPluginCode(code)) return null;
  const p = obj(input.plugins[code]);
  switch (code) {
    case 'currency': {
      const enabled = p.enabled === true;
      const list = String(p.currencies ?? p.mainCurrency ?? '')
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter((c, i, all) => /^[A-Z]{3}$/.test(c) && all.indexOf(c) === i);
      return {
        code,
        name: 'Currency selector',
        summary: 'See prices in the currency you know.',
        enabled,
        details: enabled
          ? [`Prices can be shown in ${list.join(', ') || 'the store currency'}.`, 'Choose the currency in the header; you pay in the store’s main currency at checkout.']
          : ['Prices are shown in the store’s own currency.'],
        link: null,
      };
    }
    case 'cookie-policy': {
      // §5.2: a missing cookie-policy plugin shows the notice, so it counts as on.
      const enabled = p.enabled !== false;
      const essentialOnly = p.allowEssentialOnly !== false;
      return {
        code,
        name: 'Cookie notice',
        summary: 'We ask before setting cookies that are not needed for the shop to work.',
        enabled,
        details: enabled
          ? [
              typeof p.message === 'string' && p.message.trim() ? p.message.trim() : 'A notice on your first visit lets you accept or refuse optional cookies.',
              essentialOnly ? 'You can choose essential cookies only: analytics and tracking then stay off.' : 'Accepting the notice turns on analytics and tracking.',
            ]
          : ['This store shows no cookie notice.'],
        link: input.pageUrls.includes(COOKIES_PAGE) ? { text: 'Read our cookies and disclaimer', href: COOKIES_PAGE } : null,
      };
    }
    case 'email-subscriber-offer': {
      const enabled = p.enabled === true;
      return {
        code,
        name: 'Newsletter offer',
        summary: 'A welcome discount for joining the newsletter.',
        enabled,
        details: enabled
          ? ['Sign up with your e-mail address and we send you a discount code once you confirm it.', 'You can unsubscribe from any newsletter with one click.']
          : ['There is no sign-up offer at the moment.'],
        link: null,
      };
    }
    case 'christmas-banner': {
      const enabled = p.enabled === true;
      const standard = longDate(input.christmasCutoffDates?.standard);
      const express = longDate(input.christmasCutoffDates?.express);
      return {
        code,
        name: 'Christmas delivery dates',
        summary: 'The last days to order for delivery before Christmas.',
        enabled,
        details: enabled
          ? [standard ? `Order by ${standard} with standard delivery.` : null, express ? `Order by ${express} with express delivery.` : null].filter((l): l is string => l !== null)
          : ['No Christmas delivery dates are shown at the moment.'],
        link: input.pageUrls.includes('/help/') ? { text: 'Delivery questions in the help centre', href: '/help/' } : null,
      };
    }
  }
}

/** The features switched on in a store, for the sitemap and other lists. */
export const enabledPlugins = (input: PluginInputs): PluginPage[] =>
  PLUGIN_CODES.map((code) => pluginPage(code, input)!).filter((page) => page.enabled);

export const pluginHref = (code: PluginCode) => `/plugins/${code}`;
