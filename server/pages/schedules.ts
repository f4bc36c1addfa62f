/**
 * Scheduled publishing: a page, or one block of it, published or unpublished at a set time. A due schedule is
 * claimed with FOR UPDATE SKIP LOCKED and applied in the same transaction as the page write, so with several
 * server processes each runs exactly once. The write goes through updatePage: validated, versioned, and kept as
 * a revision that names the schedule as its author.
 */
import type { Queryable, Database } from '../db/database';
import type { SchemaRegistry } from '../../src/core/schemas/registry';
import type { BlockData } from '../../src/core/storeData';
import { updateBlock } from '../../src/core/blocks/tree';
import { ApiError } from '../http/errors';
import { startPeriodic } from '../services/periodic';
import { getPage } from './repository';
import { storeIsProFor, updatePage } from './writes';

export const SCHEDULE_INTERVAL_MS = 15_000;
/** Schedules applied per claim (the rest wait for the next pass a moment later). */
const BATCH = 20;

export const scheduleMessages = {
  past: 'Choose a time in the future.',
  notFound: 'Schedule not found',
  blockMissing: 'This block is no longer on the page.',
  ranAlready: 'This schedule has already run and cannot be cancelled.',
} as const;

export type ScheduleAction = 'publish' | 'unpublish';

export interface Schedule {
  id: number;
  pageId: number;
  blockUid: string | null;
  action: ScheduleAction;
  runAt: string;
  doneAt: string | null;
  outcome: string | null;
}

type Row = { id: string | number; page_id: number; block_uid: string | null; action: ScheduleAction; run_at: string; done_at: string | null; outcome: string | null };
const toSchedule = (r: Row): Schedule => ({
  id: Number(r.id),
  pageId: r.page_id,
  blockUid: r.block_uid,
  action: r.action,
  runAt: new Date(r.run_at).toISOString(),
  doneAt: r.done_at ? new Date(r.done_at).toISOString() : null,
  outcome: r.outcome,
});

/** Pending schedules first (soonest first), then the ten that ran last. */
export async function listSchedules(db: Queryable, pageId: number): Promise<Schedule[]> {
  const { rows } = await db.query<Row>(
    `(select * from page_schedules where page_id = $1 and done_at is null order by run_at)
     union all
     (select * from page_schedules where page_id = $1 and done_at is not null order by done_at desc limit 10)`,
    [pageId],
  );
  return rows.map(toSchedule);
}

export async function addSchedule(
  db: Queryable,
  page: { id: number; blocks: readonly BlockData[] },
  input: { action: ScheduleAction; runAt: Date; blockUid?: string | null },
  userId: number,
  now = new Date(),
): Promise<Schedule> {
  if (!(input.runAt.getTime() > now.getTime())) throw new ApiError(422, scheduleMessages.past, { '/runAt': [scheduleMessages.past] });
  const uid = input.blockUid ?? null;
  if (uid !== null && updateBlock(page.blocks, uid, (b) => b) === null) throw new ApiError(422, scheduleMessages.blockMissing, { '/blockUid': [scheduleMessages.blockMissing] });
  const { rows } = await db.query<Row>(
    `insert into page_schedules (page_id, block_uid, action, run_at, created_by) values ($1, $2, $3, $4, $5) returning *`,
    [page.id, uid, input.action, input.runAt.toISOString(), userId],
  );
  return toSchedule(rows[0]!);
}

/** Cancels a schedule that has not run. */
export async function cancelSchedule(db: Queryable, pageId: number, id: number): Promise<void> {
  const { rows } = await db.query<{ done_at: string | null }>(`select done_at from page_schedules where id = $1 and page_id = $2`, [id, pageId]);
  if (!rows[0]) throw new ApiError(404, scheduleMessages.notFound);
  if (rows[0].done_at) throw new ApiError(422, scheduleMessages.ranAlready);
  await db.query(`delete from page_schedules where id = $1 and done_at is null`, [id]);
}

/** The page's blocks with one block's visibility set, or null when the block is gone. */
function withBlockPublished(blocks: readonly BlockData[], uid: string, published: boolean): BlockData[] | null {
  return updateBlock(blocks, uid, (b) => ({ ...b, unpublished: !published, properties: { ...b.properties, published } }));
}

/** Applies the schedules due at `now`; returns how many ran. */
export async function runDueSchedules(db: Database, registry: SchemaRegistry, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<Row>(
      `select * from page_schedules where done_at is null and run_at <= $1 order by run_at, id limit $2 for update skip locked`,
      [now.toISOString(), BATCH],
    );
    for (const row of rows) {
      const schedule = toSchedule(row);
      await tx.query('select id from pages where id = $1 for update', [schedule.pageId]);
      const current = await getPage(tx, schedule.pageId);
      let outcome = 'done';
      if (current) {
        const published = schedule.action === 'publish';
        const blocks = schedule.blockUid === null ? null : withBlockPublished(current.blocks, schedule.blockUid, published);
        if (schedule.blockUid !== null && blocks === null) outcome = scheduleMessages.blockMissing;
        else {
          const body = blocks ? { version: current.version, blocks } : { version: current.version, published };
          try {
            const author = { userId: null, label: published ? 'Scheduled publish' : 'Scheduled unpublish' };
            await updatePage(tx, registry, current, await storeIsProFor(tx, current.divisionId), body, author);
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            outcome = error.message;
          }
        }
      } else outcome = 'Page not found';
      await tx.query(`update page_schedules set done_at = $2, outcome = $3 where id = $1`, [schedule.id, now.toISOString(), outcome]);
    }
    return rows.length;
  });
}

/** Runs due schedules now and every `intervalMs` in this process (every process may: each schedule runs once). */
export function startScheduledPublishing(db: Database, registry: SchemaRegistry, options: { intervalMs?: number; onError: (error: unknown) => void }): () => Promise<void> {
  return startPeriodic(() => runDueSchedules(db, registry), options.intervalMs ?? SCHEDULE_INTERVAL_MS, options.onError);
}
