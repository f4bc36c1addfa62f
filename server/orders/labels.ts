import { printFileUrl } from '../studio/printFiles';
import type { Queryable } from '../db/database';

/**
 * §3 Factory labels: one per unit to make. They are created once, when an order first reaches the floor (its
 * first print or a move into production); every print, pre-treat and pick is logged against them.
 */

type Row = Record<string, unknown>;

/** §3 Product: a paper product when its type code matches printed…paper; those are made at newport. */
export const isPaperProductType = (type: string | null | undefined) => /printed.*paper/i.test(type ?? '');

/** The shelf of blanks a unit is taken from: product sku, colour and size ("FERN-TEE/FOREST/M"). */
export function pickfaceOf(sku: string, colour: string | null | undefined, size: string | null | undefined): string {
  const part = (v: string | null | undefined) => (v ?? '').trim().toUpperCase().replace(/[^A-Z0-9]+/g, '-').replace(/^-|-$/g, '');
  return [part(sku), part(colour), part(size)].filter(Boolean).join('/') || 'UNSORTED';
}

/**
 * Creates the order's labels if it has none: one per unit of every item that is made (a bundle's component
 * items, never the bundle line itself), numbered 1…n in item order; sets the fulfilment factory (newport when
 * every item is a paper product). Idempotent: an order that has labels is left as it is.
 */
export async function ensureLabels(tx: Queryable, orderId: number): Promise<void> {
  const existing = await tx.query('select 1 from factory_labels where order_id = $1 limit 1', [orderId]);
  if (existing.rows.length > 0) return;
  const { rows: items } = await tx.query<Row>(
    `select i.id, i.sku, i.options, i.quantity, p.type from order_items i left join products p on p.id = i.product_id
     where i.order_id = $1 and not exists (select 1 from order_items c where c.parent_item_id = i.id)
     order by coalesce(i.parent_item_id, i.id), i.position, i.id`,
    [orderId],
  );
  if (items.length === 0) return;
  const values: unknown[] = [];
  const tuples: string[] = [];
  let counter = 0;
  for (const item of items) {
    const options = (item.options as { colour?: string | null; size?: string | null }) ?? {};
    const pickface = pickfaceOf(item.sku as string, options.colour, options.size);
    for (let unit = 0; unit < (item.quantity as number); unit++) {
      counter++;
      values.push(orderId, item.id, counter, pickface);
      const n = values.length;
      tuples.push(`($${n - 3}, $${n - 2}, $${n - 1}, $${n})`);
    }
  }
  await tx.query(`insert into factory_labels (order_id, order_item_id, counter, pickface) values ${tuples.join(', ')} on conflict do nothing`, values);
  if (items.every((i) => isPaperProductType(i.type as string | null))) await tx.query(`update orders set fulfilment_factory = 'newport' where id = $1`, [orderId]);
}

/** What is printed on a label and shown beside it in atlas. */
export interface LabelView {
  id: number;
  orderId: number;
  orderItemId: number;
  counter: number;
  /** Units in the whole order (the label reads "counter of count"). */
  count: number;
  product: string;
  sku: string;
  colour: string | null;
  size: string | null;
  pickface: string;
  priority: number;
  toBePicked: boolean;
  timesPrinted: number;
  pickedAt: string | null;
  pickedUserId: number | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  pigeonhole: number | null;
  /** The design's print files per area (§3 Product designs: front, back, left, right). */
  printFiles: { area: string; url: string }[];
  /** The order's store's configured domain: label documents link print files from it. */
  storeDomain: string | null;
  printLogs: { userId: number | null; reason: string | null; format: string; createdAt: string }[];
  pretreatLogs: { userId: number | null; createdAt: string }[];
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const AREAS = ['front', 'back', 'left', 'right'] as const;

function printFilesOf(designs: unknown): { area: string; url: string }[] {
  if (!designs || typeof designs !== 'object') return [];
  const out: { area: string; url: string }[] = [];
  for (const area of AREAS) {
    const value = (designs as Record<string, unknown>)[area];
    const url = typeof value === 'string' ? value : value && typeof value === 'object' ? ((value as { src?: unknown; url?: unknown }).src ?? (value as { url?: unknown }).url) : null;
    if (typeof url === 'string' && url) out.push({ area, url });
  }
  return out;
}

/** Labels by id or by order, in order and counter order, with their logs. */
export async function loadLabels(db: Queryable, by: { labelIds?: number[]; orderIds?: number[] }): Promise<LabelView[]> {
  const { rows } = await db.query<Row>(
    `select l.*, i.name, i.sku, i.options, o.priority, o.pigeonhole, p.designs, d.active_domain_name,
            (select count(*)::int from factory_labels x where x.order_id = l.order_id) as count,
            coalesce((select jsonb_agg(jsonb_build_object('userId', g.user_id, 'reason', g.reason, 'format', g.format, 'createdAt', g.created_at) order by g.id)
                      from label_print_logs g where g.label_id = l.id), '[]'::jsonb) as print_logs,
            coalesce((select jsonb_agg(jsonb_build_object('userId', g.user_id, 'createdAt', g.created_at) order by g.id)
                      from label_pretreat_logs g where g.label_id = l.id), '[]'::jsonb) as pretreat_logs,
            coalesce((select jsonb_agg(jsonb_build_object('area', f.area, 'id', f.id) order by f.id)
                      from print_files f where f.order_item_id = l.order_item_id and f.status = 'done'), '[]'::jsonb) as rendered_files
     from factory_labels l join order_items i on i.id = l.order_item_id join orders o on o.id = l.order_id
     join divisions d on d.id = o.division_id
     left join products p on p.id = i.product_id
     where l.id = any($1::int[]) or l.order_id = any($2::int[])
     order by l.order_id, l.counter`,
    [by.labelIds ?? [], by.orderIds ?? []],
  );
  return rows.map((r) => {
    const options = (r.options as { colour?: string | null; size?: string | null }) ?? {};
    return {
      id: r.id as number,
      orderId: r.order_id as number,
      orderItemId: r.order_item_id as number,
      counter: r.counter as number,
      count: r.count as number,
      product: r.name as string,
      sku: r.sku as string,
      colour: options.colour ?? null,
      size: options.size ?? null,
      pickface: r.pickface as string,
      priority: r.priority as number,
      toBePicked: r.to_be_picked as boolean,
      timesPrinted: r.times_printed as number,
      pickedAt: iso(r.picked_at),
      pickedUserId: (r.picked_user_id as number | null) ?? null,
      cancelledAt: iso(r.cancelled_at),
      cancelReason: (r.cancel_reason as string | null) ?? null,
      pigeonhole: (r.pigeonhole as number | null) ?? null,
      // A studio design's rendered files (server/studio/printFiles.ts), else the product's own artwork per area.
      printFiles: (r.rendered_files as { area: string; id: number }[]).length > 0
        ? (r.rendered_files as { area: string; id: number }[]).map((f) => ({ area: f.area, url: printFileUrl(f.id) }))
        : printFilesOf(r.designs),
      storeDomain: (r.active_domain_name as string | null) ?? null,
      printLogs: (r.print_logs as { userId: number | null; reason: string | null; format: string; createdAt: string }[]).map((g) => ({ ...g, createdAt: iso(g.createdAt)! })),
      pretreatLogs: (r.pretreat_logs as { userId: number | null; createdAt: string }[]).map((g) => ({ ...g, createdAt: iso(g.createdAt)! })),
    };
  });
}
