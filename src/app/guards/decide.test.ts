import { describe, expect, it } from 'vitest';
import type { AccessUser } from '../../core/access';
import { decideAccess, loginRedirect, needsSession, type GuardContext, type GuardStore, type RouteAccess } from './decide';

const DIVISION = 7;
const store = (over: Partial<GuardStore> = {}): GuardStore => ({ divisionId: DIVISION, passwordProtected: false, comingSoon: false, active: true, pro: false, ...over });
const owner = (over: Partial<AccessUser> = {}): AccessUser => ({
  internal: false,
  verified: true,
  signedEula: true,
  stores: [{ divisionId: DIVISION, role: 'owner', permissions: [] }],
  ...over,
});
const shopper = (over: Partial<AccessUser> = {}): AccessUser => owner({ stores: [], ...over });
const ctx = (over: Partial<GuardContext> = {}): GuardContext => ({ path: '/dashboard/', user: null, internal: false, store: store(), ...over });
const where = (access: RouteAccess, c: GuardContext) => {
  const d = decideAccess(access, c);
  return d.allow ? 'allow' : d.redirect;
};

describe('§2.3 unauthenticated', () => {
  it('sends anonymous visitors of logged-in and dashboard pages to /login/?redirect_uri={current path}', () => {
    expect(where({ loginState: 'dashboard-access' }, ctx())).toBe('/login/?redirect_uri=%2Fdashboard%2F');
    expect(where({ loginState: 'logged-in' }, ctx({ path: '/account/security/?tab=2fa' }))).toBe('/login/?redirect_uri=%2Faccount%2Fsecurity%2F%3Ftab%3D2fa');
    expect(loginRedirect('/dashboard/')).toBe('/login/?redirect_uri=%2Fdashboard%2F');
  });
  it('lets everyone onto everyone pages and anonymous visitors onto logged-out pages', () => {
    expect(where({}, ctx())).toBe('allow');
    expect(where({ loginState: 'everyone' }, ctx())).toBe('allow');
    expect(where({ loginState: 'logged-out' }, ctx({ path: '/login/' }))).toBe('allow');
  });
  it('explicit gates that need a user also start at the login page', () => {
    for (const access of [{ verified: true }, { signedEula: true }, { hasStore: true }, { permissions: ['pages.edit'] }] as RouteAccess[]) {
      expect(where(access, ctx({ path: '/x/' }))).toBe('/login/?redirect_uri=%2Fx%2F');
    }
  });
});

describe('§2.3 logged-in user on login-only pages', () => {
  it('goes to /dashboard/', () => {
    expect(where({ loginState: 'logged-out' }, ctx({ path: '/login/', user: owner() }))).toBe('/dashboard/');
    expect(where({ loginState: 'logged-out' }, ctx({ path: '/sign-up/', user: shopper({ verified: false }) }))).toBe('/dashboard/');
  });
});

describe('§2.3 dashboard access: login, then verified, then signed EULA', () => {
  it('unverified → /sign-up/verify/ (before the EULA)', () => {
    expect(where({ loginState: 'dashboard-access' }, ctx({ user: owner({ verified: false, signedEula: false }) }))).toBe('/sign-up/verify/');
    expect(where({ verified: true }, ctx({ user: owner({ verified: false }) }))).toBe('/sign-up/verify/');
  });
  it('EULA unsigned → /sign-up/eula/', () => {
    expect(where({ loginState: 'dashboard-access' }, ctx({ user: owner({ signedEula: false }) }))).toBe('/sign-up/eula/');
    expect(where({ signedEula: true }, ctx({ user: owner({ signedEula: false }) }))).toBe('/sign-up/eula/');
  });
  it('lets a verified owner with a signed EULA in, and staff without a store', () => {
    expect(where({ loginState: 'dashboard-access' }, ctx({ user: owner() }))).toBe('allow');
    expect(where({ loginState: 'dashboard-access' }, ctx({ user: shopper({ internal: true }), internal: true }))).toBe('allow');
  });
  it('dashboard permission failures show the 403 page', () => {
    expect(where({ loginState: 'dashboard-access' }, ctx({ user: shopper() }))).toBe('/403/');
    expect(where({ hasStore: true }, ctx({ user: shopper() }))).toBe('/403/');
    const editor = owner({ stores: [{ divisionId: DIVISION, role: 'editor', permissions: ['orders.view'] }] });
    expect(where({ loginState: 'dashboard-access', permissions: ['pages.edit'] }, ctx({ user: editor }))).toBe('/403/');
    expect(where({ loginState: 'dashboard-access', permissions: ['orders.view'] }, ctx({ user: editor }))).toBe('allow');
    // Owners hold every permission of their own store; staff hold all.
    expect(where({ permissions: ['pages.edit'] }, ctx({ user: owner() }))).toBe('allow');
    expect(where({ permissions: ['pages.edit'] }, ctx({ user: shopper({ internal: true }), internal: true }))).toBe('allow');
    // Another store's ownership does not count here.
    expect(where({ permissions: ['pages.edit'] }, ctx({ user: owner({ stores: [{ divisionId: 99, role: 'owner', permissions: [] }] }) }))).toBe('/403/');
  });
  it('a user whose store requires 2FA is sent to the security settings until it is on', () => {
    expect(where({ loginState: 'dashboard-access' }, ctx({ user: owner({ force2fa: true }) }))).toBe('/account/security/');
  });
});

