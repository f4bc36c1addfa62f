import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type pg from 'pg';
import type { Figure } from './harness';
import { API, freshDatabase, percentile, signIn as signInAs, startServer, stopChild, timeGets, withClient } from './liveServer';

/**
 * The factory floor at scale, on a fresh database of the local PostgreSQL server:
 *  - 100,000 orders bulk-inserted with generate_series (statuses spread like a working shop, eight stores, two years of
 *    dates, names, emails, an item each and a tracking code on every dispatched order), then the atlas order list and
 *    search measured through the HTTP endpoint as a signed-in staff member: p50 and p99 of repeated requests, one at a
 *    time (the latency a person at the screen sees);
 *  - a 100-label PDF and the same batch as ZPL (time and bytes, through the print endpoint);
 *  - picks per second through the scan endpoint with two server processes on the one database, every scan of a
 *    distinct label, spread over the orders so pickers do not queue on one order; afterwards exactly one pick and one
 *    pigeonhole log per label is checked (the run fails otherwise).
 *
 * Environment: FACTORY_BENCH_PG (admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * FACTORY_BENCH_ORDERS (100000), FACTORY_BENCH_REQUESTS (repeats per list query, 200),
 * FACTORY_BENCH_SCANS (3000), FACTORY_BENCH_CONCURRENCY (scans in flight per server, 8).
 */

const ADMIN_URL = process.env.FACTORY_BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'bench_factory';
const ORDERS = Number(process.env.FACTORY_BENCH_ORDERS ?? 100_000);
const REQUESTS = Number(process.env.FACTORY_BENCH_REQUESTS ?? 200);
const SCANS = Number(process.env.FACTORY_BENCH_SCANS ?? 3000);
const CONCURRENCY = Number(process.env.FACTORY_BENCH_CONCURRENCY ?? 8);
/** Orders the scanned labels belong to: fewer than the 200 pigeonholes, so every first pick finds a free one. */
const PICK_ORDERS = 150;
const STAFF = { email: 'staff@pod.example', password: 'demo-staff-password' };
const signIn = (base: string) => signInAs(base, STAFF);

