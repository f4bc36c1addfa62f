import { hasDashboardAccess } from '../core/access';
import { DASHBOARD_URL, EULA_URL, HOME_URL, LOGIN_URL, VERIFY_URL } from '../app/guards/decide';
import type { SessionUser } from './session';

/**
 * Where ?redirect_uri= may send the visitor after signing in: a path on this site only (no scheme, no
 * protocol-relative "//host", no backslash tricks), never back to the sign-in page.
 */
export function safeRedirect(raw: string | null | undefined, fallback: string = DASHBOARD_URL): string {
  if (!raw) return fallback;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20)) return fallback;
  try {
    const url = new URL(value, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return fallback;
    if (url.pathname.replace(/\/+$/, '') === LOGIN_URL.replace(/\/+$/, '')) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The next account step for a user (§6 dashboard access: verified, then EULA), or their home. */
export function nextStep(user: SessionUser | null): string {
  if (!user) return LOGIN_URL;
  if (!user.verified) return VERIFY_URL;
  if (hasDashboardAccess(user)) return user.signedEula ? DASHBOARD_URL : EULA_URL;
  return HOME_URL;
}

/** Where staff work: the atlas order queue. */
export const ATLAS_HOME_URL = '/atlas/';

/** After signing in: the requested page, else atlas for staff, the dashboard for store users, else the store home. */
export const afterLogin = (user: SessionUser, redirectUri: string | null): string =>
  safeRedirect(redirectUri, user.internal ? ATLAS_HOME_URL : hasDashboardAccess(user) ? DASHBOARD_URL : HOME_URL);
