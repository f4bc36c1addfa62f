import { api } from '../lib/api';
import type { SessionUser } from './session';

/** The browser side of docs/auth-api.md. Every call rejects with ApiError on a non-2xx answer. */
const SECURE = '/omnis/v3/dashboard/secure';

const post = <T,>(path: string, body?: unknown) => api<T>(path, { method: 'POST', body: body ?? {} });

export type LoginAnswer = { user: SessionUser; twoFactorRequired?: undefined } | { twoFactorRequired: true; user?: undefined };

export const authApi = {
  login: (body: { email: string; password: string; twoFactorAuthCode?: string }) => post<LoginAnswer>(`${SECURE}/login/`, body),
  recoveryLogin: (body: { email: string; password: string; recoveryCode: string }) => post<{ user: SessionUser }>(`${SECURE}/recovery-login/`, body),
  logout: () => post<Record<string, never>>(`${SECURE}/logout/`),
  signUp: (body: { email: string; password: string; firstName?: string; lastName?: string; should_have_store: 0 | 1; dashboard_access: 0 | 1 }) =>
    post<{ user: SessionUser }>('/omnis/v3/shop/customer/create/', body),
  verify: (token: string) => post<{ user: SessionUser }>('/omnis/v3/shop/customer/verify/', { token }),
  resendVerification: () => post<{ message: string }>('/omnis/v3/shop/customer/verify/resend/'),
  acceptEula: () => post<{ user: SessionUser }>(`${SECURE}/eula/`, { accept: true }),
  requestSignInLink: (email: string) => post<{ message: string }>(`${SECURE}/sign-in-link/`, { email }),
  linkLogin: (body: { token: string; twoFactorAuthCode?: string }) => post<LoginAnswer>(`${SECURE}/link-login/`, body),
  requestReset: (email: string) => post<{ message: string }>(`${SECURE}/request-reset/`, { email }),
  resetPassword: (body: { token: string; password: string; password_confirmation: string }) => post<{ message: string }>(`${SECURE}/reset-password/`, body),
  confirmPassword: (body: { password: string; twoFactorAuthCode?: string; recoveryCode?: string }) => post<{ confirmedAt: string }>(`${SECURE}/confirm-password/`, body),
  changePassword: (body: { currentPassword: string; password: string; password_confirmation: string }) => post<unknown>(`${SECURE}/change-password/`, body),
  setupTwoFactor: () => post<{ secret: string; otpauthUrl: string; qrSvg: string }>(`${SECURE}/2fa/setup/`),
  enableTwoFactor: (code: string) => post<{ recoveryCodes: string[] }>(`${SECURE}/2fa/enable/`, { code }),
  disableTwoFactor: () => post<unknown>(`${SECURE}/2fa/disable/`),
  regenerateRecoveryCodes: () => post<{ recoveryCodes: string[] }>(`${SECURE}/2fa/recovery-codes/`),
  requestPermission: (permissions: readonly string[], reason: string) =>
    post<{ message?: string }>(`/omnis/v3/atlas/permissions/request/${permissions.map(encodeURIComponent).join(',')}/`, { reason }),
};