/** 100,000 orders in one statement each for orders, items and tracking codes. */
async function seedOrders(client: pg.Client) {
  await client.query(`
    insert into companies (name) select 'Bench company ' || n from generate_series(1, 7) n;
    insert into divisions (name, code, company_id) select 'Bench store ' || n, 'bench-store-' || n, c.id
      from generate_series(1, 7) n join companies c on c.name = 'Bench company ' || n;`);
  // Statuses weighted like a shop with a history: most orders done, a working queue, some never paid.
  await client.query(
    `with weights(status, w) as (values
        ('complete', 620), ('refunded', 30), ('exchanged', 5), ('cancelled', 20), ('expired', 60), ('payment_failed', 15),
        ('to_be_paid', 10), ('paid', 60), ('processing', 20), ('label_printed', 40), ('printed', 40), ('consolidated', 20),
        ('packing', 20), ('disputed', 5), ('issue', 10), ('refund_due', 5), ('quote', 5), ('bespoke_production', 5), ('bespoke_shipped', 10)),
      cumulative as (select status, sum(w) over (order by status) - w as lo, sum(w) over (order by status) as hi, sum(w) over () as total from weights),
      stores as (select array_agg(id order by id) as ids from divisions),
      names as (select
        array['Maya','Tom','Ines','Oskar','Priya','Leo','Aiko','Sam','Noah','Olivia','Ava','Liam','Zara','Kofi','Mei','Omar','Freya','Jonas','Lucia','Ravi'] as firsts,
        array['Okafor','Beringer','Duarte','Lind','Raman','Marsh','Tanaka','Reid','Smith','Jones','Williams','Brown','Taylor','Davies','Evans','Khan','Nowak','Rossi','Silva','Murphy','Walsh','Chen'] as lasts),
      gen as (select n, (n * 7919) % (select max(total) from cumulative) as roll from generate_series(1, $1::int) n)
     insert into orders (hash, division_id, email, status, subtotal, shipping, shipping_tax, goods_tax, total, billing_address, shipping_address,
                         shipping_method, payment_method, payment_processor, payment_reference, idempotency_key, priority, fulfilment_factory, created_at)
     select md5('bench' || n), stores.ids[1 + (n * 31) % array_length(stores.ids, 1)],
            lower(firsts[1 + n % 20]) || '.' || lower(lasts[1 + (n / 20) % 22]) || n || '@example.com',
            c.status, 2000 + n % 5000, 329, 66, 400 + n % 800, 2395 + n % 5000,
            jsonb_build_object('firstName', firsts[1 + n % 20], 'lastName', lasts[1 + (n / 20) % 22], 'street', n || ' Mill Lane', 'city', 'Leeds', 'zip', 'LS1 4AB', 'country', 'GB'),
            jsonb_build_object('firstName', firsts[1 + n % 20], 'lastName', lasts[1 + (n / 20) % 22], 'street', n || ' Mill Lane', 'city', 'Leeds', 'zip', 'LS1 4AB', 'country', 'GB'),
            'uk-standard', 'card', 'test', 'test_bench_' || n, 'bench-' || n,
            case when n % 50 = 0 then 2 when n % 13 = 0 then 1 else 0 end,
            case when n % 9 = 0 then 'newport' else 'distro' end,
            now() - make_interval(mins => ((($1::int - n)::bigint * 1051200) / $1::int)::int)
     from gen join cumulative c on gen.roll >= c.lo and gen.roll < c.hi, stores, names
     order by n`,
    [ORDERS],
  );
  await client.query(
    `insert into order_items (order_id, product_id, variant_id, name, sku, options, quantity, price, vat_rate, tax)
     select o.id, v.product_id, v.id, v.name, v.sku, jsonb_build_object('colour', v.colour, 'size', v.size), 1 + o.id % 3, 2000, 0.2, 333
     from orders o
     join lateral (select vs.* from (select v.id, p.id as product_id, p.name, v.sku, po.colour_name as colour, v.size, row_number() over () as k
                   from product_variants v join products p on p.id = v.product_id join product_options po on po.id = v.option_id where not p.is_bundle) vs
                   where vs.k = 1 + o.id % 40) v on true
     where o.idempotency_key like 'bench-%'`,
  );
  await client.query(
    `insert into tracking_codes (order_id, code, carrier)
     select id, 'RM' || lpad(id::text, 9, '0') || 'GB', 'Royal Mail' from orders where status in ('complete', 'bespoke_shipped') and idempotency_key like 'bench-%'`,
  );
  await client.query('analyze');
}

/** Orders waiting to be picked, each with labels of its own: the scan run's material. */
async function seedPickWork(client: pg.Client): Promise<number[]> {
  const perOrder = Math.ceil(SCANS / PICK_ORDERS);
  const { rows: orders } = await client.query<{ id: number }>(
    `insert into orders (hash, division_id, email, status, subtotal, shipping, shipping_tax, goods_tax, total, billing_address, shipping_address,
                         shipping_method, payment_method, payment_processor, idempotency_key)
     select md5('pick' || n), (select min(id) from divisions), 'picker' || n || '@example.com', 'printed', 2000, 329, 66, 400, 2395,
            '{"firstName":"Pat","lastName":"Picker"}', '{"firstName":"Pat","lastName":"Picker"}', 'uk-standard', 'card', 'test', 'pick-' || n
     from generate_series(1, $1::int) n returning id`,
    [PICK_ORDERS],
  );
  const ids = orders.map((o) => o.id);
  await client.query(
    `insert into order_items (order_id, name, sku, options, quantity, price, vat_rate, tax)
     select id, 'Bench tee', 'BENCH-TEE', '{"colour":"Black","size":"M"}', $2, 2000, 0.2, 333 from orders where id = any($1::int[])`,
    [ids, perOrder],
  );
  await client.query(
    `insert into factory_labels (order_id, order_item_id, counter, pickface, times_printed)
     select i.order_id, i.id, c, 'BENCH-TEE/BLACK/M', 1 from order_items i, generate_series(1, i.quantity) c where i.order_id = any($1::int[])`,
    [ids],
  );
  // Round robin over the orders: scan k takes label ⌊k / orders⌋ of order k mod orders.
  const { rows: labels } = await client.query<{ id: number }>(
    `select id from factory_labels where order_id = any($1::int[]) order by counter, order_id limit $2`,
    [ids, SCANS],
  );
  return labels.map((l) => l.id);
}

