import type { Queryable } from '../db/database';
import { ApiError, apiMessages } from '../http/errors';
import { rules } from '../auth/validation';
import { parseRules } from '../../src/core/rules';
import type { RuleList } from '../../src/core/rules';
import { isSupported, SUPPORTED_CURRENCIES } from '../../src/core/currency';
import {
  approvalStatusText,
  CUTOFF_BANNER_DEFAULTS,
  DEFAULT_STORE_SETTINGS,
  seedRates,
  settingsTabErrors,
  type SettingsTab,
  type StoreSettings,
  type StoreSettingsView,
} from '../../src/core/storeSettings';
import type { SplitTestDefinition } from '../../src/core/splitTests';

/**
 * Store settings as the dashboard edits them (issue #17), read from and written to where the storefront reads
 * them: the division's name, the company's logo, the subdomain's favicon and custom domain, and the subdomain's
 * settings document (§3 Subdomain data: plugin map, sitewideBanner, sitewidePopup, searchRedirects,
 * passwordProtected, comingSoonPageData, christmas cut-off dates and content, tracking ids, company info).
 */

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const bool = (v: unknown, fallback = false): boolean => (typeof v === 'boolean' ? v : fallback);

interface StoreRow {
  division_id: number;
  name: string;
  return_window_days: number;
  company_id: number | null;
  company_logo: { src?: string } | null;
  subdomain_id: number;
  code: string;
  favicon: string | null;
  custom_domain_name: string | null;
  settings: Json;
  approved: number | null;
  has_approval: boolean;
}

async function storeRow(db: Queryable, divisionId: number, lock = false): Promise<StoreRow> {
  const { rows } = await db.query<StoreRow>(
    `select d.id as division_id, d.name, d.return_window_days, d.company_id, c.logo as company_logo, d.code, s.id as subdomain_id, s.favicon, s.custom_domain_name, s.settings,
            a.approved, a.id is not null as has_approval
       from divisions d join subdomains s on s.division_id = d.id
       left join companies c on c.id = d.company_id
       left join subdomain_approvals a on a.subdomain_id = s.id
      where d.id = $1${lock ? ' for update of s' : ''}`,
    [divisionId],
  );
  if (!rows[0]) throw new ApiError(404, apiMessages.notFound);
  return rows[0];
}

/** The settings document as tabs, every field present (defaults where the store never set one). */
export function settingsFromRow(row: Pick<StoreRow, 'name' | 'return_window_days' | 'company_logo' | 'favicon' | 'custom_domain_name' | 'settings'>): StoreSettings {
  const s = obj(row.settings);
  const plugins = obj(s.plugins);
  const d = DEFAULT_STORE_SETTINGS;
  const company = obj(s.companyInfo);
  const banner = obj(s.sitewideBanner);
  const cutoff = obj(plugins['christmas-banner']);
  const dates = obj(s.christmasCutoffDates);
  const popup = obj(s.sitewidePopup);
  const offer = obj(plugins['email-subscriber-offer']);
  const cookie = obj(plugins['cookie-policy']);
  const comingSoon = obj(s.comingSoonPageData);
  const currency = obj(plugins.currency);
  const tracking = obj(s.tracking);
  const main = str(currency.mainCurrency, d.currencies.mainCurrency).toUpperCase();
  const savedRates = obj(currency.rates);
  return {
    general: {
      storeName: row.name,
      logo: str(row.company_logo?.src),
      favicon: row.favicon ?? '',
      legalName: str(company.legalName),
      address: str(company.address),
      vatNumber: str(company.vatNumber),
      returnWindowDays: row.return_window_days,
    },
    domain: { customDomainName: row.custom_domain_name ?? '' },
    banners: {
      bannerEnabled: bool(banner.enabled),
      bannerText: str(banner.text),
      bannerIcon: str(banner.icon),
      bannerBackgroundColor: str(banner.backgroundColor),
      bannerTextColor: str(banner.textColor),
      cutoffEnabled: bool(cutoff.enabled),
      cutoffStandardDate: str(dates.standard),
      cutoffExpressDate: str(dates.express),
      cutoffContent: str(s.christmasContent),
      cutoffBackgroundColor: str(cutoff.backgroundColor, CUTOFF_BANNER_DEFAULTS.backgroundColor),
      cutoffTextColor: str(cutoff.textColor, CUTOFF_BANNER_DEFAULTS.textColor),
      popupEnabled: bool(popup.enabled),
      popupHeading: str(popup.heading),
      popupDescription: str(popup.description),
    },
    marketing: {
      subscriberOfferEnabled: bool(offer.enabled),
      subscriberOfferCoupon: str(offer.coupon),
      // §5.2: a missing cookie-policy plugin shows the notice.
      cookiePolicyEnabled: bool(cookie.enabled, true),
      cookiePolicyMessage: str(cookie.message),
      cookiePolicyAllowEssentialOnly: bool(cookie.allowEssentialOnly, true),
    },
    access: {
      passwordProtected: s.passwordProtected === true,
      allowedUsers: Array.isArray(s.allowedUsers) ? s.allowedUsers.filter((e): e is string => typeof e === 'string') : [],
      comingSoonEnabled: bool(comingSoon.enabled),
      launchDate: str(comingSoon.launchDate),
    },
    currencies: {
      currencyEnabled: bool(currency.enabled),
      mainCurrency: isSupported(main) ? main : 'GBP',
      currencies: [main, ...str(currency.currencies).split(',').map((c) => c.trim().toUpperCase())].filter((c, i, all) => isSupported(c) && all.indexOf(c) === i),
      rates: { ...seedRates(main), ...Object.fromEntries(Object.entries(savedRates).filter(([, v]) => typeof v === 'number')) } as Record<string, number>,
    },
    tracking: Object.fromEntries(Object.keys(d.tracking).map((k) => [k, str(tracking[k])])) as unknown as StoreSettings['tracking'],
    searchRedirects: {
      redirects: Array.isArray(s.searchRedirects)
        ? (s.searchRedirects as unknown[]).map((r) => ({ searchTerm: str(obj(r).searchTerm), destinationUrl: str(obj(r).destinationUrl) }))
        : [],
    },
    splitTests: { tests: splitTestsOf(s) },
  };
}

