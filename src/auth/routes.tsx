import type { RouteObject } from 'react-router';
import type { Guard } from '../app/guards/guardLoader';
import { FORBIDDEN_URL, type RouteAccess } from '../app/guards/decide';

/** The account routes' paths (§2.2 plus the sign-up, password and security screens). */
export const AUTH_PATHS = {
  login: '/login/',
  linkLogin: '/login/link/',
  signUp: '/sign-up/',
  verify: '/sign-up/verify/',
  eula: '/sign-up/eula/',
  forgotPassword: '/forgot-password/',
  resetPassword: '/reset-password/',
  security: '/account/security/',
  dashboard: '/dashboard/',
  countdown: '/countdown/',
  subscriptionVerified: '/subscription-verified',
  forbidden: FORBIDDEN_URL,
} as const;

const blank = { layout: 'blank' };

/**
 * The account screens as lazy routes in the blank layout: their code (forms, rule book, dialogs) loads only
 * when one is visited, so the storefront entry does not grow. Each runs its §2.3 guard as its loader.
 */
export function authRoutes(guard: Guard): RouteObject[] {
  const route = (id: string, path: string, access: RouteAccess | ((url: URL) => RouteAccess), lazy: RouteObject['lazy']): RouteObject => ({
    id,
    path,
    loader: guard(access),
    lazy,
    handle: blank,
  });
  return [
    route('auth:login', AUTH_PATHS.login, { loginState: 'logged-out' }, async () => ({ Component: (await import('./screens/Login')).LoginScreen })),
    // A sign-in link works in any browser that is signed out.
    route('auth:link-login', AUTH_PATHS.linkLogin, { loginState: 'logged-out' }, async () => ({ Component: (await import('./screens/LinkLogin')).LinkLoginScreen })),
    route('auth:sign-up', AUTH_PATHS.signUp, { loginState: 'logged-out' }, async () => ({ Component: (await import('./screens/SignUp')).SignUpScreen })),
    // A verification link works in any browser; without a token the page is about the signed-in user's inbox.
    route('auth:verify', AUTH_PATHS.verify, (url) => (url.searchParams.get('token') ? {} : { loginState: 'logged-in' }), async () => ({
      Component: (await import('./screens/Verify')).VerifyScreen,
    })),
    route('auth:eula', AUTH_PATHS.eula, { loginState: 'logged-in', verified: true }, async () => ({ Component: (await import('./screens/Eula')).EulaScreen })),
    route('auth:forgot-password', AUTH_PATHS.forgotPassword, { loginState: 'logged-out' }, async () => ({
      Component: (await import('./screens/ForgotPassword')).ForgotPasswordScreen,
    })),
    route('auth:reset-password', AUTH_PATHS.resetPassword, {}, async () => ({ Component: (await import('./screens/ResetPassword')).ResetPasswordScreen })),
    route('auth:security', AUTH_PATHS.security, { loginState: 'logged-in' }, async () => ({ Component: (await import('./screens/Security')).SecurityScreen })),
    route('auth:dashboard', AUTH_PATHS.dashboard, { loginState: 'dashboard-access' }, async () => ({ Component: (await import('./screens/Dashboard')).DashboardScreen })),
    route('auth:countdown', AUTH_PATHS.countdown, { notYetAllowed: true }, async () => ({ Component: (await import('./screens/InfoPages')).CountdownScreen })),
    route('auth:subscription-verified', AUTH_PATHS.subscriptionVerified, {}, async () => ({
      Component: (await import('./screens/InfoPages')).SubscriptionVerifiedScreen,
    })),
    route('auth:forbidden', AUTH_PATHS.forbidden, {}, async () => ({ Component: (await import('./screens/InfoPages')).ForbiddenScreen })),
  ];
}
