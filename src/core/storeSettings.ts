import type { RuleList } from './rules/types';
import { isSupported, SUPPORTED_CURRENCIES } from './currency';
import { DEFAULT_RETURN_WINDOW_DAYS, MAX_RETURN_WINDOW_DAYS } from './returns';
import { DEFAULT_SPLIT_TESTS, MAX_SPLIT_TESTS, splitTestErrors, type SplitTestDefinition } from './splitTests';

/**
 * Store settings (issue #17; §1 optional site-wide features, §3 Subdomain and plugin map, §5.1 rules, §9): one
 * screen of tabs, each a flat form whose field names are also the keys of the API's field errors. Shared by the
 * dashboard screen (validates as the owner types) and the API (validates again and stores the result).
 */

export const SETTINGS_TABS = ['general', 'domain', 'banners', 'marketing', 'access', 'currencies', 'tracking', 'searchRedirects', 'splitTests'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
export const isSettingsTab = (value: unknown): value is SettingsTab => (SETTINGS_TABS as readonly unknown[]).includes(value);

export const SETTINGS_TAB_TITLES: Record<SettingsTab, string> = {
  general: 'General',
  domain: 'Domain',
  banners: 'Banner & popups',
  marketing: 'Subscribers & cookies',
  access: 'Access',
  currencies: 'Currencies',
  tracking: 'Tracking',
  searchRedirects: 'Search redirects',
  splitTests: 'Split tests',
};

export interface GeneralSettings {
  storeName: string;
  logo: string;
  favicon: string;
  /** The company details invoices need. */
  legalName: string;
  address: string;
  vatNumber: string;
  /** Days after dispatch a shopper may return items (/returns/, src/core/returns.ts). */
  returnWindowDays: number;
}

export interface DomainSettings {
  customDomainName: string;
}

export interface BannerSettings {
  bannerEnabled: boolean;
  bannerText: string;
  bannerIcon: string;
  bannerBackgroundColor: string;
  bannerTextColor: string;
  /** Seasonal delivery cut-off banner (§3 christmas-banner, christmasCutoffDates, christmasContent). */
  cutoffEnabled: boolean;
  cutoffStandardDate: string;
  cutoffExpressDate: string;
  cutoffContent: string;
  cutoffBackgroundColor: string;
  cutoffTextColor: string;
  popupEnabled: boolean;
  popupHeading: string;
  popupDescription: string;
}

export interface MarketingSettings {
  /** §3 plugin email-subscriber-offer. */
  subscriberOfferEnabled: boolean;
  subscriberOfferCoupon: string;
  /** §3 plugin cookie-policy: message, allowEssentialOnly. */
  cookiePolicyEnabled: boolean;
  cookiePolicyMessage: string;
  cookiePolicyAllowEssentialOnly: boolean;
}

export interface AccessSettings {
  passwordProtected: boolean;
  /** §6 allowed users: email addresses let into a protected or coming-soon store (besides its owners and editors). */
  allowedUsers: string[];
  comingSoonEnabled: boolean;
  /** yyyy-mm-dd: the date /countdown/ counts down to. */
  launchDate: string;
}

export interface CurrencySettings {
  currencyEnabled: boolean;
  mainCurrency: string;
  currencies: string[];
  /** Units of each currency per one unit of the main currency. */
  rates: Record<string, number>;
}

export interface TrackingSettings {
  gaMeasurementId: string;
  gaTrackingId: string;
  fbPixel: string;
  pinterestPixel: string;
  gadsConversionId: string;
  gadsConversionLabel: string;
  googleVerification: string;
  pinterestVerification: string;
  facebookVerification: string;
}

export interface SearchRedirectSettings {
  redirects: { searchTerm: string; destinationUrl: string }[];
}

export interface SplitTestSettings {
  tests: SplitTestDefinition[];
}

export interface StoreSettings {
  general: GeneralSettings;
  domain: DomainSettings;
  banners: BannerSettings;
  marketing: MarketingSettings;
  access: AccessSettings;
  currencies: CurrencySettings;
  tracking: TrackingSettings;
  searchRedirects: SearchRedirectSettings;
  splitTests: SplitTestSettings;
}

/** What GET …/settings/ answers: every tab, plus what the owner reads but does not set. */
export interface StoreSettingsView {
  settings: StoreSettings;
  /** §3 Subdomain: the store's address on the platform and its approval status text. */
  subdomain: { name: string; approvalStatus: string };
  /** Where the currency rates came from: the store's own, or the configured feed. */
  ratesFeed: boolean;
  /** How many sessions discovered each variation of each split test (by test code, then variation). */
  splitTestResults: Record<string, Record<string, number>>;
}

/** The mailing list the email-subscriber popup signs visitors up to; confirming it mails the offer's coupon. */
export const SUBSCRIBER_OFFER_LIST = 'subscriber-offer';

/** §9: christmas banner default colours (dark red background, white text). */
export const CUTOFF_BANNER_DEFAULTS = { backgroundColor: '#8b0000', textColor: '#ffffff' } as const;

/**
 * Plausible units per pound for a store whose main currency is GBP (the screen's starting point; an owner edits
 * them, or a configured feed replaces them). §9's own table (USD 2, others 1) stays the rule for a store that never
 * saved rates.
 */
export const SEED_RATES_PER_GBP: Readonly<Record<string, number>> = {
  GBP: 1, USD: 1.27, EUR: 1.17, CAD: 1.74, AUD: 1.94, JPY: 190, KRW: 1750, NOK: 13.8, SEK: 13.6, DKK: 8.7, BGN: 2.29,
  BRL: 7.3, CNY: 9.2, NZD: 2.15, CZK: 29.4, HKD: 9.9, HRK: 8.8, HUF: 470, IDR: 20200, INR: 107, ISK: 176, ILS: 4.7,
  CHF: 1.12, MXN: 25.8, MYR: 5.7, PHP: 74, PLN: 5.05, RON: 5.8, RUB: 125, SGD: 1.7, THB: 44, TRY: 44, ZAR: 23,
};

/** Seed rates for a main currency: the pound table re-based (rounded to 4 significant figures). */
export function seedRates(main: string): Record<string, number> {
  const base = SEED_RATES_PER_GBP[main] ?? 1;
  return Object.fromEntries(SUPPORTED_CURRENCIES.map((c) => [c, Number(((SEED_RATES_PER_GBP[c] ?? 1) / base).toPrecision(4))]));
}

export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  general: { storeName: '', logo: '', favicon: '', legalName: '', address: '', vatNumber: '', returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS },
  domain: { customDomainName: '' },
  banners: {
    bannerEnabled: false,
    bannerText: '',
    bannerIcon: '',
    bannerBackgroundColor: '',
    bannerTextColor: '',
    cutoffEnabled: false,
    cutoffStandardDate: '',
    cutoffExpressDate: '',
    cutoffContent: '',
    cutoffBackgroundColor: CUTOFF_BANNER_DEFAULTS.backgroundColor,
    cutoffTextColor: CUTOFF_BANNER_DEFAULTS.textColor,
    popupEnabled: false,
    popupHeading: '',
    popupDescription: '',
  },
  marketing: { subscriberOfferEnabled: false, subscriberOfferCoupon: '', cookiePolicyEnabled: true, cookiePolicyMessage: '', cookiePolicyAllowEssentialOnly: true },
  access: { passwordProtected: false, allowedUsers: [], comingSoonEnabled: false, launchDate: '' },
  currencies: { currencyEnabled: false, mainCurrency: 'GBP', currencies: ['GBP'], rates: seedRates('GBP') },
  tracking: {
    gaMeasurementId: '',
    gaTrackingId: '',
    fbPixel: '',
    pinterestPixel: '',
    gadsConversionId: '',
    gadsConversionLabel: '',
    googleVerification: '',
    pinterestVerification: '',
    facebookVerification: '',
  },
  searchRedirects: { redirects: [] },
  splitTests: { tests: DEFAULT_SPLIT_TESTS.map((t) => ({ ...t, variations: [...t.variations] })) },
};

