import { describe, expect, it } from 'vitest';
import {
  activeVariation,
  countryRegion,
  hasDashboardAccess,
  hasPermissions,
  isAllowedUser,
  isBadgeCompleted,
  isInternalUser,
  isPro,
  mayVisitStore,
  missingPermissions,
  ONBOARDING_BADGES,
  type AccessUser,
} from './access';

const u = (over: Partial<AccessUser> = {}): AccessUser => ({ internal: false, verified: true, signedEula: true, stores: [], ...over });

describe('§6 access predicates', () => {
  it('internal user: atlas context, internal flag, or subdomain flag outside division 12', () => {
    expect(isInternalUser({ user: null, context: 'atlas' })).toBe(true);
    expect(isInternalUser({ user: u({ internal: true }) })).toBe(true);
    expect(isInternalUser({ user: null, subdomainFlagsInternal: true, divisionId: 7 })).toBe(true);
    expect(isInternalUser({ user: null, subdomainFlagsInternal: true, divisionId: 12 })).toBe(false);
    expect(isInternalUser({ user: u() })).toBe(false);
  });
  it('store visitors', () => {
    expect(mayVisitStore({ passwordProtected: false, comingSoon: false }, { internal: false, allowed: false })).toBe(true);
    expect(mayVisitStore({ passwordProtected: true, comingSoon: false }, { internal: true, allowed: false })).toBe(true);
    expect(mayVisitStore({ passwordProtected: true, comingSoon: false }, { internal: false, allowed: false })).toBe(false);
    expect(mayVisitStore({ passwordProtected: false, comingSoon: true }, { internal: true, allowed: false })).toBe(false);
    expect(mayVisitStore({ passwordProtected: false, comingSoon: true }, { internal: false, allowed: true })).toBe(true);
    expect(isAllowedUser(u({ stores: [{ divisionId: 7, role: 'editor', permissions: [] }] }), 7)).toBe(true);
    expect(isAllowedUser(u(), 7)).toBe(false);
    expect(isAllowedUser(u({ internal: true }), 7)).toBe(true);
  });
  it('dashboard access and permissions (owners hold all on their store, editors what was granted)', () => {
    expect(hasDashboardAccess(u())).toBe(false);
    expect(hasDashboardAccess(u({ internal: true }))).toBe(true);
    const editor = u({ stores: [{ divisionId: 7, role: 'editor', permissions: ['orders.view'] }], permissions: ['pages.edit'] });
    expect(hasPermissions(editor, ['orders.view'], 7)).toBe(true);
    expect(hasPermissions(editor, ['pages.edit'], 7)).toBe(true);
    expect(hasPermissions(editor, ['billing'], 7)).toBe(false);
    expect(missingPermissions(editor, ['orders.view', 'billing', 'themes'], 7)).toEqual(['billing', 'themes']);
    expect(hasPermissions(u({ stores: [{ divisionId: 7, role: 'owner', permissions: [] }] }), ['billing'], 7)).toBe(true);
    expect(hasPermissions(null, ['x'])).toBe(false);
  });
  it('pro: division 12 / first-party context use the project, others the subdomain', () => {
    expect(isPro({ divisionId: 12, projectIsPro: true, subdomainIsPro: false })).toBe(true);
    expect(isPro({ divisionId: 12, projectIsPro: false, subdomainIsPro: true })).toBe(false);
    expect(isPro({ divisionId: 7, context: 'first-party', projectIsPro: true, subdomainIsPro: false })).toBe(true);
    expect(isPro({ divisionId: 7, projectIsPro: true, subdomainIsPro: false })).toBe(false);
    expect(isPro({ divisionId: 7, subdomainIsPro: true })).toBe(true);
  });
  it('onboarding badges', () => {
    expect(ONBOARDING_BADGES).toEqual(['sign-up', 'card', 'designer', 'profile', 'theme', 'homepage', 'entrepreneur']);
    expect(isBadgeCompleted([{ code: 'designer', unlocked: true }], 'designer')).toBe(true);
    expect(isBadgeCompleted([{ code: 'designer', unlocked: false }], 'designer')).toBe(false);
    expect(isBadgeCompleted(undefined, 'designer')).toBe(false);
  });
  it('country regions: GB (or UK), the §5.2 EU list (GR as EL), rest of world', () => {
    expect(countryRegion('GB')).toBe('GB');
    expect(countryRegion('uk')).toBe('GB');
    expect(countryRegion('EL')).toBe('EU');
    expect(countryRegion('gr')).toBe('EU');
    expect(countryRegion('SE')).toBe('EU');
    expect(countryRegion('NO')).toBe('ROW');
    expect(countryRegion(undefined)).toBe('ROW');
  });
  it('split test variation: query parameter, else active, else default', () => {
    const test = { variation: 'old', availableVariations: ['old', 'new'] };
    expect(activeVariation('homepage', test)).toBe('old');
    expect(activeVariation('homepage', test, new URLSearchParams('homepage=new'))).toBe('new');
    expect(activeVariation('homepage', test, new URLSearchParams('homepage=bogus'))).toBe('old');
    expect(activeVariation('homepage', { default: 'old' })).toBe('old');
    expect(activeVariation('homepage', undefined)).toBeUndefined();
  });
});