/** The store's split tests (§3): its saved ones, or every store's default set until it saves its own. */
export function splitTestsOf(settings: Json): SplitTestDefinition[] {
  if (!Array.isArray(settings.splitTests)) return DEFAULT_STORE_SETTINGS.splitTests.tests.map((t) => ({ ...t, variations: [...t.variations] }));
  return (settings.splitTests as unknown[]).map((raw) => {
    const t = obj(raw);
    return {
      code: str(t.code),
      name: str(t.name),
      variations: Array.isArray(t.variations) ? t.variations.filter((v): v is string => typeof v === 'string') : [],
      defaultVariation: str(t.defaultVariation),
      active: bool(t.active, true),
    };
  });
}

/** Sessions that discovered each variation, by test code (the settings screen's results). */
export async function splitTestResults(db: Queryable, divisionId: number): Promise<Record<string, Record<string, number>>> {
  const { rows } = await db.query<{ code: string; variation: string; sessions: number }>('select code, variation, sessions from split_test_discoveries where division_id = $1', [divisionId]);
  const results: Record<string, Record<string, number>> = {};
  for (const r of rows) (results[r.code] ??= {})[r.variation] = r.sessions;
  return results;
}

export async function readStoreSettings(db: Queryable, divisionId: number): Promise<StoreSettingsView> {
  const row = await storeRow(db, divisionId);
  return {
    settings: settingsFromRow(row),
    subdomain: { name: row.code, approvalStatus: approvalStatusText(row.has_approval ? { approved: row.approved } : null) },
    ratesFeed: Boolean(process.env.RATES_FEED_URL),
    splitTestResults: await splitTestResults(db, divisionId),
  };
}

/** First failing §5.1 message of a value, or null (only `required` speaks about an empty value). */
function firstFailure(value: unknown, list: RuleList): string | null {
  const book = rules();
  const empty = book.isEmpty(value);
  for (const rule of parseRules(list)) {
    if (rule.kind === 'server') continue;
    if (empty && !(rule.kind === 'schema' && rule.name === 'required')) continue;
    const message = rule.kind === 'schema' ? book.check(rule.name, rule.params, value) : rule.pattern.test(String(value)) ? null : rule.message;
    if (message) return message;
  }
  return null;
}

const trimAll = <T extends object>(values: T): T =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as T;

/** Checks one tab's values (already shaped by the route's body schema); 422 with every failing field. */
export function validateTab<T extends SettingsTab>(tab: T, values: StoreSettings[T]): void {
  const errors = settingsTabErrors(tab, values, firstFailure);
  if (Object.keys(errors).length > 0) throw new ApiError(422, apiMessages.invalid, Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v] as string[]])));
}

export const DOMAIN_TAKEN = 'This domain is already used by another store';
export const COUPON_NOT_FOUND = 'No active coupon of this store has that code';

