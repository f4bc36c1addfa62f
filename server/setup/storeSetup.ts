import type { Queryable } from '../db/database';
import { SALE_STATUSES } from '../api/stats/stats';
import {
  FIRST_SETUP_STEP,
  isHomepage,
  isSetupStep,
  nextSetupStep,
  storeSetupOf,
  type PageSaveSetup,
  type SetupStepCode,
  type StoreSetup,
} from '../../src/core/setupSteps';

/**
 * A store's set-up progress (src/core/setupSteps.ts has the steps). Recorded steps live in
 * store_setup_steps (migration 010); the others are derived when read, the way the stats onboarding badges are.
 * Every function takes the caller's Queryable so a step is recorded in the same transaction as the write that
 * completed it: if that write rolls back, so does the step.
 */

/** A new store starts at the first step (called where a store is created). */
export async function startStoreSetup(tx: Queryable, divisionId: number): Promise<void> {
  await tx.query('insert into store_setup (division_id, next_step) values ($1, $2) on conflict (division_id) do nothing', [divisionId, FIRST_SETUP_STEP]);
}

/** The steps done: the recorded ones plus those derived from what the store has. */
async function doneSteps(db: Queryable, divisionId: number): Promise<{ done: Set<SetupStepCode>; homepageId: number | null }> {
  const { rows } = await db.query<{ recorded: string[] | null; collection: boolean; product: boolean; theme: boolean; sale: boolean; homepage_id: number | null }>(
    `select
       (select array_agg(step) from store_setup_steps where division_id = $1) as recorded,
       exists (select 1 from collections where division_id = $1) as collection,
       exists (select 1 from products where division_id = $1 and designs <> '{}'::jsonb) as product,
       exists (select 1 from themes where division_id = $1) as theme,
       exists (select 1 from orders where division_id = $1 and status = any($2::text[])) as sale,
       (select id from pages where division_id = $1 and not coalesce((flags->>'deleted')::boolean, false)
          and (coalesce((flags->>'homepage')::boolean, false) or url = '/')
        order by coalesce((flags->>'homepage')::boolean, false) desc, id limit 1) as homepage_id`,
    [divisionId, SALE_STATUSES],
  );
  const r = rows[0];
  const done = new Set<SetupStepCode>((r?.recorded ?? []).filter(isSetupStep));
  if (r?.collection) done.add('collection');
  if (r?.product) done.add('product');
  if (r?.theme) done.add('theme');
  if (r?.sale) done.add('sale');
  return { done, homepageId: r?.homepage_id ?? null };
}

/** `GET /omnis/v3/divisions/{divisionId}/setup/`: every step with done and href, and the next one. */
export async function readStoreSetup(db: Queryable, divisionId: number): Promise<StoreSetup> {
  const { done, homepageId } = await doneSteps(db, divisionId);
  return storeSetupOf(done, { divisionId, homepageId });
}

/**
 * Records a step as done (idempotent: a step already recorded keeps its first time) and moves the store's next
 * step on. Returns true when this call completed it.
 */
export async function completeSetupStep(tx: Queryable, divisionId: number, step: SetupStepCode): Promise<boolean> {
  const inserted = await tx.query<{ step: string }>(
    'insert into store_setup_steps (division_id, step) values ($1, $2) on conflict (division_id, step) do nothing returning step',
    [divisionId, step],
  );
  if (inserted.rows.length === 0) return false;
  const { done } = await doneSteps(tx, divisionId);
  await tx.query(
    `insert into store_setup (division_id, next_step) values ($1, $2)
     on conflict (division_id) do update set next_step = excluded.next_step, updated_at = now()`,
    [divisionId, nextSetupStep(done)],
  );
  return true;
}

/**
 * After a page write through the pages API, in its transaction (§4 Page save): saving the store's homepage
 * completes the `homepage` step, and the next step becomes `collection` (the first step not done). Returns the
 * store's progress for the save response when the page is the homepage, else null (nothing changes).
 */
export async function setupAfterPageSave(tx: Queryable, page: { divisionId: number; url: string; flags: Record<string, unknown> }): Promise<PageSaveSetup | null> {
  if (!isHomepage(page)) return null;
  const completed: SetupStepCode[] = (await completeSetupStep(tx, page.divisionId, 'homepage')) ? ['homepage'] : [];
  return { ...(await readStoreSetup(tx, page.divisionId)), completed };
}
