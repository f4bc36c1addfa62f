import {
  badgeStatePasses,
  countryPasses,
  hasDashboardAccess,
  hasPermissions,
  hasStore,
  isAllowedUser,
  mayVisitStore,
  splitTestPasses,
  BESPOKE_COMPANY_ID,
  type AccessUser,
  type CountryRegion,
  type OnboardingBadge,
  type ProjectBadge,
  type SplitTestState,
} from '../../core/access';

/** §2.3 redirect targets, verbatim. */
export const LOGIN_URL = '/login/';
export const DASHBOARD_URL = '/dashboard/';
export const VERIFY_URL = '/sign-up/verify/';
export const EULA_URL = '/sign-up/eula/';
export const COUNTDOWN_URL = '/countdown/';
export const NOT_FOUND_URL = '/404/';
/** The page a dashboard-permission failure shows (§6 "403 page on failure"). */
export const FORBIDDEN_URL = '/403/';
export const HOME_URL = '/';
/** Where a user whose store requires 2FA is sent until it is on (docs/auth-api.md force2fa). */
export const SECURITY_URL = '/account/security/';

/** §3 Page properties.loginState. */
export const LOGIN_STATES = ['everyone', 'logged-in', 'logged-out', 'dashboard-access'] as const;
export type LoginState = (typeof LOGIN_STATES)[number];
export const isLoginState = (value: unknown): value is LoginState => (LOGIN_STATES as readonly unknown[]).includes(value);

/** What a route asks of its visitor. Every field is optional; an empty object lets everyone in. */
export interface RouteAccess {
  loginState?: LoginState;
  /** A storefront page: the store's visitor gate (password protected / coming soon) and active flag apply. */
  storefront?: boolean;
  /** Only visitors not yet allowed into the store (the countdown page); others go home. */
  notYetAllowed?: boolean;
  /** Explicit gates (§6 isVerified, hasSignEula, hasStore …) for routes that are not dashboard-access pages. */
  verified?: boolean;
  signedEula?: boolean;
  hasStore?: boolean;
  /** Dashboard permissions the route needs in the current store. */
  permissions?: readonly string[];
  /** false: an unpublished page, internal users only. */
  published?: boolean;
  pro?: boolean;
  turbo?: boolean;
  turboOrInternal?: boolean;
  internal?: boolean;
  bespoke?: boolean;
  badge?: { badge: OnboardingBadge; completed: boolean };
  country?: CountryRegion;
  splitTest?: { name: string; variation: string };
}

export interface GuardStore {
  divisionId: number;
  passwordProtected: boolean;
  comingSoon: boolean;
  active: boolean;
  pro: boolean;
  companyId?: number;
  /** §6 allowed users the owner listed (account ids), besides the store's owners and editors. */
  allowedUserIds?: readonly number[];
}

export interface GuardContext {
  /** The path being visited, with its query (what redirect_uri carries). */
  path: string;
  user: AccessUser | null;
  /** §6 internal user (already worked out from context, user and subdomain flag). */
  internal: boolean;
  store: GuardStore;
  project?: { isTurbo?: boolean; badges?: readonly ProjectBadge[] };
  /** The country cookie. */
  countryCode?: string | null;
  splitTests?: Readonly<Record<string, SplitTestState | undefined>>;
}

export type GuardDecision = { allow: true } | { allow: false; redirect: string; reason: GuardFailure };

export type GuardFailure =
  | 'store-gate'
  | 'already-allowed'
  | 'unauthenticated'
  | 'logged-in'
  | 'unverified'
  | 'eula-unsigned'
  | 'force-2fa'
  | 'inactive-store'
  | 'no-dashboard-access'
  | 'missing-permission'
  | 'unpublished'
  | 'pro-only'
  | 'turbo-only'
  | 'turbo-or-internal'
  | 'internal-only'
  | 'bespoke-only'
  | 'badge-state'
  | 'country'
  | 'split-test';

const ALLOW: GuardDecision = { allow: true };
const deny = (redirect: string, reason: GuardFailure): GuardDecision => ({ allow: false, redirect, reason });

/** §2.3 unauthenticated: /login/?redirect_uri={current path}. */
export const loginRedirect = (path: string): string => `${LOGIN_URL}?redirect_uri=${encodeURIComponent(path)}`;

