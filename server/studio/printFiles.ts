import type { Queryable } from '../db/database';
import { renderSide, type UploadLoader } from './render';
import { STUDIO_AREAS, studioGarmentOf, type StudioArea, type StudioDesign } from '../../src/core/studio';

/**
 * Print files of studio designs. Paying an order queues one row per item and printed side (in the paying
 * transaction, so a rolled-back payment queues nothing); the renderer claims rows with FOR UPDATE SKIP LOCKED,
 * so each file is drawn exactly once whatever the number of processes, and a crashed claim is taken again when
 * its claim lapses.
 */
export const MAX_RENDER_ATTEMPTS = 5;
const CLAIM_SECONDS = 300;

/** Queues the print files of every studio design the order bought (idempotent). */
export async function queuePrintFiles(tx: Queryable, orderId: number): Promise<number> {
  const { rows } = await tx.query<{ id: number; studio_design: StudioDesign }>(
    `select i.id, p.studio_design from order_items i join products p on p.id = i.product_id
     where i.order_id = $1 and p.studio_design is not null`,
    [orderId],
  );
  let queued = 0;
  for (const item of rows) {
    for (const area of STUDIO_AREAS) {
      if ((item.studio_design.sides?.[area]?.length ?? 0) === 0) continue;
      const { rows: made } = await tx.query('insert into print_files (order_id, order_item_id, area) values ($1, $2, $3) on conflict do nothing returning id', [orderId, item.id, area]);
      queued += made.length;
    }
  }
  return queued;
}

export const uploadLoader = (db: Queryable, divisionId: number): UploadLoader => async (uploadId) => {
  const { rows } = await db.query<{ bytes: Uint8Array }>('select bytes from media_uploads where id = $1 and division_id = $2', [uploadId, divisionId]);
  return rows[0] ? Buffer.from(rows[0].bytes) : null;
};

/** Claims and renders up to `batch` queued print files; returns how many were drawn and how many failed. */
export async function renderQueuedPrintFiles(db: Queryable, batch = 4): Promise<{ rendered: number; failed: number }> {
  const { rows } = await db.query<{ id: number; order_item_id: number; area: StudioArea; attempts: number }>(
    `update print_files set attempts = attempts + 1, claimed_until = now() + interval '${CLAIM_SECONDS} seconds'
     where id in (select id from print_files where status = 'queued' and (claimed_until is null or claimed_until < now())
                  order by id limit $1 for update skip locked)
     returning id, order_item_id, area, attempts`,
    [batch],
  );
  let rendered = 0;
  let failed = 0;
  for (const job of rows.sort((a, b) => a.id - b.id)) {
    try {
      const { rows: items } = await db.query<{ studio_design: StudioDesign; type: string; division_id: number }>(
        'select p.studio_design, p.type, p.division_id from order_items i join products p on p.id = i.product_id where i.id = $1',
        [job.order_item_id],
      );
      const item = items[0];
      if (!item) throw new Error('The design of this order item is gone');
      const started = performance.now();
      const file = await renderSide(studioGarmentOf(item.type), job.area, item.studio_design.sides[job.area] ?? [], uploadLoader(db, item.division_id));
      const ms = Math.round(performance.now() - started);
      await db.query(
        `update print_files set status = 'done', bytes = $2, size = $3, width = $4, height = $5, render_ms = $6, rendered_at = now(), claimed_until = null, last_error = null
         where id = $1`,
        [job.id, file.png, file.png.length, file.width, file.height, ms],
      );
      rendered += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db.query(`update print_files set last_error = $2, claimed_until = null, status = case when attempts >= $3 then 'failed' else 'queued' end where id = $1`, [
        job.id,
        message.slice(0, 1000),
        MAX_RENDER_ATTEMPTS,
      ]);
      failed += 1;
    }
  }
  return { rendered, failed };
}

/** Polls the queue; returns a stop function that waits for the pass in flight. */
export function startPrintFileRendering(db: Queryable, options: { intervalMs?: number; onError?: (error: unknown) => void } = {}): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = (async () => {
      try {
        // Drain what is queued before sleeping again.
        while (!stopped && (await renderQueuedPrintFiles(db)).rendered > 0);
      } catch (error) {
        options.onError?.(error);
      }
    })();
  };
  const timer = setInterval(tick, options.intervalMs ?? 1500);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

export interface PrintFileLink {
  id: number;
  orderItemId: number;
  area: StudioArea;
  status: 'queued' | 'done' | 'failed';
  width: number | null;
  height: number | null;
  url: string;
}

export const printFileUrl = (id: number) => `/omnis/v3/atlas/print-files/${id}/`;

export async function printFilesOfOrders(db: Queryable, orderIds: number[]): Promise<PrintFileLink[]> {
  const { rows } = await db.query<{ id: number; order_item_id: number; area: StudioArea; status: PrintFileLink['status']; width: number | null; height: number | null }>(
    `select id, order_item_id, area, status, width, height from print_files where order_id = any($1::int[])
     order by order_item_id, array_position(array['front', 'back', 'left', 'right'], area)`,
    [orderIds],
  );
  return rows.map((r) => ({ id: r.id, orderItemId: r.order_item_id, area: r.area, status: r.status, width: r.width, height: r.height, url: printFileUrl(r.id) }));
}
