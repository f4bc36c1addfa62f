import { describe, expect, it } from 'vitest';
import {
  BESPOKE_COMPANY_ID,
  canAccessStore,
  canSeeUnpublished,
  canViewPage,
  canVisitStore,
  FIRST_PARTY_DIVISION_ID,
  hasDashboardAccess,
  hasStore,
  isBespoke,
  isExternalPlatform,
  isInternalUser,
  isPro,
  isTurbo,
  isTurboOrInternal,
  missingDashboardStep,
  mustEnable2fa,
  needsDeliveryProfile,
  passesLoginState,
  type RoleUser,
} from './roles';

const user = (over: Partial<RoleUser> = {}): RoleUser => ({ internal: false, verified: true, signedEula: true, stores: [], permissions: [], ...over });
const owner = user({ stores: [{ divisionId: 5, role: 'owner', permissions: [] }] });
const editor = user({ stores: [{ divisionId: 5, role: 'editor', permissions: ['pages.edit'] }] });
const staff = user({ internal: true });

describe('§6 internal user', () => {
  it('is the atlas context, an internal user, or a subdomain flag outside division 12', () => {
    expect(isInternalUser({ context: 'atlas', user: null })).toBe(true);
    expect(isInternalUser({ user: staff })).toBe(true);
    expect(isInternalUser({ user: owner })).toBe(false);
    expect(isInternalUser({ user: null, store: { divisionId: 7, subdomain: { internalUser: true } } })).toBe(true);
    expect(isInternalUser({ user: null, store: { divisionId: FIRST_PARTY_DIVISION_ID, subdomain: { internalUser: true } } })).toBe(false);
    expect(isInternalUser({ context: 'subdomain', user: null, store: { divisionId: 7, subdomain: { internalUser: false } } })).toBe(false);
  });
});

describe('§6 dashboard access: login, then verified, then EULA', () => {
  it('reports the first missing step in that order', () => {
    expect(missingDashboardStep(null)).toBe('login');
    expect(missingDashboardStep(user({ verified: false, signedEula: false }))).toBe('verified');
    expect(missingDashboardStep(user({ verified: true, signedEula: false }))).toBe('eula');
    expect(missingDashboardStep(user())).toBeNull();
    expect(hasDashboardAccess(user())).toBe(true);
    expect(hasDashboardAccess(user({ signedEula: false }))).toBe(false);
  });
});

describe('§6 store owners and editors', () => {
  it('lets owners and editors at their own store only; staff at any', () => {
    expect(canAccessStore(owner, 5)).toBe(true);
    expect(canAccessStore(owner, 6)).toBe(false);
    expect(canAccessStore(editor, 5)).toBe(true);
    expect(canAccessStore(staff, 6)).toBe(true);
    expect(canAccessStore(null, 5)).toBe(false);
    expect(hasStore(owner)).toBe(true);
    expect(hasStore(user())).toBe(false);
  });

  it('gives owners every permission and editors only the granted ones', () => {
    expect(canAccessStore(owner, 5, 'pages.publish')).toBe(true);
    expect(canAccessStore(editor, 5, 'pages.edit')).toBe(true);
    expect(canAccessStore(editor, 5, 'pages.publish')).toBe(false);
    expect(canAccessStore({ ...editor, permissions: ['pages.publish'] }, 5, 'pages.publish')).toBe(true);
    expect(canAccessStore(editor, 6, 'pages.edit')).toBe(false);
  });
});

