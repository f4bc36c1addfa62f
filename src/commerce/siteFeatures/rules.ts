/**
 * When each site-wide feature shows (§5.2, §9), as pure rules the components and tests share. The cookies are the
 * visitor's answers: consent to cookies, a subscription, a dismissed popup.
 */

/** §9 subscriber offer timings. */
export const SUBSCRIBER_POPUP_DELAY_MS = 30_000;
export const SUBSCRIBED_COOKIE = { name: 'subscriber_offer_subscribed', days: 365 } as const;
export const SUBSCRIBER_DISMISSED_COOKIE = { name: 'subscriber_offer_dismissed', days: 30 } as const;
/** The visitor's answer to the cookie notice: "all" (analytics and tracking may load) or "essential". */
export const CONSENT_COOKIE = { name: 'cookie_consent', days: 365 } as const;
/** The sitewide popup is shown once; closing it keeps it closed for this long. */
export const SITEWIDE_POPUP_COOKIE = { name: 'sitewide_popup_seen', days: 30 } as const;
/** §9 "tracking 5 s": tracking starts 5 s after the store data loaded (and only with consent). */
export const TRACKING_DELAY_MS = 5_000;
/** §9 analytics are loaded on idle, with a 10 s timeout. */
export const ANALYTICS_IDLE_TIMEOUT_MS = 10_000;

export const DEFAULT_COOKIE_MESSAGE =
  'We use essential cookies to run this store, and — with your consent — analytics and advertising cookies to understand how it is used.';

export type Consent = 'all' | 'essential';
export const isConsent = (value: unknown): value is Consent => value === 'all' || value === 'essential';

interface CookiePolicyPlugin {
  enabled?: boolean;
  message?: string;
  allowEssentialOnly?: boolean;
}

/** §5.2: the cookie notice shows only when the cookie-policy plugin is missing or enabled, or the cgi query is 5; never once answered. */
export function showCookieNotice(plugin: CookiePolicyPlugin | undefined, query: URLSearchParams, consent: Consent | null): boolean {
  if (consent !== null) return false;
  return plugin === undefined || plugin.enabled !== false || query.get('cgi') === '5';
}

/** §5.2: shoppers arriving from the mail campaign (cgi teemail or utm_source_platform teemail) never see the offer. */
export const fromMailCampaign = (query: URLSearchParams): boolean => query.get('cgi') === 'teemail' || query.get('utm_source_platform') === 'teemail';

/** The subscriber popup: the plugin is on, the visitor neither subscribed nor dismissed it lately, and is not from a mail campaign. */
export function offerSubscriberPopup(plugin: { enabled?: boolean } | undefined, query: URLSearchParams, cookies: { subscribed: boolean; dismissed: boolean }): boolean {
  return plugin?.enabled === true && !cookies.subscribed && !cookies.dismissed && !fromMailCampaign(query);
}

/** A cookie that lasts `days` (path /, lax). */
export const cookieString = (name: string, value: string, days: number) => `${name}=${encodeURIComponent(value)}; path=/; max-age=${days * 24 * 3600}; samesite=lax`;