const COLOUR: RuleList = [{ rule: 'regex', pattern: '^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$', message: 'Please select a colour' }];
const DATE: RuleList = [{ rule: 'regex', pattern: '^\\d{4}-\\d{2}-\\d{2}$', message: 'Please enter a valid date' }];
/** A logo or favicon: an uploaded file's path or an https address. */
const IMAGE: RuleList = [{ rule: 'regex', pattern: '^(?:/[^\\s]*|https?://[^\\s]+)$', message: 'Please enter a valid url' }];
const text = (max: number): RuleList => `max_length:${max}`;

/** §5.1 rules of every text field of a tab (booleans and lists are checked by shape). */
export const SETTINGS_FIELD_RULES: { [T in SettingsTab]: Partial<Record<keyof StoreSettings[T], RuleList>> } = {
  general: {
    storeName: 'required|max_length:80',
    logo: IMAGE,
    favicon: IMAGE,
    legalName: text(120),
    address: text(300),
    vatNumber: 'vat',
    returnWindowDays: `required|numeric|max_value:${MAX_RETURN_WINDOW_DAYS}`,
  },
  domain: { customDomainName: 'domain|max_length:253' },
  banners: {
    bannerText: text(200),
    bannerIcon: text(40),
    bannerBackgroundColor: COLOUR,
    bannerTextColor: COLOUR,
    cutoffStandardDate: DATE,
    cutoffExpressDate: DATE,
    cutoffContent: text(300),
    cutoffBackgroundColor: COLOUR,
    cutoffTextColor: COLOUR,
    popupHeading: text(100),
    popupDescription: text(500),
  },
  marketing: { subscriberOfferCoupon: 'alpha_dash|max_length:40', cookiePolicyMessage: text(500) },
  access: { launchDate: DATE },
  currencies: {},
  tracking: {
    gaMeasurementId: 'ga_measurement_id',
    gaTrackingId: 'ga_tracking_id',
    fbPixel: 'fb_pixel',
    pinterestPixel: 'pinterest_pixel',
    gadsConversionId: 'gads_conversion_id',
    gadsConversionLabel: 'gads_conversion_label',
    googleVerification: 'google_verification',
    pinterestVerification: 'pinterest_verification',
    facebookVerification: 'facebook_verification',
  },
  searchRedirects: {},
  splitTests: {},
};

