import type { Queryable } from '../db/database';

/** The audit actions of docs/auth-api.md. */
export type AuditAction =
  | 'signup'
  | 'email_verified'
  | 'eula_signed'
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'password_confirmed'
  | 'password_changed'
  | 'password_reset'
  | '2fa_enabled'
  | '2fa_disabled'
  | 'recovery_codes_regenerated'
  | 'recovery_code_used'
  | 'user_muted'
  | 'user_unmuted'
  | 'permission_requested'
  | 'permission_answered'
  | 'page_created'
  | 'page_updated'
  | 'page_deleted'
  | 'page_restored'
  | 'settings_updated';

export interface AuditEntry {
  actorUserId: number | null;
  action: AuditAction;
  subjectType?: string;
  subjectId?: string | number;
  data?: Record<string, unknown>;
  ip?: string | null;
}

/** Writes one audit_log row; pass the transaction of the change it records. */
export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query('insert into audit_log (actor_user_id, action, subject_type, subject_id, data, ip) values ($1, $2, $3, $4, $5, $6)', [
    entry.actorUserId,
    entry.action,
    entry.subjectType ?? null,
    entry.subjectId === undefined ? null : String(entry.subjectId),
    JSON.stringify(entry.data ?? {}),
    entry.ip ?? null,
  ]);
}
