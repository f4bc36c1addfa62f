import type { Queryable } from '../db/database';
import { randomToken, sha256 } from './crypto';

export type TokenKind = 'verify' | 'reset' | 'sign-in';

/** Email verification links last 48 hours; password reset links 60 minutes; sign-in links 15 minutes (docs/auth-api.md). */
export const TOKEN_TTL_MINUTES: Record<TokenKind, number> = { verify: 48 * 60, reset: 60, 'sign-in': 15 };

/** Issues a single-use token (the database keeps only its SHA-256); returns the raw token for the mail link. */
export async function issueToken(db: Queryable, kind: TokenKind, userId: number): Promise<string> {
  const token = randomToken();
  await db.query(`insert into auth_tokens (kind, token_hash, user_id, expires_at) values ($1, $2, $3, now() + $4::int * interval '1 minute')`, [
    kind,
    sha256(token),
    userId,
    TOKEN_TTL_MINUTES[kind],
  ]);
  return token;
}

/** Uses a token up: returns its user id, or null when unknown, of another kind, expired or already used. */
export async function consumeToken(db: Queryable, kind: TokenKind, token: unknown, userId?: number): Promise<number | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) return null;
  const { rows } = await db.query<{ user_id: number }>(
    `update auth_tokens set used_at = now()
     where token_hash = $1 and kind = $2 and used_at is null and expires_at > now() and ($3::int is null or user_id = $3)
     returning user_id`,
    [sha256(token), kind, userId ?? null],
  );
  return rows[0]?.user_id ?? null;
}

/** The user a token would sign in, without using it up (a 2FA code must come first); null when it would not work. */
export async function peekToken(db: Queryable, kind: TokenKind, token: unknown): Promise<number | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) return null;
  const { rows } = await db.query<{ user_id: number }>(`select user_id from auth_tokens where token_hash = $1 and kind = $2 and used_at is null and expires_at > now()`, [
    sha256(token),
    kind,
  ]);
  return rows[0]?.user_id ?? null;
}

/** Voids a user's unused tokens of one kind (a new verification mail replaces the old link). */
export async function voidTokens(db: Queryable, kind: TokenKind, userId: number): Promise<void> {
  await db.query('update auth_tokens set used_at = now() where user_id = $1 and kind = $2 and used_at is null', [userId, kind]);
}
