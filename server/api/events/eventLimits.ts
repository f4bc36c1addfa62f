import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import { consumeAllowance, sweepAllowances } from '../../auth/rateLimit';
import { ApiError } from '../../http/errors';
import { startPeriodic } from '../../services/periodic';
import { BASKET_COOKIE } from '../../commerce/basket';

/**
 * What anonymous callers may store through the event endpoints within one window: a shopper's SPA sends a
 * batch every 30 s (a few dozen events a minute), so these leave room for a household or an office behind one
 * address while a script cannot fill the disk.
 */
export const EVENT_ALLOWANCE = { windowSeconds: 60, eventsPerIp: 300, eventsPerSession: 120, kilobytesPerIp: 256 } as const;

/** Events older than this are deleted by the retention sweep (EVENT_RETENTION_DAYS overrides it). */
export const DEFAULT_EVENT_RETENTION_DAYS = 90;
export const EVENT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export const eventLimitMessages = {
  tooMany: (seconds: number) => `Too many events. Try again in ${seconds} seconds.`,
} as const;

/** The browser session behind a call: the sign-in session, else the anonymous basket cookie (hashed, never stored raw). */
function sessionKey(request: FastifyRequest): string | null {
  if (request.sessionId) return `s:${request.sessionId}`;
  const basket = request.cookies?.[BASKET_COOKIE];
  return basket ? `b:${basket.slice(0, 100)}` : null;
}

/**
 * Counts `events` events of `bytes` bytes against the caller's address and session; answers 429 (Retry-After)
 * when any allowance of the current window is used up. Counted before the insert, so a refused batch stores nothing.
 */
export async function chargeEvents(db: Queryable, request: FastifyRequest, reply: FastifyReply, events: number, bytes: number): Promise<void> {
  const { windowSeconds, eventsPerIp, eventsPerSession, kilobytesPerIp } = EVENT_ALLOWANCE;
  const waits = [
    await consumeAllowance(db, `events:ip:${request.ip}`, events, eventsPerIp, windowSeconds),
    await consumeAllowance(db, `events:kb:${request.ip}`, Math.ceil(bytes / 1024), kilobytesPerIp, windowSeconds),
  ];
  const session = sessionKey(request);
  if (session) waits.push(await consumeAllowance(db, `events:session:${session}`, events, eventsPerSession, windowSeconds));
  const seconds = Math.max(...waits);
  if (seconds > 0) {
    void reply.header('retry-after', String(seconds));
    throw new ApiError(429, eventLimitMessages.tooMany(seconds));
  }
}

/** EVENT_RETENTION_DAYS as a whole number of days ≥ 1, else the default. */
export function eventRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const days = Number(env.EVENT_RETENTION_DAYS);
  return Number.isInteger(days) && days >= 1 ? days : DEFAULT_EVENT_RETENTION_DAYS;
}

/** Deletes events older than the retention window (in batches, so one pass never holds a long lock) and spent counters. */
export async function sweepOldEvents(db: Queryable, retentionDays: number, batchSize = 5000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rows } = await db.query(
      `delete from events where id in (select id from events where created_at < now() - $1::int * interval '1 day' limit $2) returning id`,
      [retentionDays, batchSize],
    );
    deleted += rows.length;
    if (rows.length < batchSize) break;
  }
  await sweepAllowances(db, 'events:', EVENT_ALLOWANCE.windowSeconds * 2);
  return deleted;
}

export function startEventRetentionSweep(db: Database, options: { retentionDays: number; intervalMs?: number; logger?: { error(obj: object, message: string): void } }) {
  return startPeriodic(
    () => sweepOldEvents(db, options.retentionDays),
    options.intervalMs ?? EVENT_SWEEP_INTERVAL_MS,
    (error) => options.logger?.error({ err: error }, 'event retention sweep failed'),
  );
}
