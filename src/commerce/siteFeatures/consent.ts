import { useSyncExternalStore } from 'react';
import { readCookie } from '../../lib/cookies';
import { CONSENT_COOKIE, cookieString, isConsent, type Consent } from './rules';

/** The visitor's cookie consent, one value for the whole app; the server draws every page as if not yet answered. */
const listeners = new Set<() => void>();
const current = (): Consent | null => {
  const value = readCookie(CONSENT_COOKIE.name);
  return isConsent(value) ? value : null;
};

export function setConsent(consent: Consent) {
  document.cookie = cookieString(CONSENT_COOKIE.name, consent, CONSENT_COOKIE.days);
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** null until answered (and on the server). */
export const useConsent = (): Consent | null => useSyncExternalStore(subscribe, current, () => null);
