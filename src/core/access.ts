import { isEuCountry } from './countries';

/**
 * §6 access predicates shared by the route guards (§2.3) and any screen that needs to mirror the
 * server's decisions. Pure: no React, no browser or Node APIs. The server stays the authority; these
 * only decide what the browser shows and where it sends a visitor.
 */

/** A user's membership of one store (division) — `stores[]` of the session user (docs/auth-api.md). */
export interface AccessMembership {
  divisionId: number;
  role: 'owner' | 'editor';
  permissions: readonly string[];
}

/** The part of the session user the rules look at. */
export interface AccessUser {
  /** The account id (a store's allowed-users list names accounts, §6). */
  id?: number;
  internal: boolean;
  verified: boolean;
  signedEula: boolean;
  stores: readonly AccessMembership[];
  /** Permissions granted outside any store (approved requests that named no store). */
  permissions?: readonly string[];
  /** A project of one of the user's stores requires 2FA and it is off. */
  force2fa?: boolean;
}

/** §6: division 12 is the first-party store; its own subdomain flag does not make a user internal. */
export const FIRST_PARTY_DIVISION_ID = 12;
/** §6 bespoke checks use company 52. */
export const BESPOKE_COMPANY_ID = 52;

export type AppContextName = 'first-party' | 'first-party-subdomain' | 'atlas' | 'subdomain';

/** §6 internal user: context atlas, or user.internal, or the store's subdomain flags an internal user and its division is not 12. */
export function isInternalUser(opts: { user: Pick<AccessUser, 'internal'> | null; context?: AppContextName; subdomainFlagsInternal?: boolean; divisionId?: number }): boolean {
  if (opts.context === 'atlas') return true;
  if (opts.user?.internal === true) return true;
  return opts.subdomainFlagsInternal === true && opts.divisionId !== undefined && opts.divisionId !== FIRST_PARTY_DIVISION_ID;
}

export const membershipOf = (user: Pick<AccessUser, 'stores'> | null, divisionId: number): AccessMembership | undefined =>
  user?.stores.find((s) => s.divisionId === divisionId);

/** An "allowed user" of a store (§6): a member of the store (owner or editor) or staff, who may act on any store. */
export const isAllowedUser = (user: Pick<AccessUser, 'stores' | 'internal'> | null, divisionId: number): boolean =>
  user !== null && (user.internal || membershipOf(user, divisionId) !== undefined);

/** The store's visitor gate (§6). */
export interface StoreGate {
  passwordProtected: boolean;
  comingSoon: boolean;
}

/**
 * §6 store visitors: allowed if the store is not password protected, or the visitor is internal or an allowed
 * user; with coming-soon enabled only allowed users pass (staff count as allowed users of every store).
 */
export function mayVisitStore(gate: StoreGate, visitor: { internal: boolean; allowed: boolean }): boolean {
  if (gate.comingSoon) return visitor.allowed;
  if (gate.passwordProtected) return visitor.internal || visitor.allowed;
  return true;
}

/** §6 dashboard access: a store to manage (owner or editor) or staff. Login, verification and EULA are checked first. */
export const hasStore = (user: Pick<AccessUser, 'stores'> | null): boolean => (user?.stores.length ?? 0) > 0;
export const hasDashboardAccess = (user: Pick<AccessUser, 'stores' | 'internal'> | null): boolean => user !== null && (user.internal || hasStore(user));

/**
 * §6 dashboard permissions: staff hold every permission; a store's owner holds them all on that store; an
 * editor holds those granted on the store or to the user outside any store. With a division only that
 * store's membership counts, otherwise any of the user's stores.
 */
export function hasPermissions(user: Pick<AccessUser, 'stores' | 'internal' | 'permissions'> | null, permissions: readonly string[], divisionId?: number): boolean {
  if (!user) return false;
  if (user.internal) return true;
  const memberships = divisionId === undefined ? user.stores : user.stores.filter((s) => s.divisionId === divisionId);
  const own = user.permissions ?? [];
  return permissions.every((p) => memberships.some((m) => m.role === 'owner' || m.permissions.includes(p)) || (memberships.length > 0 && own.includes(p)));
}

/** The permissions of a list the user lacks (what a permission request asks for). */
export const missingPermissions = (user: Pick<AccessUser, 'stores' | 'internal' | 'permissions'> | null, permissions: readonly string[], divisionId?: number): string[] =>
  permissions.filter((p) => !hasPermissions(user, [p], divisionId));

/** §6 pro: for division 12 or the first-party context the active project's isPro, otherwise the subdomain's pro flag. */
export function isPro(opts: { divisionId: number; context?: AppContextName; projectIsPro?: boolean; subdomainIsPro: boolean }): boolean {
  const firstParty = opts.divisionId === FIRST_PARTY_DIVISION_ID || opts.context === 'first-party';
  return firstParty ? opts.projectIsPro === true : opts.subdomainIsPro;
}

/** §6 onboarding badges; each has a completed and a not-completed guard. */
export const ONBOARDING_BADGES = ['sign-up', 'card', 'designer', 'profile', 'theme', 'homepage', 'entrepreneur'] as const;
export type OnboardingBadge = (typeof ONBOARDING_BADGES)[number];
export const isOnboardingBadge = (value: unknown): value is OnboardingBadge => (ONBOARDING_BADGES as readonly unknown[]).includes(value);

/** A project badge (§3 Manufacturer/project badges: code, unlocked). */
export interface ProjectBadge {
  code: string;
  unlocked: boolean;
}

export const isBadgeCompleted = (badges: readonly ProjectBadge[] | undefined, badge: OnboardingBadge): boolean =>
  badges?.some((b) => b.code === badge && b.unlocked) ?? false;

/** Passes when the badge's state is the one the page asks for. */
export const badgeStatePasses = (badges: readonly ProjectBadge[] | undefined, rule: { badge: OnboardingBadge; completed: boolean }): boolean =>
  isBadgeCompleted(badges, rule.badge) === rule.completed;

/** §6 country-cookie guards: UK (GB), EU (§5.2 list) or rest of world. */
export type CountryRegion = 'GB' | 'EU' | 'ROW';
export const COUNTRY_REGIONS: readonly CountryRegion[] = ['GB', 'EU', 'ROW'];

/** The region of a country cookie value; UK is accepted for GB, a missing or unknown value is rest of world. */
export function countryRegion(code: string | null | undefined): CountryRegion {
  const upper = (code ?? '').trim().toUpperCase();
  if (upper === 'GB' || upper === 'UK') return 'GB';
  return isEuCountry(upper) ? 'EU' : 'ROW';
}

export const countryPasses = (code: string | null | undefined, region: CountryRegion): boolean => countryRegion(code) === region;

/** A split test as store state carries it (§3 Split test). */
export interface SplitTestState {
  variation?: string | null;
  availableVariations?: readonly string[];
  default?: string;
}

/**
 * §4 split test variation: the query parameter named after the test wins (when it is one of the test's
 * variations, or the test lists none), else the active variation, else the default.
 */
export function activeVariation(name: string, test: SplitTestState | undefined, query?: URLSearchParams): string | undefined {
  const fromQuery = query?.get(name);
  const available = test?.availableVariations;
  if (fromQuery && (!available || available.length === 0 || available.includes(fromQuery))) return fromQuery;
  return test?.variation ?? test?.default ?? undefined;
}

export const splitTestPasses = (name: string, variation: string, test: SplitTestState | undefined, query?: URLSearchParams): boolean =>
  activeVariation(name, test, query) === variation;
