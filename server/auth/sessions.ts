import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { randomToken, sha256 } from './crypto';
import type { AuthUser, PublicUser, StoreMembership, UserStatus } from './types';
import { mustEnable2fa } from './roles';

export const SESSION_COOKIE = 'pod_session';
/** Sessions end after 30 days without a request. */
export const SESSION_IDLE_DAYS = 30;
/** last_seen_at/expires_at are written at most this often per session. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;
const STATIC = /^\/(?!omnis\/)(?:fonts\/|media\/|assets\/|[^?]*\.[a-z0-9]+(?:\?|$))/i;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null (set by the onRequest hook of installAuth). */
    auth: AuthUser | null;
    /** The current session's stored id (SHA-256 of the cookie), or null. */
    sessionId: string | null;
  }
}

type Row = Record<string, unknown>;
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** Loads a user with their store memberships; confirmedAt comes from the session (null without one). */
export async function loadAuthUser(db: Queryable, userId: number, confirmedAt: string | null = null): Promise<AuthUser | null> {
  const { rows } = await db.query<Row>(
    `select u.id, u.email, u.first_name, u.last_name, u.internal, u.verified_at, u.eula_signed_at, u.two_factor_enabled_at, u.muted_at,
            u.status, u.permissions,
            coalesce((select jsonb_agg(jsonb_build_object('divisionId', m.division_id, 'role', m.role, 'permissions', m.permissions) order by m.division_id)
                      from store_members m where m.user_id = u.id), '[]'::jsonb) as stores,
            exists (select 1 from store_members m join divisions d on d.id = m.division_id join projects p on p.id = d.project_id
                    where m.user_id = u.id and p.force2fa) as project_requires_2fa
     from users u where u.id = $1`,
    [userId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id as number,
    email: r.email as string,
    firstName: r.first_name as string,
    lastName: r.last_name as string,
    internal: r.internal as boolean,
    verified: r.verified_at !== null,
    signedEula: r.eula_signed_at !== null,
    twoFactorEnabled: r.two_factor_enabled_at !== null,
    mutedAt: iso(r.muted_at),
    status: (r.status as UserStatus) ?? null,
    stores: r.stores as StoreMembership[],
    confirmedAt,
    permissions: (r.permissions as string[]) ?? [],
    projectRequires2fa: r.project_requires_2fa as boolean,
  };
}

/** The user as answered to the client (docs/auth-api.md PublicUser). */
export const toPublicUser = (user: AuthUser): PublicUser => ({ ...user, force2fa: mustEnable2fa(user) });

function cookieOptions(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https', maxAge: SESSION_IDLE_DAYS * 24 * 3600 };
}

/**
 * Starts a session for the user: the presented session (if any) is deleted and a new random id is issued
 * (no fixation). `confirmed` marks the password as just confirmed (login and sign-up prove it).
 */
export async function startSession(
  db: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  options: { confirmed: boolean },
): Promise<{ sessionId: string; confirmedAt: string | null }> {
  if (request.sessionId) await db.query('delete from sessions where id = $1', [request.sessionId]);
  const token = randomToken();
  const id = sha256(token);
  const { rows } = await db.query<{ confirmed_at: unknown }>(
    `insert into sessions (id, user_id, expires_at, confirmed_at, ip, user_agent)
     values ($1, $2, now() + interval '${SESSION_IDLE_DAYS} days', ${options.confirmed ? 'now()' : 'null'}, $3, $4) returning confirmed_at`,
    [id, userId, request.ip, String(request.headers['user-agent'] ?? '').slice(0, 500)],
  );
  void reply.setCookie(SESSION_COOKIE, token, cookieOptions(request));
  request.sessionId = id;
  return { sessionId: id, confirmedAt: iso(rows[0]!.confirmed_at) };
}

/** Ends the current session and clears the cookie. */
export async function endSession(db: Queryable, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionId) await db.query('delete from sessions where id = $1', [request.sessionId]);
  request.sessionId = null;
  request.auth = null;
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Ends every session of a user, optionally keeping one (the caller's). */
export async function endUserSessions(db: Queryable, userId: number, keepSessionId: string | null = null): Promise<void> {
  await db.query('delete from sessions where user_id = $1 and ($2::text is null or id <> $2)', [userId, keepSessionId]);
}

/** Sets `request.auth` and `request.sessionId` on every request from the pod_session cookie. */
export function installAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request, reply) => {
    request.auth = null;
    request.sessionId = null;
    // Static files never need the user (and must not get Set-Cookie, so shared caches can keep them).
    if (STATIC.test(request.url)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const id = sha256(token);
    const { rows } = await ctx.db.query<Row>(
      `select s.user_id, s.confirmed_at, s.last_seen_at, u.status from sessions s join users u on u.id = s.user_id where s.id = $1 and s.expires_at > now()`,
      [id],
    );
    const session = rows[0];
    if (!session || session.status === -1) {
      // Unknown, expired or disabled: forget the cookie so the next request does not look again.
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return;
    }
    request.sessionId = id;
    request.auth = await loadAuthUser(ctx.db, session.user_id as number, iso(session.confirmed_at));
    if (Date.now() - new Date(session.last_seen_at as string).getTime() > TOUCH_EVERY_MS) {
      await ctx.db.query(`update sessions set last_seen_at = now(), expires_at = now() + interval '${SESSION_IDLE_DAYS} days' where id = $1`, [id]);
      void reply.setCookie(SESSION_COOKIE, token, cookieOptions(request));
    }
  });
}