describe('§2.3 password-protected and coming-soon stores', () => {
  const page: RouteAccess = { storefront: true };
  it('coming soon → /countdown/; only allowed users pass (staff are allowed users of every store)', () => {
    const s = store({ comingSoon: true, passwordProtected: true });
    expect(where(page, ctx({ store: s, path: '/' }))).toBe('/countdown/');
    expect(where(page, ctx({ store: s, path: '/', user: shopper() }))).toBe('/countdown/');
    expect(where(page, ctx({ store: s, path: '/', user: owner() }))).toBe('allow');
    expect(where(page, ctx({ store: s, path: '/', user: shopper({ internal: true }), internal: true }))).toBe('allow');
  });
  it('password protected → /login/ unless the visitor is internal or an allowed user', () => {
    const s = store({ passwordProtected: true });
    expect(where(page, ctx({ store: s, path: '/about/' }))).toBe('/login/');
    expect(where(page, ctx({ store: s, path: '/about/', user: shopper() }))).toBe('/login/');
    expect(where(page, ctx({ store: s, path: '/about/', user: owner() }))).toBe('allow');
    // Internal by the store's subdomain flag (no user needed).
    expect(where(page, ctx({ store: s, path: '/about/', internal: true }))).toBe('allow');
  });
  it('lets in the accounts the owner listed as allowed users (password protected and coming soon)', () => {
    for (const gate of [{ passwordProtected: true }, { comingSoon: true }]) {
      const s = store({ ...gate, allowedUserIds: [42] });
      expect(where(page, ctx({ store: s, path: '/about/', user: shopper({ id: 42 }) }))).toBe('allow');
      expect(where(page, ctx({ store: s, path: '/about/', user: shopper({ id: 43 }) }))).not.toBe('allow');
    }
  });
  it('does not gate the account pages themselves', () => {
    const s = store({ comingSoon: true, passwordProtected: true });
    expect(where({ loginState: 'logged-out' }, ctx({ store: s, path: '/login/' }))).toBe('allow');
  });
  it('the countdown page is only for visitors not yet allowed in; others go home', () => {
    expect(where({ notYetAllowed: true }, ctx({ store: store({ comingSoon: true }), path: '/countdown/' }))).toBe('allow');
    expect(where({ notYetAllowed: true }, ctx({ store: store({ comingSoon: true }), path: '/countdown/', user: owner() }))).toBe('/');
    expect(where({ notYetAllowed: true }, ctx({ store: store(), path: '/countdown/' }))).toBe('/');
  });
});

describe('§2.3 inactive store', () => {
  it('sends storefront visitors to /dashboard/', () => {
    expect(where({ storefront: true }, ctx({ store: store({ active: false }), path: '/' }))).toBe('/dashboard/');
    expect(where({ loginState: 'dashboard-access' }, ctx({ store: store({ active: false }), user: owner() }))).toBe('allow');
  });
});