/** Whether deciding needs to know who the visitor is (otherwise the session need not be asked). */
export function needsSession(access: RouteAccess, store: Pick<GuardStore, 'passwordProtected' | 'comingSoon'>): boolean {
  const gated = store.passwordProtected || store.comingSoon;
  return (
    (access.loginState !== undefined && access.loginState !== 'everyone') ||
    ((access.storefront === true || access.notYetAllowed === true) && gated) ||
    access.published === false ||
    access.verified === true ||
    access.signedEula === true ||
    access.hasStore === true ||
    (access.permissions?.length ?? 0) > 0 ||
    access.internal === true ||
    access.turboOrInternal === true
  );
}

/**
 * §2.3 route guards as one pure decision: the first failed rule gives the redirect.
 * Order: store gate, login state (login → verified → EULA → dashboard access), inactive store,
 * explicit gates, then the rules whose failure is /404/.
 */
export function decideAccess(access: RouteAccess, ctx: GuardContext): GuardDecision {
  const { user, store } = ctx;
  const listed = user?.id !== undefined && (store.allowedUserIds?.includes(user.id) ?? false);
  const visitor = { internal: ctx.internal, allowed: isAllowedUser(user, store.divisionId) || listed };
  const gate = { passwordProtected: store.passwordProtected, comingSoon: store.comingSoon };

  if (access.storefront && !mayVisitStore(gate, visitor)) {
    return deny(store.comingSoon ? COUNTDOWN_URL : LOGIN_URL, 'store-gate');
  }
  if (access.notYetAllowed && mayVisitStore(gate, visitor)) return deny(HOME_URL, 'already-allowed');

  switch (access.loginState) {
    case 'logged-out':
      if (user) return deny(DASHBOARD_URL, 'logged-in');
      break;
    case 'logged-in':
      if (!user) return deny(loginRedirect(ctx.path), 'unauthenticated');
      break;
    case 'dashboard-access': {
      if (!user) return deny(loginRedirect(ctx.path), 'unauthenticated');
      if (!user.verified) return deny(VERIFY_URL, 'unverified');
      if (!user.signedEula) return deny(EULA_URL, 'eula-unsigned');
      if (!hasDashboardAccess({ ...user, internal: user.internal || ctx.internal })) return deny(FORBIDDEN_URL, 'no-dashboard-access');
      if (user.force2fa === true) return deny(SECURITY_URL, 'force-2fa');
      break;
    }
    default:
      break;
  }

  if (access.storefront && !store.active) return deny(DASHBOARD_URL, 'inactive-store');

  const needsUser = access.verified || access.signedEula || access.hasStore || (access.permissions?.length ?? 0) > 0;
  if (needsUser && !user) return deny(loginRedirect(ctx.path), 'unauthenticated');
  if (user) {
    if (access.verified && !user.verified) return deny(VERIFY_URL, 'unverified');
    if (access.signedEula && !user.signedEula) return deny(EULA_URL, 'eula-unsigned');
    if (access.hasStore && !ctx.internal && !hasStore(user)) return deny(FORBIDDEN_URL, 'no-dashboard-access');
    if (access.permissions?.length && !ctx.internal && !hasPermissions(user, access.permissions, store.divisionId)) {
      return deny(FORBIDDEN_URL, 'missing-permission');
    }
  }

  // §2.3: most other failed guards go to /404/.
  if (access.published === false && !ctx.internal) return deny(NOT_FOUND_URL, 'unpublished');
  if (access.internal && !ctx.internal) return deny(NOT_FOUND_URL, 'internal-only');
  if (access.pro && !store.pro) return deny(NOT_FOUND_URL, 'pro-only');
  if (access.turbo && ctx.project?.isTurbo !== true) return deny(NOT_FOUND_URL, 'turbo-only');
  if (access.turboOrInternal && !ctx.internal && ctx.project?.isTurbo !== true) return deny(NOT_FOUND_URL, 'turbo-or-internal');
  if (access.bespoke && store.companyId !== BESPOKE_COMPANY_ID) return deny(NOT_FOUND_URL, 'bespoke-only');
  if (access.badge && !badgeStatePasses(ctx.project?.badges, access.badge)) return deny(NOT_FOUND_URL, 'badge-state');
  if (access.country && !countryPasses(ctx.countryCode, access.country)) return deny(NOT_FOUND_URL, 'country');
  if (access.splitTest) {
    const { name, variation } = access.splitTest;
    const query = new URLSearchParams(ctx.path.includes('?') ? ctx.path.slice(ctx.path.indexOf('?')) : '');
    if (!splitTestPasses(name, variation, ctx.splitTests?.[name], query)) return deny(NOT_FOUND_URL, 'split-test');
  }
  return ALLOW;
}
