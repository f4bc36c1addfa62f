import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { AuthError } from './errors';
import { authMessages } from './messages';

/**
 * Failure counters with a growing lock-out (docs/auth-api.md "Rate limits"): a key's allowance of failures within a
 * 15-minute window (5 for most keys) locks it for 1 minute; every further failure doubles the lock (2, 4, 8 … at most
 * 60 minutes). The window restarts 15 minutes after its start or after the last lock ended, whichever is later, so a
 * key that keeps failing keeps growing its lock. Counters live in the database so several processes share them.
 */
export const RATE_LIMIT = { maxFailures: 5, windowMinutes: 15, firstLockSeconds: 60, maxLockSeconds: 3600 } as const;

/**
 * Sign-in allowances. The progressive delay belongs to one account from one IP address, so a stranger's wrong
 * guesses never lock its owner out. The account as a whole (guesses spread over many addresses) and one address
 * (one address trying many accounts) get larger allowances, and a browser that has signed in to the account before
 * is exempt from both: only its own account+IP pair can slow it down.
 */
export const LOGIN_ALLOWANCE = { pair: 5, account: 20, ip: 50 } as const;

/** New anonymous baskets per IP within the window: plenty for a household or an office behind one address. */
export const BASKET_ALLOWANCE = 60;

const allowanceOf = (key: string): number => {
  if (key.startsWith('basket:ip:')) return BASKET_ALLOWANCE;
  if (key.startsWith('login:account:')) return LOGIN_ALLOWANCE.account;
  if (key.startsWith('login:ip:')) return LOGIN_ALLOWANCE.ip;
  return RATE_LIMIT.maxFailures;
};

export const lockSeconds = (failures: number, allowance: number = RATE_LIMIT.maxFailures): number =>
  failures < allowance ? 0 : Math.min(RATE_LIMIT.maxLockSeconds, RATE_LIMIT.firstLockSeconds * 2 ** (failures - allowance));

/** Throws 429 (with Retry-After) when any of the keys is locked. */
export async function assertNotLocked(db: Queryable, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const { rows } = await db.query<{ seconds: number | string }>(
    `select ceil(extract(epoch from (max(locked_until) - now())))::int as seconds from rate_limits where key = any($1::text[]) and locked_until > now()`,
    [keys],
  );
  const seconds = Number(rows[0]?.seconds ?? 0);
  if (seconds > 0) throw tooMany(seconds);
}

const tooMany = (seconds: number) => new AuthError(429, authMessages.tooMany(seconds), {}, undefined, { 'retry-after': String(seconds) });

const WINDOW_OVER = `now() > greatest(window_start, coalesce(locked_until, window_start)) + interval '${RATE_LIMIT.windowMinutes} minutes'`;

/** One more failure on an existing row: a new window when the old one is over, the lock once the allowance is reached. */
const COUNT_ONE = `
  failures = case when ${WINDOW_OVER} then 1 else failures + 1 end,
  window_start = case when ${WINDOW_OVER} then now() else window_start end,
  locked_until = case
    when ${WINDOW_OVER} then case when 1 >= $2::int then now() + interval '${RATE_LIMIT.firstLockSeconds} seconds' end
    when failures + 1 >= $2::int
      then now() + least(${RATE_LIMIT.maxLockSeconds}, ${RATE_LIMIT.firstLockSeconds} * power(2, failures + 1 - $2::int)) * interval '1 second'
    else locked_until end`;

const ensureRow = (db: Queryable, key: string) => db.query('insert into rate_limits (key, failures, window_start) values ($1, 0, now()) on conflict (key) do nothing', [key]);

/** Counts one failure against each key (one row update per key) and sets the lock at the key's allowance. Returns the counts. */
export async function recordFailure(db: Queryable, keys: string[]): Promise<number[]> {
  const counts: number[] = [];
  for (const key of keys) {
    await ensureRow(db, key);
    const { rows } = await db.query<{ failures: number }>(`update rate_limits set ${COUNT_ONE} where key = $1 returning failures`, [key, allowanceOf(key)]);
    counts.push(rows[0]!.failures);
  }
  return counts;
}

