import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { randomToken, sha256 } from './crypto';

/** A browser that has signed in to an account before (server/auth/rateLimit.ts LOGIN_ALLOWANCE). */
export const DEVICE_COOKIE = 'pod_device';
const DEVICE_DAYS = 365;

const cookieValue = (request: FastifyRequest) => {
  const raw = request.cookies[DEVICE_COOKIE];
  return raw && raw.length <= 100 ? raw : null;
};

/** True when this browser's device cookie belongs to the account with that email. */
export async function isKnownDevice(db: Queryable, request: FastifyRequest, email: string | undefined): Promise<boolean> {
  const token = cookieValue(request);
  if (!token || !email) return false;
  const { rows } = await db.query('select 1 from known_devices k join users u on u.id = k.user_id where k.token_hash = $1 and lower(u.email) = $2', [
    sha256(token),
    email.trim().toLowerCase(),
  ]);
  return rows.length > 0;
}

/** Remembers this browser for the account after a successful sign-in (one cookie may serve several accounts). */
export async function rememberDevice(db: Queryable, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  let token = cookieValue(request);
  if (!token) {
    token = randomToken();
    void reply.setCookie(DEVICE_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: DEVICE_DAYS * 24 * 3600 });
  }
  await db.query(
    `insert into known_devices (token_hash, user_id) values ($1, $2)
     on conflict (token_hash, user_id) do update set last_seen_at = now()`,
    [sha256(token), userId],
  );
}
