import type { Queryable } from '../db/database';
import { AuthError } from './errors';
import { authMessages } from './messages';

/**
 * Failure counters with a growing lock-out (docs/auth-api.md "Rate limits"): 5 failures within a 15-minute
 * window lock the key for 1 minute; every further failure doubles the lock (2, 4, 8 … at most 60 minutes).
 * The window restarts 15 minutes after its start or after the last lock ended, whichever is later, so a key
 * that keeps failing keeps growing its lock. Counters live in the database so several processes share them.
 */
export const RATE_LIMIT = { maxFailures: 5, windowMinutes: 15, firstLockSeconds: 60, maxLockSeconds: 3600 } as const;

export const lockSeconds = (failures: number): number =>
  failures < RATE_LIMIT.maxFailures ? 0 : Math.min(RATE_LIMIT.maxLockSeconds, RATE_LIMIT.firstLockSeconds * 2 ** (failures - RATE_LIMIT.maxFailures));

/** Throws 429 (with Retry-After) when any of the keys is locked. */
export async function assertNotLocked(db: Queryable, keys: string[]): Promise<void> {
  const { rows } = await db.query<{ seconds: number | string }>(
    `select ceil(extract(epoch from (max(locked_until) - now())))::int as seconds from rate_limits where key = any($1::text[]) and locked_until > now()`,
    [keys],
  );
  const seconds = Number(rows[0]?.seconds ?? 0);
  if (seconds > 0) throw new AuthError(429, authMessages.tooMany(seconds), {}, undefined, { 'retry-after': String(seconds) });
}

/** Counts one failure against each key; returns the failure counts. */
export async function recordFailure(db: Queryable, keys: string[]): Promise<number[]> {
  const counts: number[] = [];
  for (const key of keys) {
    const { rows } = await db.query<{ failures: number }>(
      `insert into rate_limits (key, failures, window_start) values ($1, 1, now())
       on conflict (key) do update set
         failures = case when now() > greatest(rate_limits.window_start, coalesce(rate_limits.locked_until, rate_limits.window_start)) + interval '${RATE_LIMIT.windowMinutes} minutes'
                         then 1 else rate_limits.failures + 1 end,
         window_start = case when now() > greatest(rate_limits.window_start, coalesce(rate_limits.locked_until, rate_limits.window_start)) + interval '${RATE_LIMIT.windowMinutes} minutes'
                         then now() else rate_limits.window_start end,
         locked_until = case when now() > greatest(rate_limits.window_start, coalesce(rate_limits.locked_until, rate_limits.window_start)) + interval '${RATE_LIMIT.windowMinutes} minutes'
                         then null else rate_limits.locked_until end
       returning failures`,
      [key],
    );
    const failures = rows[0]!.failures;
    const lock = lockSeconds(failures);
    if (lock > 0) await db.query(`update rate_limits set locked_until = now() + $2::int * interval '1 second' where key = $1`, [key, lock]);
    counts.push(failures);
  }
  return counts;
}

/** Clears the counters (a successful login clears its account key). */
export async function clearFailures(db: Queryable, keys: string[]): Promise<void> {
  await db.query('delete from rate_limits where key = any($1::text[])', [keys]);
}

/** Rate-limit keys of one action (login, signup, reset, verify) for an IP and, optionally, an account email. */
export function limitKeys(scope: string, ip: string, email?: string | null): { ip: string; account: string | null; all: string[] } {
  const ipKey = `${scope}:ip:${ip}`;
  const account = email ? `${scope}:account:${email.trim().toLowerCase()}` : null;
  return { ip: ipKey, account, all: account ? [ipKey, account] : [ipKey] };
}
