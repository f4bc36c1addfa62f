import { COUNTRY_REGIONS, isOnboardingBadge, type CountryRegion } from '../../core/access';
import type { PageRoute } from '../../core/storeData';
import { isLoginState, type RouteAccess } from './decide';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Guard kinds a page can declare in its route meta (`access`), read defensively: an unknown or malformed
 * entry is ignored rather than trusted. Onboarding badge: `{ badge: 'card', completed: true }`; country
 * cookie: `'GB' | 'EU' | 'ROW'`; split test: `{ name, variation }`; flags pro, turbo, turboOrInternal,
 * internal, bespoke, verified, signedEula, hasStore; dashboard permissions: a list of names.
 */
export function parseDeclaredAccess(raw: unknown): RouteAccess {
  if (!isObject(raw)) return {};
  const access: RouteAccess = {};
  for (const flag of ['pro', 'turbo', 'turboOrInternal', 'internal', 'bespoke', 'verified', 'signedEula', 'hasStore'] as const) {
    if (raw[flag] === true) access[flag] = true;
  }
  if (isLoginState(raw.loginState)) access.loginState = raw.loginState;
  if (Array.isArray(raw.permissions) && raw.permissions.every((p) => typeof p === 'string') && raw.permissions.length > 0) {
    access.permissions = raw.permissions as string[];
  }
  const badge = raw.badge;
  if (isObject(badge) && isOnboardingBadge(badge.badge) && typeof badge.completed === 'boolean') access.badge = { badge: badge.badge, completed: badge.completed };
  if ((COUNTRY_REGIONS as readonly unknown[]).includes(raw.country)) access.country = raw.country as CountryRegion;
  const split = raw.splitTest;
  if (isObject(split) && typeof split.name === 'string' && typeof split.variation === 'string') access.splitTest = { name: split.name, variation: split.variation };
  return access;
}

/** A store page's guards: the visitor gate, its loginState (§2.2 route meta), unpublished → internal only, and what it declares. */
export function accessForPage(page: PageRoute): RouteAccess {
  const declared = parseDeclaredAccess((page as PageRoute & { access?: unknown }).access);
  const access: RouteAccess = { ...declared, storefront: true };
  if (isLoginState(page.loginState) && page.loginState !== 'everyone') access.loginState = page.loginState;
  if (page.published === false) access.published = false;
  return access;
}