describe('§2.3 most other failed guards → /404/', () => {
  const c = (over: Partial<GuardContext> = {}) => ctx({ path: '/page/', ...over });
  it('unpublished pages: internal users only', () => {
    expect(where({ storefront: true, published: false }, c({ user: owner() }))).toBe('/404/');
    expect(where({ storefront: true, published: false }, c({ user: shopper({ internal: true }), internal: true }))).toBe('allow');
  });
  it('pro-only', () => {
    expect(where({ pro: true }, c())).toBe('/404/');
    expect(where({ pro: true }, c({ store: store({ pro: true }) }))).toBe('allow');
  });
  it('turbo-only and turbo-or-internal', () => {
    expect(where({ turbo: true }, c())).toBe('/404/');
    expect(where({ turbo: true }, c({ project: { isTurbo: true } }))).toBe('allow');
    expect(where({ turboOrInternal: true }, c())).toBe('/404/');
    expect(where({ turboOrInternal: true }, c({ internal: true }))).toBe('allow');
    expect(where({ turboOrInternal: true }, c({ project: { isTurbo: true } }))).toBe('allow');
  });
  it('internal-only and bespoke (company 52)', () => {
    expect(where({ internal: true }, c({ user: owner() }))).toBe('/404/');
    expect(where({ internal: true }, c({ internal: true }))).toBe('allow');
    expect(where({ bespoke: true }, c({ store: store({ companyId: 3 }) }))).toBe('/404/');
    expect(where({ bespoke: true }, c({ store: store({ companyId: 52 }) }))).toBe('allow');
  });
  it('onboarding badge state, completed and not completed', () => {
    const badges = [
      { code: 'card', unlocked: true },
      { code: 'theme', unlocked: false },
    ];
    expect(where({ badge: { badge: 'card', completed: true } }, c({ project: { badges } }))).toBe('allow');
    expect(where({ badge: { badge: 'card', completed: false } }, c({ project: { badges } }))).toBe('/404/');
    expect(where({ badge: { badge: 'theme', completed: false } }, c({ project: { badges } }))).toBe('allow');
    expect(where({ badge: { badge: 'theme', completed: true } }, c({ project: { badges } }))).toBe('/404/');
    expect(where({ badge: { badge: 'homepage', completed: false } }, c())).toBe('allow');
  });
  it('country cookie: GB, EU, rest of world', () => {
    expect(where({ country: 'GB' }, c({ countryCode: 'GB' }))).toBe('allow');
    expect(where({ country: 'GB' }, c({ countryCode: 'FR' }))).toBe('/404/');
    expect(where({ country: 'EU' }, c({ countryCode: 'fr' }))).toBe('allow');
    expect(where({ country: 'EU' }, c({ countryCode: 'GB' }))).toBe('/404/');
    expect(where({ country: 'ROW' }, c({ countryCode: 'US' }))).toBe('allow');
    expect(where({ country: 'ROW' }, c({ countryCode: 'DE' }))).toBe('/404/');
    expect(where({ country: 'ROW' }, c({ countryCode: null }))).toBe('allow');
  });
  it('split test variation (query parameter named after the test wins)', () => {
    const splitTests = { homepage: { variation: 'old', availableVariations: ['old', 'new'] } };
    expect(where({ splitTest: { name: 'homepage', variation: 'old' } }, c({ splitTests }))).toBe('allow');
    expect(where({ splitTest: { name: 'homepage', variation: 'new' } }, c({ splitTests }))).toBe('/404/');
    expect(where({ splitTest: { name: 'homepage', variation: 'new' } }, c({ splitTests, path: '/page/?homepage=new' }))).toBe('allow');
    expect(where({ splitTest: { name: 'missing', variation: 'new' } }, c({ splitTests }))).toBe('/404/');
  });
});

describe('order of the rules', () => {
  it('the store gate comes before the login state, which comes before /404/ rules', () => {
    const s = store({ passwordProtected: true });
    expect(where({ storefront: true, loginState: 'logged-in', pro: true }, ctx({ store: s, path: '/p/' }))).toBe('/login/');
    expect(where({ loginState: 'logged-in', pro: true }, ctx({ path: '/p/' }))).toBe('/login/?redirect_uri=%2Fp%2F');
    expect(where({ loginState: 'logged-in', pro: true }, ctx({ path: '/p/', user: shopper() }))).toBe('/404/');
  });
});

describe('needsSession', () => {
  it('skips the session for everyone pages of an open store', () => {
    expect(needsSession({ storefront: true }, store())).toBe(false);
    expect(needsSession({ storefront: true, pro: true }, store())).toBe(false);
    expect(needsSession({ storefront: true }, store({ passwordProtected: true }))).toBe(true);
    expect(needsSession({ loginState: 'logged-out' }, store())).toBe(true);
    expect(needsSession({ published: false }, store())).toBe(true);
    expect(needsSession({ notYetAllowed: true }, store())).toBe(false);
    expect(needsSession({ notYetAllowed: true }, store({ comingSoon: true }))).toBe(true);
  });
});