/** Rules of the list fields, per item (keyed `allowedUsers.0`, `redirects.0.searchTerm`, `rates.JPY` in errors). */
export const ALLOWED_USER_RULES: RuleList = 'required|email';
export const REDIRECT_TERM_RULES: RuleList = 'required|max_length:100';
/** A path on the store (routed inside the app) or a full web address (§5.2 search redirects). */
export const REDIRECT_DESTINATION_RULES: RuleList = ['required', { rule: 'regex', pattern: '^(?:/[^\\s]*|https?://[^\\s]+)$', message: 'Please enter a valid url' }];
export const RATE_RULES: RuleList = 'required|positive_number';

/** The first §5.1 message of a value under a rule list, or null: the browser and the server each bring theirs. */
export type RuleCheck = (value: unknown, rules: RuleList) => string | null;

/**
 * Every §5.1 message of one tab's values, keyed as the API keys field errors (`allowedUsers.1`, `rates.JPY`,
 * `redirects.0.searchTerm`). One implementation for the screen (as the owner types) and the API (before it stores).
 */
export function settingsTabErrors<T extends SettingsTab>(tab: T, values: StoreSettings[T], check: RuleCheck): Record<string, string> {
  const errors: Record<string, string> = {};
  const put = (key: string, message: string | null) => {
    if (message) errors[key] = message;
  };
  for (const [field, rules] of Object.entries(SETTINGS_FIELD_RULES[tab]) as [string, RuleList][]) {
    const value = (values as unknown as Record<string, unknown>)[field];
    put(field, check(typeof value === 'string' ? value.trim() : value, rules));
  }
  if (tab === 'access') {
    const v = values as StoreSettings['access'];
    v.allowedUsers.forEach((email, i) => put(`allowedUsers.${i}`, check(email.trim(), ALLOWED_USER_RULES)));
    if (v.comingSoonEnabled && !v.launchDate) put('launchDate', 'This field is required');
  }
  if (tab === 'currencies') {
    const v = values as StoreSettings['currencies'];
    if (!isSupported(v.mainCurrency)) put('mainCurrency', 'This field is required');
    v.currencies.forEach((c, i) => !isSupported(c) && put(`currencies.${i}`, `Unsupported currency ${c}`));
    for (const [code, rate] of Object.entries(v.rates)) put(`rates.${code}`, check(rate, RATE_RULES));
  }
  if (tab === 'searchRedirects')
    (values as StoreSettings['searchRedirects']).redirects.forEach((r, i) => {
      put(`redirects.${i}.searchTerm`, check(r.searchTerm.trim(), REDIRECT_TERM_RULES));
      put(`redirects.${i}.destinationUrl`, check(r.destinationUrl.trim(), REDIRECT_DESTINATION_RULES));
    });
  if (tab === 'banners') {
    const v = values as StoreSettings['banners'];
    if (v.bannerEnabled && !v.bannerText.trim()) put('bannerText', 'This field is required');
    if (v.cutoffEnabled && !v.cutoffContent.trim()) put('cutoffContent', 'This field is required');
    if (v.popupEnabled && !v.popupHeading.trim()) put('popupHeading', 'This field is required');
  }
  if (tab === 'splitTests') {
    const tests = (values as StoreSettings['splitTests']).tests;
    if (tests.length > MAX_SPLIT_TESTS) put('tests', `A store may run at most ${MAX_SPLIT_TESTS} split tests`);
    Object.assign(errors, splitTestErrors(tests, check));
  }
  return errors;
}

/** §3 Subdomain approval status text. */
export function approvalStatusText(approval: { approved: number | null } | null): string {
  if (!approval) return 'No approval item';
  return approval.approved === 1 ? 'Approved' : 'Not modded yet';
}

/** A verification snippet's attributes: the server writes the tag again from these (never the typed markup). */
export function verificationMeta(snippet: string): { name?: string; property?: string; content: string } | null {
  const attrs: Record<string, string> = {};
  for (const m of snippet.matchAll(/\s(name|property|content)\s*=\s*(?:"([^"<>]*)"|'([^'<>]*)')/gi)) attrs[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? '';
  if (attrs.content === undefined || (attrs.name === undefined && attrs.property === undefined)) return null;
  return { ...(attrs.name !== undefined ? { name: attrs.name } : {}), ...(attrs.property !== undefined ? { property: attrs.property } : {}), content: attrs.content };
}
