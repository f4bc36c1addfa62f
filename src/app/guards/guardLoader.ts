import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isInternalUser, type SplitTestState } from '../../core/access';
import { normalisePath } from '../../core/routes';
import type { StoreCoreData } from '../../core/storeData';
import { readCookie } from '../../lib/cookies';
import { session as appSession, type SessionStore, type SessionUser } from '../../auth/session';
import { decideAccess, needsSession, NOT_FOUND_URL, type GuardContext, type GuardStore, type RouteAccess } from './decide';
import { redirectCounter, type RedirectCounter } from './redirectCounter';

/** The cookie the country guards read (§6 country-cookie guards). */
export const COUNTRY_COOKIE = 'country';

export interface GuardEnv {
  store: StoreCoreData;
  session?: SessionStore;
  counter?: RedirectCounter;
  countryCode?: () => string | null | undefined;
}

/** The store facts the guards need, from the store core data (§3 Store, subdomain). */
export function guardStoreOf(store: StoreCoreData): GuardStore {
  const { subdomain } = store.state;
  return {
    divisionId: subdomain.division.id,
    passwordProtected: subdomain.passwordProtected === true,
    comingSoon: subdomain.comingSoonPageData?.enabled === true,
    active: store.state.store.active !== false,
    pro: store.state.store.pro === true || subdomain.isPro === true,
    allowedUserIds: subdomain.allowedUserIds ?? [],
  };
}

export function guardContextOf(store: StoreCoreData, user: SessionUser | null, path: string, countryCode?: string | null): GuardContext {
  const gs = guardStoreOf(store);
  const subdomain = store.state.subdomain as StoreCoreData['state']['subdomain'] & { internalUser?: boolean };
  return {
    path,
    user,
    internal: isInternalUser({ user, subdomainFlagsInternal: subdomain.internalUser === true, divisionId: gs.divisionId }),
    store: gs,
    countryCode,
    splitTests: store.state.splitTest as Record<string, SplitTestState | undefined>,
  };
}

type Loader<T> = (args: LoaderFunctionArgs) => Promise<T> | T;

/**
 * Wraps a route loader with the §2.3 guards: the decision runs first and a failure throws the redirect.
 * Each guard redirect counts towards the loop limit; past it the visitor lands on /404/, which then renders
 * without guards. The session is only asked for when the decision depends on the visitor.
 */
export type Guard = ReturnType<typeof createGuard>;

export function createGuard(env: GuardEnv) {
  const sessionStore = env.session ?? appSession;
  const counter = env.counter ?? redirectCounter;
  const country = env.countryCode ?? (() => (typeof document === 'undefined' ? undefined : readCookie(COUNTRY_COOKIE)));
  const gs = guardStoreOf(env.store);

  return function guard<T = null>(accessOf: RouteAccess | ((url: URL) => RouteAccess), next?: Loader<T>): (args: LoaderFunctionArgs) => Promise<T | null> {
    return async (args) => {
      const url = new URL(args.request.url);
      const access = typeof accessOf === 'function' ? accessOf(url) : accessOf;
      const proceed = async () => (next ? next(args) : null);
      if (counter.tripped && normalisePath(url.pathname) === NOT_FOUND_URL) return proceed();
      let user: SessionUser | null = null;
      if (needsSession(access, gs)) {
        // A page only for signed-out visitors can trust the hint; everything that admits users asks the server.
        const onlyExcludesUsers = access.loginState === 'logged-out' && !access.storefront;
        user = await (onlyExcludesUsers ? sessionStore.probe() : sessionStore.load());
      }
      const decision = decideAccess(access, guardContextOf(env.store, user, url.pathname + url.search, country()));
      if (!decision.allow) {
        const looped = counter.hit();
        throw redirect(looped ? NOT_FOUND_URL : decision.redirect);
      }
      return proceed();
    };
  };
}
