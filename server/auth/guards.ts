/**
 * Server-side guards (§2.3, §6). Call them at the top of a route handler; each returns the signed-in user
 * (narrowed) or throws an ApiError the shared error handler turns into the contract's answer:
 *
 * | guard                    | fails with                                                                          |
 * |--------------------------|-------------------------------------------------------------------------------------|
 * | requireUser              | 401 `{ message: "Unauthenticated." }`                                               |
 * | requireVerified          | requireUser, then 403 `{ message: "Please verify your email address first.", redirect: "/sign-up/verify/" }` |
 * | requireDashboardAccess   | requireVerified, then 403 `{ message: "Please accept the terms to continue.", redirect: "/sign-up/eula/" }` |
 * | requireInternal          | requireUser, then 403 `{ message: "Permission denied" }`                            |
 * | requireStoreAccess       | requireDashboardAccess, then 403 "Permission denied" unless owner/editor (with the permission) or internal |
 * | requireConfirmedPassword | requireUser, then 423 `{ message: "Please confirm your password.", confirm: true }` |
 */
import type { FastifyRequest } from 'fastify';
import { AuthError } from './errors';
import { authMessages } from './messages';
import { canAccessStore, missingDashboardStep } from './roles';
import type { AuthUser } from './types';

/** How recent a password confirmation must be for sensitive changes (§2.4 confirm-password overlay). */
export const CONFIRMATION_TTL_MS = 15 * 60 * 1000;

/** The signed-in user, or 401 "Unauthenticated.". */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw new AuthError(401, authMessages.unauthenticated);
  return request.auth;
}

/** Signed in with a verified email, else 401 / 403 with `redirect: "/sign-up/verify/"` (§2.3). */
export function requireVerified(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!user.verified) throw new AuthError(403, authMessages.notVerified, { redirect: '/sign-up/verify/' });
  return user;
}

/**
 * §6 dashboard access in its order: login (401), verified (403 → /sign-up/verify/), EULA signed
 * (403 → /sign-up/eula/).
 */
export function requireDashboardAccess(request: FastifyRequest): AuthUser {
  const step = missingDashboardStep(request.auth);
  if (step === 'login') throw new AuthError(401, authMessages.unauthenticated);
  if (step === 'verified') throw new AuthError(403, authMessages.notVerified, { redirect: '/sign-up/verify/' });
  if (step === 'eula') throw new AuthError(403, authMessages.eulaUnsigned, { redirect: '/sign-up/eula/' });
  return request.auth!;
}

/** Staff (users.internal): 401 when signed out, 403 "Permission denied" otherwise. */
export function requireInternal(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!user.internal) throw new AuthError(403, authMessages.permissionDenied);
  return user;
}

/**
 * The caller may act on store `divisionId`: staff on any store; an owner on their stores; an editor on their
 * stores when `permission` is omitted or granted to them. Dashboard access (login → verified → EULA) is
 * checked first; anyone else gets 403 "Permission denied".
 */
export function requireStoreAccess(request: FastifyRequest, divisionId: number, permission?: string): AuthUser {
  const user = requireDashboardAccess(request);
  if (!canAccessStore(user, divisionId, permission)) throw new AuthError(403, authMessages.permissionDenied);
  return user;
}

/** The session confirmed the password less than 15 minutes ago, else 423 `{ message, confirm: true }`. */
export function requireConfirmedPassword(request: FastifyRequest, now = Date.now()): AuthUser {
  const user = requireUser(request);
  const at = user.confirmedAt ? new Date(user.confirmedAt).getTime() : 0;
  if (now - at > CONFIRMATION_TTL_MS) throw new AuthError(423, authMessages.confirmPassword, { confirm: true });
  return user;
}
