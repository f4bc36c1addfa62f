import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../../testing/testContext';
import { seedDemoOrders } from './demoOrders';

let t: Awaited<ReturnType<typeof openTestContext>>;
beforeAll(async () => {
  t = await openTestContext();
});
afterAll(async () => t?.close());

describe('demo orders', () => {
  it('puts the demo store orders in every floor stage once, with consistent labels, picks and logs', async () => {
    expect(await seedDemoOrders(t.ctx.db)).toBe(true);
    expect(await seedDemoOrders(t.ctx.db)).toBe(false);
    const { rows } = await t.ctx.db.query<{ status: string; labels: number; picked: number; pigeonhole: number | null; logs: string[]; tracking: number }>(
      `select o.status, o.pigeonhole,
              (select count(*)::int from factory_labels l where l.order_id = o.id) as labels,
              (select count(*)::int from factory_labels l where l.order_id = o.id and not l.to_be_picked) as picked,
              (select array_agg(status order by id) from order_status_logs s where s.order_id = o.id) as logs,
              (select count(*)::int from tracking_codes c where c.order_id = o.id) as tracking
       from orders o order by o.id`,
    );
    expect(rows.map((r) => r.status)).toEqual(['paid', 'paid', 'label_printed', 'printed', 'consolidated', 'packing', 'complete', 'refunded']);
    for (const r of rows) expect(r.logs.at(-1)).toBe(r.status);
    const by = Object.fromEntries(rows.map((r) => [r.status, r]));
    expect(by.paid!.labels).toBe(0);
    expect(by.label_printed!.labels).toBe(2);
    expect(by.consolidated).toMatchObject({ labels: 3, picked: 1 });
    expect(by.consolidated!.pigeonhole).not.toBeNull();
    expect(by.packing!.picked).toBe(by.packing!.labels);
    expect(by.complete!.tracking).toBe(1);
    // Only orders still on the floor hold a pigeonhole.
    const { rows: held } = await t.ctx.db.query<{ status: string }>('select o.status from pigeonholes p join orders o on o.id = p.order_id order by o.id');
    expect(held.map((h) => h.status)).toEqual(['consolidated', 'packing']);
  });
});
