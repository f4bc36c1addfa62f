/**
 * §6 roles and rules as pure predicates. No Node built-ins and no I/O: the server guards use them and the
 * client guards can mirror them (they may move to src/core unchanged).
 */
import type { AuthUser, StoreMembership } from './types';

/** §6: division 12 is the first-party store; its pro flag and internal-user rules differ. */
export const FIRST_PARTY_DIVISION_ID = 12;
/** §6 bespoke customers belong to company 52. */
export const BESPOKE_COMPANY_ID = 52;

/** Application contexts (§1): the first-party app, its subdomain app, atlas (staff) and store subdomains. */
export type AppContextName = 'first-party' | 'first-party-subdomain' | 'atlas' | 'subdomain';

/** The user facts the predicates need (a subset of AuthUser, so client state fits too). */
export type RoleUser = Pick<AuthUser, 'internal' | 'verified' | 'signedEula' | 'stores'> & Partial<Pick<AuthUser, 'permissions' | 'status'>>;

export interface ProjectFacts {
  isPro?: boolean;
  isTurbo?: boolean;
  force2fa?: boolean;
  /** Set for projects selling through an external platform (§6 external-platform projects). */
  integrationType?: string | null;
  deliveryProfileId?: number | null;
}

export interface StoreFacts {
  divisionId: number;
  companyId?: number | null;
  subdomain?: { isPro?: boolean; internalUser?: boolean; passwordProtected?: boolean; comingSoon?: boolean } | null;
  project?: ProjectFacts | null;
}

/**
 * §6 internal user: the atlas context, or a user flagged internal, or a store subdomain that flags its
 * visitors internal — unless that store is division 12.
 */
export function isInternalUser(args: { context?: AppContextName | null; user?: Pick<RoleUser, 'internal'> | null; store?: StoreFacts | null }): boolean {
  if (args.context === 'atlas') return true;
  if (args.user?.internal === true) return true;
  return args.store?.subdomain?.internalUser === true && args.store.divisionId !== FIRST_PARTY_DIVISION_ID;
}

/** §6 dashboard access steps in order: login, then verified, then signed EULA. Returns the first step missing, or null. */
export function missingDashboardStep(user: Pick<RoleUser, 'verified' | 'signedEula'> | null | undefined): 'login' | 'verified' | 'eula' | null {
  if (!user) return 'login';
  if (!user.verified) return 'verified';
  if (!user.signedEula) return 'eula';
  return null;
}

/** §6 dashboard access: logged in, verified and EULA signed. */
export const hasDashboardAccess = (user: Pick<RoleUser, 'verified' | 'signedEula'> | null | undefined): boolean => missingDashboardStep(user) === null;

/** The user's membership of one store, if any. */
export function membershipOf(user: Pick<RoleUser, 'stores'> | null | undefined, divisionId: number): StoreMembership | null {
  return user?.stores.find((s) => s.divisionId === divisionId) ?? null;
}

/** §6 gate hasStore: owner or editor of at least one store. */
export const hasStore = (user: Pick<RoleUser, 'stores'> | null | undefined): boolean => (user?.stores.length ?? 0) > 0;

/**
 * §6 dashboard permission on a store: owners hold every permission, editors the ones granted on that store
 * (or granted to the user outside any store). Internal users hold them all.
 */
export function hasStorePermission(user: RoleUser | null | undefined, divisionId: number, permission?: string): boolean {
  if (!user) return false;
  if (user.internal) return true;
  const member = membershipOf(user, divisionId);
  if (!member) return false;
  if (permission === undefined || member.role === 'owner') return true;
  return member.permissions.includes(permission) || (user.permissions ?? []).includes(permission);
}

/** A store owner or editor may touch only their own stores' data; internal users any store (§6). */
export const canAccessStore = (user: RoleUser | null | undefined, divisionId: number, permission?: string): boolean => hasStorePermission(user, divisionId, permission);

/** §6 unpublished pages: internal users only. */
export const canSeeUnpublished = (user: Pick<RoleUser, 'internal'> | null | undefined): boolean => user?.internal === true;

export type LoginState = 'everyone' | 'logged-in' | 'logged-out' | 'dashboard-access';

/**
 * §6 page loginState as the server enforces it: logged-in pages need a session, dashboard-access pages need
 * verified + EULA. logged-out pages are served to everyone (the client moves logged-in users to /dashboard/,
 * §2.3); unknown states are treated as everyone.
 */
export function passesLoginState(state: string | undefined, user: Pick<RoleUser, 'verified' | 'signedEula'> | null | undefined): boolean {
  if (state === 'logged-in') return !!user;
  if (state === 'dashboard-access') return hasDashboardAccess(user);
  return true;
}

/** Whether a page can be served to this user: published (or internal) and its loginState satisfied. */
export function canViewPage(page: { published: boolean; loginState?: string }, user: RoleUser | null | undefined): boolean {
  if (!page.published && !canSeeUnpublished(user)) return false;
  return passesLoginState(page.loginState, user);
}

/**
 * §6 pro: for division 12 or the first-party context the active project's isPro, otherwise the store
 * subdomain's pro flag.
 */
export function isPro(args: { context?: AppContextName | null; store: StoreFacts; project?: ProjectFacts | null }): boolean {
  const project = args.project ?? args.store.project;
  if (args.store.divisionId === FIRST_PARTY_DIVISION_ID || args.context === 'first-party') return project?.isPro === true;
  return args.store.subdomain?.isPro === true;
}

/** §6 turbo: the project's isTurbo. */
export const isTurbo = (project: ProjectFacts | null | undefined): boolean => project?.isTurbo === true;

/** §6 turbo or internal. */
export const isTurboOrInternal = (project: ProjectFacts | null | undefined, internal: boolean): boolean => internal || isTurbo(project);

/** §6 bespoke: the store's company is company 52. */
export const isBespoke = (companyId: number | null | undefined): boolean => companyId === BESPOKE_COMPANY_ID;

/** §6 external-platform projects (an integration type is set) versus the others. */
export const isExternalPlatform = (project: ProjectFacts | null | undefined): boolean => !!project?.integrationType;

/** §6 a delivery profile is needed when an external-platform project has no delivery profile id yet. */
export const needsDeliveryProfile = (project: ProjectFacts | null | undefined): boolean =>
  isExternalPlatform(project) && (project?.deliveryProfileId === null || project?.deliveryProfileId === undefined);

/** §3 project force2fa: the user must turn on two-factor authentication. */
export const mustEnable2fa = (user: Pick<AuthUser, 'projectRequires2fa' | 'twoFactorEnabled'> | null | undefined): boolean =>
  !!user && user.projectRequires2fa && !user.twoFactorEnabled;

/**
 * §6 store visitors: allowed when the store is not password protected, or the visitor is internal or an
 * allowed user; with coming-soon enabled only allowed users pass.
 */
export function canVisitStore(args: { passwordProtected: boolean; comingSoon: boolean; internal: boolean; allowedUser: boolean }): boolean {
  if (args.comingSoon) return args.allowedUser;
  if (!args.passwordProtected) return true;
  return args.internal || args.allowedUser;
}
