/**
 * The signed-in user as the API sees it (docs/auth-api.md). Pure types shared by the server and the browser.
 */

export type StoreRole = 'owner' | 'editor';

export interface StoreMembership {
  divisionId: number;
  role: StoreRole;
  /** Dashboard permissions granted on this store (an owner holds them all implicitly). */
  permissions: string[];
}

/** §3 User status: 0 enabled, null pending, -1 disabled. */
export type UserStatus = 0 | -1 | null;

export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  internal: boolean;
  verified: boolean;
  signedEula: boolean;
  twoFactorEnabled: boolean;
  /** ISO time, or null when not muted. */
  mutedAt: string | null;
  status: UserStatus;
  stores: StoreMembership[];
  /** When this session last confirmed the password (§2.4 confirm-password overlay); ISO time or null. */
  confirmedAt: string | null;
  /** Permissions granted to the user outside any store (approved requests that named no store). */
  permissions: string[];
  /** True when a project of one of the user's stores has force2fa (§3 Manufacturer/project). */
  projectRequires2fa: boolean;
}

/** What `GET /dashboard/secure/get/` and the other `{ user }` answers return. */
export interface PublicUser extends AuthUser {
  /** A project of one of the user's stores requires 2FA and it is off: the client sends them to security settings. */
  force2fa: boolean;
}