/**
 * Counts a sign-in attempt before the password is looked at. The count and the lock test are one row update
 * ("count unless locked"): on PostgreSQL a parallel request waits for the row and re-reads it, so the guess after
 * the one that reached the allowance finds the lock and is refused (429) without its password being checked.
 * N parallel guesses count N, and at most the allowance of them are checked. A success gives its counts back.
 */
export async function countAttempt(db: Queryable, keys: string[]): Promise<void> {
  for (const key of keys) {
    await ensureRow(db, key);
    const { rows } = await db.query(`update rate_limits set ${COUNT_ONE} where key = $1 and (locked_until is null or locked_until <= now()) returning failures`, [
      key,
      allowanceOf(key),
    ]);
    if (rows.length === 0) await assertNotLocked(db, [key]);
  }
}

/** A successful sign-in: its own account keys are cleared and the attempt is taken off the shared keys. */
export async function settleAttempt(db: Queryable, clear: string[], giveBack: string[]): Promise<void> {
  await clearFailures(db, clear);
  if (giveBack.length > 0) {
    await db.query('update rate_limits set failures = greatest(failures - 1, 0) where key = any($1::text[])', [giveBack]);
  }
}

/** Clears the counters (a successful login clears its account key). */
export async function clearFailures(db: Queryable, keys: string[]): Promise<void> {
  await db.query('delete from rate_limits where key = any($1::text[])', [keys]);
}

/** Rate-limit keys of one action (login, signup, reset, verify) for an IP and, optionally, an account email. */
export function limitKeys(scope: string, ip: string, email?: string | null): { ip: string; account: string | null; pair: string | null; all: string[] } {
  const ipKey = `${scope}:ip:${ip}`;
  const normalised = email ? email.trim().toLowerCase() : null;
  const account = normalised ? `${scope}:account:${normalised}` : null;
  const pair = normalised ? `${scope}:pair:${normalised}|${ip}` : null;
  return { ip: ipKey, account, pair, all: account ? [ipKey, account] : [ipKey] };
}

/**
 * Usage allowances (not failures): `amount` more units against `key` within a fixed window of `windowSeconds`.
 * One upsert counts and reads, so parallel requests in several processes each see the total including their own
 * units. Returns 0 when still within `limit`, else the seconds until the window ends (the caller answers 429).
 */
export async function consumeAllowance(db: Queryable, key: string, amount: number, limit: number, windowSeconds: number): Promise<number> {
  const { rows } = await db.query<{ used: number; seconds: number | string }>(
    `insert into rate_limits as r (key, failures, window_start) values ($1, $2, now())
     on conflict (key) do update set
       failures = case when r.window_start <= now() - $3::int * interval '1 second' then $2 else least(r.failures + $2, 2147483647) end,
       window_start = case when r.window_start <= now() - $3::int * interval '1 second' then now() else r.window_start end
     returning failures as used, greatest(1, ceil(extract(epoch from (window_start + $3::int * interval '1 second' - now()))))::int as seconds`,
    [key, amount, windowSeconds],
  );
  const row = rows[0]!;
  return Number(row.used) > limit ? Number(row.seconds) : 0;
}

/**
 * Takes `amount` from the allowance `key` or answers 429 with Retry-After and `message(seconds)`: what an anonymous
 * route that stores something (quotes, their files, studio pictures) spends per address.
 */
export async function requireAllowance(
  db: Queryable,
  reply: { header(name: string, value: string): unknown },
  allowance: { key: string; amount?: number; limit: number; windowSeconds: number },
  message: (seconds: number) => string,
): Promise<void> {
  const seconds = await consumeAllowance(db, allowance.key, allowance.amount ?? 1, allowance.limit, allowance.windowSeconds);
  if (seconds > 0) {
    void reply.header('retry-after', String(seconds));
    throw new ApiError(429, message(seconds));
  }
}

/** Forgets usage counters whose window ended long ago (keys with `prefix`), so the table does not grow per address. */
export async function sweepAllowances(db: Queryable, prefix: string, olderThanSeconds: number): Promise<number> {
  const { rows } = await db.query(`delete from rate_limits where key like $1 and window_start < now() - $2::int * interval '1 second' returning key`, [
    `${prefix.replace(/[%_\\]/g, '\\$&')}%`,
    olderThanSeconds,
  ]);
  return rows.length;
}