export async function factoryBenchmarks(): Promise<Figure[]> {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/client/index.html')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const databaseUrl = new URL(await freshDatabase(ADMIN_URL, DATABASE));

  const children: ChildProcess[] = [];
  const figures: Figure[] = [];
  try {
    // The first server migrates and seeds the demo store; the orders go in after it.
    const first = await startServer('server A', databaseUrl.href);
    children.push(first.process);
    const seedStart = performance.now();
    await withClient(databaseUrl.href, seedOrders);
    const seedMs = performance.now() - seedStart;
    const total = await withClient(databaseUrl.href, async (c) => (await c.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]!.n);
    figures.push({ name: `seed ${total.toLocaleString('en-GB')} orders (+ items, tracking codes)`, unit: 'ms', median: seedMs, decimals: 0, note: 'generate_series, then analyze' });

    const headers = await signIn(first.base);
    const sample = await withClient(databaseUrl.href, async (c) => {
      const { rows } = await c.query<{ id: number; email: string; code: string }>(
        `select o.id, o.email, t.code from orders o join tracking_codes t on t.order_id = o.id where o.idempotency_key like 'bench-%' order by o.id limit 1 offset $1`,
        [Math.floor(ORDERS / 3)],
      );
      return rows[0]!;
    });

    const list = async (label: string, query: string, expectRows: (r: { data: unknown[]; total: number }) => boolean) => {
      const t = await timeGets(`${first.base}${API}/atlas/orders/?${query}`, headers, REQUESTS, expectRows);
      figures.push({ name: `orders list: ${label}`, unit: 'ms', median: t.p50, p95: t.p95, decimals: 2, note: `p99 ${t.p99.toFixed(2)} ms (${REQUESTS} requests)` });
    };
    const some = (r: { data: unknown[] }) => r.data.length > 0;
    await list('page 1, unfiltered', '', (r) => r.data.length === 50 && r.total >= ORDERS);
    await list('status group "production", page 1', 'group=production', some);
    await list('status group "done", page 1', 'group=done', some);
    await list('store + date range, page 1', `store=1&from=${new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10)}`, () => true);
    await list('page 1,000 (50,000 deep)', 'page=1000', some);
    await list('search by order number', `search=%23${sample.id}`, (r) => r.total === 1);
    await list('search by email', `search=${encodeURIComponent(sample.email)}`, (r) => r.total === 1);
    await list('search by email prefix', `search=${encodeURIComponent(sample.email.slice(0, 8))}`, some);
    await list('search by surname', 'search=tanaka', some);
    await list('search by tracking code', `search=${sample.code}`, (r) => r.total === 1);

    // Labels: 100 of them, as a PDF and as ZPL (the endpoint also counts and logs each print).
    const labelIds = await withClient(databaseUrl.href, async (c) => {
      const { rows: orders } = await c.query<{ id: number }>(
        `select id from orders where status = 'printed' and idempotency_key like 'bench-%' order by id limit 60`,
      );
      for (const o of orders) {
        await c.query(
          `insert into factory_labels (order_id, order_item_id, counter, pickface)
           select i.order_id, i.id, u, 'BENCH/' || i.sku from order_items i, generate_series(1, i.quantity) u where i.order_id = $1`,
          [o.id],
        );
      }
      return (await c.query<{ id: number }>('select id from factory_labels where order_id = any($1::int[]) order by id limit 100', [orders.map((o) => o.id)])).rows.map((r) => r.id);
    });
    if (labelIds.length !== 100) throw new Error(`factory bench: ${labelIds.length} labels to print, not 100`);
    for (const format of ['pdf', 'zpl'] as const) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 7; i++) {
        const start = performance.now();
        const response = await fetch(`${first.base}${API}/atlas/labels/print/?format=${format}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ labelIds }),
        });
        const body = new Uint8Array(await response.arrayBuffer());
        times.push(performance.now() - start);
        if (!response.ok) throw new Error(`factory bench: print ${format} answered ${response.status}: ${new TextDecoder().decode(body).slice(0, 200)}`);
        bytes = body.length;
      }
      times.sort((a, b) => a - b);
      figures.push(
        { name: `100 labels as ${format.toUpperCase()}: time`, unit: 'ms', median: percentile(times, 50), runs: times.length, decimals: 0 },
        { name: `100 labels as ${format.toUpperCase()}: size`, unit: 'kB', median: bytes / 1024, decimals: 1 },
      );
    }

    // Picking: two server processes on the one database, each given every other label.
    const scanIds = await withClient(databaseUrl.href, seedPickWork);
    const second = await startServer('server B', databaseUrl.href);
    children.push(second.process);
    const sessions = [
      { base: first.base, headers },
      { base: second.base, headers: await signIn(second.base) },
    ];
    const refused: string[] = [];
    let next = 0;
    const worker = async (s: (typeof sessions)[number]) => {
      for (;;) {
        const i = next++;
        if (i >= scanIds.length) return;
        const response = await fetch(`${s.base}${API}/atlas/labels/${scanIds[i]}/scan/`, { method: 'POST', headers: s.headers });
        if (!response.ok) refused.push(`${response.status} ${await response.text()}`);
        else await response.arrayBuffer();
      }
    };
    const start = performance.now();
    await Promise.all(sessions.flatMap((s) => Array.from({ length: CONCURRENCY }, () => worker(s))));
    const seconds = (performance.now() - start) / 1000;
    if (refused.length) throw new Error(`factory bench: ${refused.length} scans refused, first: ${refused[0]}`);
    const check = await withClient(databaseUrl.href, async (c) => {
      const { rows } = await c.query<{ picked: number; logs: number; doubled: number; packing: number }>(
        `select (select count(*)::int from factory_labels where id = any($1::int[]) and not to_be_picked and picked_at is not null) as picked,
                (select count(*)::int from pigeonhole_logs where label_id = any($1::int[])) as logs,
                (select count(*)::int from (select label_id from pigeonhole_logs where label_id = any($1::int[]) group by label_id having count(*) > 1) d) as doubled,
                (select count(*)::int from orders where idempotency_key like 'pick-%' and status = 'packing') as packing`,
        [scanIds],
      );
      return rows[0]!;
    });
    if (check.picked !== scanIds.length || check.logs !== scanIds.length || check.doubled !== 0) {
      throw new Error(`factory bench: ${scanIds.length} scans left ${check.picked} picked labels, ${check.logs} pigeonhole logs, ${check.doubled} labels logged twice`);
    }
    figures.push({
      name: 'scans through /atlas/labels/{id}/scan/, 2 servers',
      unit: 'scans/s',
      median: scanIds.length / seconds,
      decimals: 0,
      note: `${scanIds.length} distinct labels over ${PICK_ORDERS} orders, ${CONCURRENCY} in flight per server; checked: one pick and one pigeonhole log per label, ${check.packing} orders reached packing`,
    });
    return figures;
  } finally {
    await Promise.all(children.map(stopChild));
    await withClient(ADMIN_URL, (c) => c.query(`drop database if exists ${DATABASE} with (force)`));
  }
}