describe('§6 pages: unpublished and loginState', () => {
  it('shows unpublished pages to internal users only', () => {
    expect(canSeeUnpublished(staff)).toBe(true);
    expect(canSeeUnpublished(owner)).toBe(false);
    expect(canViewPage({ published: false }, owner)).toBe(false);
    expect(canViewPage({ published: false }, staff)).toBe(true);
    expect(canViewPage({ published: true }, null)).toBe(true);
  });

  it('needs a session for logged-in pages and verified + EULA for dashboard-access pages', () => {
    expect(passesLoginState('everyone', null)).toBe(true);
    expect(passesLoginState(undefined, null)).toBe(true);
    expect(passesLoginState('logged-out', null)).toBe(true);
    expect(passesLoginState('logged-in', null)).toBe(false);
    expect(passesLoginState('logged-in', user({ verified: false }))).toBe(true);
    expect(passesLoginState('dashboard-access', user({ signedEula: false }))).toBe(false);
    expect(passesLoginState('dashboard-access', user())).toBe(true);
    expect(canViewPage({ published: false, loginState: 'dashboard-access' }, staff)).toBe(true);
  });
});

describe('§6 pro, turbo, bespoke, external platforms', () => {
  it('uses the project for division 12 or the first-party context, else the subdomain', () => {
    const store = { divisionId: 5, subdomain: { isPro: true }, project: { isPro: false } };
    expect(isPro({ store })).toBe(true);
    expect(isPro({ store, context: 'first-party' })).toBe(false);
    expect(isPro({ store: { ...store, divisionId: FIRST_PARTY_DIVISION_ID } })).toBe(false);
    expect(isPro({ store: { divisionId: FIRST_PARTY_DIVISION_ID, subdomain: { isPro: false } }, project: { isPro: true } })).toBe(true);
    expect(isPro({ store: { divisionId: 5, subdomain: { isPro: false }, project: { isPro: true } } })).toBe(false);
  });

  it('turbo is the project flag; turbo-or-internal also lets staff in', () => {
    expect(isTurbo({ isTurbo: true })).toBe(true);
    expect(isTurbo(null)).toBe(false);
    expect(isTurboOrInternal({ isTurbo: false }, true)).toBe(true);
    expect(isTurboOrInternal({ isTurbo: false }, false)).toBe(false);
  });

  it('bespoke is company 52', () => {
    expect(BESPOKE_COMPANY_ID).toBe(52);
    expect(isBespoke(52)).toBe(true);
    expect(isBespoke(51)).toBe(false);
    expect(isBespoke(null)).toBe(false);
  });

  it('external-platform projects need a delivery profile id', () => {
    expect(isExternalPlatform({ integrationType: 'shopify' })).toBe(true);
    expect(isExternalPlatform({ integrationType: null })).toBe(false);
    expect(needsDeliveryProfile({ integrationType: 'shopify', deliveryProfileId: null })).toBe(true);
    expect(needsDeliveryProfile({ integrationType: 'shopify', deliveryProfileId: 3 })).toBe(false);
    expect(needsDeliveryProfile({ integrationType: null })).toBe(false);
  });

  it('force2fa obliges users whose 2FA is off', () => {
    expect(mustEnable2fa({ projectRequires2fa: true, twoFactorEnabled: false })).toBe(true);
    expect(mustEnable2fa({ projectRequires2fa: true, twoFactorEnabled: true })).toBe(false);
    expect(mustEnable2fa({ projectRequires2fa: false, twoFactorEnabled: false })).toBe(false);
  });
});

describe('§6 store visitors', () => {
  it('password-protected stores admit internal and allowed users; coming-soon only allowed users', () => {
    expect(canVisitStore({ passwordProtected: false, comingSoon: false, internal: false, allowedUser: false })).toBe(true);
    expect(canVisitStore({ passwordProtected: true, comingSoon: false, internal: false, allowedUser: false })).toBe(false);
    expect(canVisitStore({ passwordProtected: true, comingSoon: false, internal: true, allowedUser: false })).toBe(true);
    expect(canVisitStore({ passwordProtected: true, comingSoon: false, internal: false, allowedUser: true })).toBe(true);
    expect(canVisitStore({ passwordProtected: false, comingSoon: true, internal: true, allowedUser: false })).toBe(false);
    expect(canVisitStore({ passwordProtected: false, comingSoon: true, internal: false, allowedUser: true })).toBe(true);
  });
});
