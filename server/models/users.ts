/**
 * The user model (§3 User). A user reads their own record, staff read everyone's; no one else sees a user row.
 * Secrets are declared `never`: they are not selected for anyone, staff included, and asking for them is 403.
 */
import { defineModel, toIso, visibleFrom } from './types';

export const user = defineModel({
  type: 'user',
  title: 'User',
  from: 'users t',
  id: 't.id',
  division: null,
  owner: 't.id',
  visible: visibleFrom('self'),
  fields: {
    id: { read: 'self', sql: 't.id' },
    email: { read: 'self', sql: 't.email' },
    firstName: { read: 'self', sql: 't.first_name' },
    lastName: { read: 'self', sql: 't.last_name' },
    fullName: { read: 'self', sql: "trim(t.first_name || ' ' || t.last_name)" },
    status: { read: 'self', sql: 't.status' },
    verified: { read: 'self', sql: 't.verified_at is not null' },
    signedEula: { read: 'self', sql: 't.eula_signed_at is not null' },
    twoFactorAuthEnabled: { read: 'self', sql: 't.two_factor_enabled_at is not null' },
    mutedAt: { read: 'self', sql: 't.muted_at', map: toIso },
    createdAt: { read: 'self', sql: 't.created_at', map: toIso },
    internal: { read: 'staff', sql: 't.internal' },
    dashboardAccess: { read: 'staff', sql: 't.dashboard_access' },
    permissions: { read: 'staff', sql: 't.permissions' },
    verifiedAt: { read: 'staff', sql: 't.verified_at', map: toIso },
    eulaSignedAt: { read: 'staff', sql: 't.eula_signed_at', map: toIso },
    password: { read: 'never' },
    passwordHash: { read: 'never' },
    twoFactorSecret: { read: 'never' },
    twoFactorPendingSecret: { read: 'never' },
    twoFactorLastStep: { read: 'never' },
    recoveryCodes: { read: 'never' },
    sessions: { read: 'never' },
    sessionId: { read: 'never' },
    tokens: { read: 'never' },
  },
  relations: {
    orders: { model: 'order', many: true, sql: 'select user_id as parent, id from orders where user_id = any($1::int[]) order by id desc' },
  },
});