/** Writes one tab inside the caller's transaction; returns what changed (for the audit log). */
export async function writeTab<T extends SettingsTab>(tx: Queryable, divisionId: number, tab: T, input: StoreSettings[T]): Promise<{ before: unknown; after: unknown }> {
  const values = trimAll(input);
  validateTab(tab, values);
  const row = await storeRow(tx, divisionId, true);
  const before = settingsFromRow(row)[tab];
  const settings = obj(row.settings);
  const plugins = { ...obj(settings.plugins) };
  const patch: Json = {};

  switch (tab) {
    case 'general': {
      const v = values as StoreSettings['general'];
      await tx.query('update divisions set name = $2, return_window_days = $3 where id = $1', [divisionId, v.storeName, v.returnWindowDays]);
      const logo = v.logo ? { src: v.logo, alt: v.storeName } : null;
      if (row.company_id !== null) await tx.query('update companies set logo = $2 where id = $1', [row.company_id, logo === null ? null : JSON.stringify(logo)]);
      else if (logo) {
        const { rows } = await tx.query<{ id: number }>('insert into companies (name, logo) values ($1, $2) returning id', [v.storeName, JSON.stringify(logo)]);
        await tx.query('update divisions set company_id = $2 where id = $1', [divisionId, rows[0]!.id]);
      }
      await tx.query('update subdomains set favicon = $2 where id = $1', [row.subdomain_id, v.favicon || null]);
      patch.companyInfo = { legalName: v.legalName, address: v.address, vatNumber: v.vatNumber.toUpperCase() };
      break;
    }
    case 'domain': {
      const domain = (values as StoreSettings['domain']).customDomainName.toLowerCase();
      if (domain) {
        const { rows } = await tx.query(
          `select 1 from subdomains s join divisions d on d.id = s.division_id
            where s.id <> $1 and (lower(s.custom_domain_name) = $2 or lower(d.active_domain_name) = $2)`,
          [row.subdomain_id, domain],
        );
        if (rows.length) throw new ApiError(422, apiMessages.invalid, { customDomainName: [DOMAIN_TAKEN] });
      }
      await tx.query('update subdomains set custom_domain_name = $2 where id = $1', [row.subdomain_id, domain || null]);
      break;
    }
    case 'banners': {
      const v = values as StoreSettings['banners'];
      patch.sitewideBanner = { enabled: v.bannerEnabled, text: v.bannerText, icon: v.bannerIcon, backgroundColor: v.bannerBackgroundColor, textColor: v.bannerTextColor };
      plugins['christmas-banner'] = {
        enabled: v.cutoffEnabled,
        backgroundColor: v.cutoffBackgroundColor || CUTOFF_BANNER_DEFAULTS.backgroundColor,
        textColor: v.cutoffTextColor || CUTOFF_BANNER_DEFAULTS.textColor,
      };
      patch.christmasCutoffDates = { standard: v.cutoffStandardDate, express: v.cutoffExpressDate };
      patch.christmasContent = v.cutoffContent;
      patch.sitewidePopup = { enabled: v.popupEnabled, heading: v.popupHeading, description: v.popupDescription };
      break;
    }
    case 'marketing': {
      const v = values as StoreSettings['marketing'];
      if (v.subscriberOfferCoupon) {
        const { rows } = await tx.query('select 1 from coupons where active and (division_id = $1 or division_id is null) and lower(code) = lower($2)', [divisionId, v.subscriberOfferCoupon]);
        if (!rows.length) throw new ApiError(422, apiMessages.invalid, { subscriberOfferCoupon: [COUPON_NOT_FOUND] });
      }
      plugins['email-subscriber-offer'] = { enabled: v.subscriberOfferEnabled, coupon: v.subscriberOfferCoupon.toUpperCase() };
      plugins['cookie-policy'] = { enabled: v.cookiePolicyEnabled, message: v.cookiePolicyMessage, allowEssentialOnly: v.cookiePolicyAllowEssentialOnly };
      break;
    }
    case 'access': {
      const v = values as StoreSettings['access'];
      patch.passwordProtected = v.passwordProtected;
      patch.allowedUsers = [...new Set(v.allowedUsers.map((e) => e.trim().toLowerCase()))];
      patch.comingSoonPageData = { enabled: v.comingSoonEnabled, launchDate: v.launchDate };
      break;
    }
    case 'currencies': {
      const v = values as StoreSettings['currencies'];
      const rates = Object.fromEntries(Object.entries(v.rates).filter(([code]) => (SUPPORTED_CURRENCIES as readonly string[]).includes(code)));
      // Against itself the main currency is always 1.
      rates[v.mainCurrency] = 1;
      plugins.currency = { enabled: v.currencyEnabled, mainCurrency: v.mainCurrency, currencies: [...new Set([v.mainCurrency, ...v.currencies])].join(','), rates };
      break;
    }
    case 'tracking':
      patch.tracking = values;
      break;
    case 'splitTests':
      patch.splitTests = (values as StoreSettings['splitTests']).tests.map((t) => ({
        code: t.code.trim(),
        name: t.name.trim(),
        variations: t.variations.map((v) => v.trim()),
        defaultVariation: t.defaultVariation.trim(),
        active: t.active,
      }));
      break;
    case 'searchRedirects':
      patch.searchRedirects = (values as StoreSettings['searchRedirects']).redirects.map((r) => ({ searchTerm: r.searchTerm.trim(), destinationUrl: r.destinationUrl.trim() }));
      break;
  }
  const next = { ...settings, ...patch, plugins };
  await tx.query('update subdomains set settings = $2 where id = $1', [row.subdomain_id, JSON.stringify(next)]);
  return { before, after: values };
}
