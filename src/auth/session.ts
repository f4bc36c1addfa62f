import { useEffect, useSyncExternalStore } from 'react';
import { api, ApiError } from '../lib/api';
import type { PublicUser } from '../core/account';

/** GET /omnis/v3/dashboard/secure/get/ → { user: PublicUser } or 401 (docs/auth-api.md). */
export const SESSION_URL = '/omnis/v3/dashboard/secure/get/';

/** The signed-in user as the API shows it (AuthUser minus internals, plus force2fa). */
export type SessionUser = PublicUser;

export type SessionStatus = 'unknown' | 'loading' | 'anonymous' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

export interface SessionStore {
  get(): SessionState;
  subscribe(listener: () => void): () => void;
  /** The user, asking the server once; later calls reuse the answer until refresh/set/clear. */
  load(): Promise<SessionUser | null>;
  /** Asks the server again (after verify, or when something may have changed). */
  refresh(): Promise<SessionUser | null>;
  /**
   * Like load, but without a request when this browser has no sign of a session (no hint): the header uses it
   * so an anonymous shopper's page views never cost a 401.
   */
  probe(): Promise<SessionUser | null>;
  /** The user a login/sign-up/EULA answer carried; null after logout. */
  set(user: SessionUser | null): void;
}

/** Where the store remembers that this browser signed in (the session cookie itself is httpOnly). */
export const SESSION_HINT_KEY = 'pod.session';

export interface HintStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function browserStorage(): HintStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled: every probe asks the server
  }
}

export function createSessionStore(opts: { fetchUser?: () => Promise<SessionUser | null>; storage?: HintStorage | null } = {}): SessionStore {
  const fetchUser =
    opts.fetchUser ??
    (async () => {
      try {
        return (await api<{ user: SessionUser }>(SESSION_URL)).user ?? null;
      } catch (error) {
        // 401 is "not signed in"; so is a missing endpoint. Anything else is a failure the caller may retry.
        if (error instanceof ApiError && (error.status === 401 || error.status === 404 || error.status === 419)) return null;
        throw error;
      }
    });
  const storage = opts.storage === null ? undefined : (opts.storage ?? browserStorage());
  let state: SessionState = { status: 'unknown', user: null };
  let inflight: Promise<SessionUser | null> | null = null;
  let generation = 0;
  /** False while "anonymous" is only the hint's guess (probe), which guards must not rely on. */
  let confirmed = false;
  const listeners = new Set<() => void>();

  const hint = (signedIn: boolean) => {
    try {
      if (signedIn) storage?.setItem(SESSION_HINT_KEY, '1');
      else storage?.removeItem(SESSION_HINT_KEY);
    } catch {
      /* storage full or blocked: the hint is only an optimisation */
    }
  };
  const hasHint = () => {
    try {
      return storage ? storage.getItem(SESSION_HINT_KEY) === '1' : true;
    } catch {
      return true;
    }
  };
  const emit = (next: SessionState) => {
    state = next;
    listeners.forEach((l) => l());
  };
  const settle = (user: SessionUser | null, fromServer = true) => {
    confirmed = fromServer;
    hint(user !== null);
    emit({ status: user ? 'authenticated' : 'anonymous', user });
    return user;
  };

  const fetchNow = (): Promise<SessionUser | null> => {
    const mine = ++generation;
    if (state.status === 'unknown' || state.status === 'anonymous') emit({ status: 'loading', user: state.user });
    const request = fetchUser().then(
      (user) => (mine === generation ? settle(user) : (state.user ?? null)),
      (error: unknown) => {
        // A failed check leaves the state unknown so the next guard asks again; for now the visitor is anonymous.
        if (mine === generation) emit({ status: 'unknown', user: null });
        console.error('Session check failed', error);
        return null;
      },
    );
    inflight = request;
    void request.finally(() => {
      if (inflight === request) inflight = null;
    });
    return request;
  };

  const store: SessionStore = {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      if (state.status === 'authenticated' || (state.status === 'anonymous' && confirmed)) return Promise.resolve(state.user);
      return inflight ?? fetchNow();
    },
    refresh: () => fetchNow(),
    probe() {
      if (state.status === 'anonymous' || state.status === 'authenticated') return Promise.resolve(state.user);
      if (state.status === 'unknown' && !inflight && !hasHint()) return Promise.resolve(settle(null, false));
      return store.load();
    },
    set(user) {
      generation += 1; // an older request must not overwrite what the server just told us
      inflight = null;
      settle(user);
    },
  };
  return store;
}

const SERVER_SESSION: SessionState = { status: 'unknown', user: null };
const serverSession = () => SERVER_SESSION;

/** The app's session. */
export const session = createSessionStore();

/**
 * The current session for a component; starts a (hinted) check on first use. Pass `load: 'always'` on screens
 * that must know for sure (the header passes nothing and avoids a request for visitors who never signed in).
 */
export function useSession(opts: { load?: 'probe' | 'always'; store?: SessionStore } = {}): SessionState & { store: SessionStore } {
  const store = opts.store ?? session;
  // The server draws every page for a visitor not yet known; the account parts fill in after hydration.
  const state = useSyncExternalStore(store.subscribe, store.get, serverSession);
  const mode = opts.load ?? 'probe';
  useEffect(() => {
    if (store.get().status === 'unknown') void (mode === 'always' ? store.load() : store.probe());
  }, [store, mode]);
  return { ...state, store };
}

/** "Ada" or the email's local part: how the header names the user. */
export const displayName = (user: Pick<SessionUser, 'firstName' | 'email'>): string => user.firstName?.trim() || user.email.split('@')[0] || user.email;
