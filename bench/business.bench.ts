import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { measure, type Figure } from './harness';
import { renderMockup } from '../server/products/mockups';
import { API, freshDatabase, signIn, startServer, stopChild, timeGets, withClient } from './liveServer';

/**
 * The owner's and staff's tables at scale, on a fresh database of the local PostgreSQL server: 50,000 products in
 * the demo store (with a colour and five sizes each) and 50,000 customers who ordered there, bulk-inserted with
 * generate_series; then the products and customers tables measured through their HTTP endpoints (first page,
 * search, sort, a deep page) as the signed-in owner and as staff: p50, p95 and p99 of requests one after another.
 *
 * Then a product mockup: the time to composite 3000 px artwork onto a garment colour (a colour never drawn before, and
 * one whose template is kept), and the bytes the store serves for that mockup at each §9 srcset width as WebP and AVIF.
 *
 * Environment: BUSINESS_BENCH_PG (admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * BUSINESS_BENCH_ROWS (50000), BUSINESS_BENCH_REQUESTS (repeats per query, 100).
 */
const ADMIN_URL = process.env.BUSINESS_BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'bench_business';
const ROWS = Number(process.env.BUSINESS_BENCH_ROWS ?? 50_000);
const REQUESTS = Number(process.env.BUSINESS_BENCH_REQUESTS ?? 100);
const OWNER = { email: 'owner@fernandthread.example', password: 'demo-owner-password' };
const STAFF = { email: 'staff@pod.example', password: 'demo-staff-password' };

async function seed(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (c) => {
    const demo = (await c.query<{ id: number }>(`select id from divisions where code = 'demo'`)).rows[0]!.id;
    await c.query(
      `insert into products (uuid, division_id, sku, name, url_name, description, type, price, default_colour, bestseller_rank, created_at)
       select gen_random_uuid(), $1, 'BENCH-' || n, (array['Fern','Summit','Tidal','Meadow','Harbour','Ember','Cedar','Drift'])[1 + n % 8] || ' tee ' || n,
              'bench-tee-' || n, 'A bench tee', 'tshirt', 1500 + n % 2500, 'Black', 100 + n, now() - make_interval(mins => n)
       from generate_series(1, $2::int) n`,
      [demo, ROWS],
    );
    await c.query(
      `insert into product_options (product_id, colour_name, colour_value, position)
       select id, 'Black', '#111111', 0 from products where sku like 'BENCH-%'`,
    );
    await c.query(
      `insert into product_variants (product_id, option_id, size, sku, stock, position)
       select o.product_id, o.id, s.size, p.sku || '-' || s.size, (p.id * 7 + s.k) % 40, s.k
       from product_options o join products p on p.id = o.product_id, (values ('S', 0), ('M', 1), ('L', 2), ('XL', 3), ('XXL', 4)) as s(size, k)
       where p.sku like 'BENCH-%'`,
    );
    await c.query(
      `insert into users (email, first_name, last_name, password_hash, verified_at)
       select 'bench.customer' || n || '@example.com', (array['Maya','Tom','Ines','Oskar','Priya','Leo','Aiko','Sam'])[1 + n % 8], (array['Okafor','Lind','Raman','Tanaka','Reid','Walsh'])[1 + n % 6] || n, 'x', now()
       from generate_series(1, $1::int) n`,
      [ROWS],
    );
    await c.query(
      `insert into orders (hash, division_id, email, user_id, status, subtotal, shipping, shipping_tax, goods_tax, total, billing_address, shipping_address,
                           shipping_method, payment_method, payment_processor, idempotency_key)
       select md5('bench-customer' || u.id), $1, u.email, u.id, 'complete', 2000, 329, 66, 400, 2395, '{}', '{}', 'uk-standard', 'card', 'test', 'bench-c-' || u.id
       from users u where u.email like 'bench.customer%'`,
      [demo],
    );
    await c.query('analyze');
    return demo;
  });
}

export async function businessBenchmarks(): Promise<Figure[]> {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/client/index.html')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const databaseUrl = await freshDatabase(ADMIN_URL, DATABASE);
  const children: ChildProcess[] = [];
  const figures: Figure[] = [];
  try {
    const server = await startServer('server', databaseUrl);
    children.push(server.process);
    const seedStart = performance.now();
    const demo = await seed(databaseUrl);
    figures.push({ name: `seed ${ROWS.toLocaleString('en-GB')} products and ${ROWS.toLocaleString('en-GB')} customers`, unit: 'ms', median: performance.now() - seedStart, decimals: 0 });
    const owner = await signIn(server.base, OWNER);
    const staff = await signIn(server.base, STAFF);
    type Page = { data: unknown[]; total: number };
    const some = (r: Page) => r.data.length > 0;
    const row = async (label: string, path: string, headers: Record<string, string>, check: (r: Page) => boolean) => {
      const t = await timeGets<Page>(`${server.base}${API}${path}`, headers, REQUESTS, check);
      figures.push({ name: label, unit: 'ms', median: t.p50, p95: t.p95, decimals: 2, note: `p99 ${t.p99.toFixed(2)} ms (${REQUESTS} requests)` });
    };
    const products = (q: string) => `/dashboard/products/?store=${demo}&${q}`;
    await row('products: first page', products(''), owner, (r) => r.data.length > 0 && r.total >= ROWS);
    await row('products: search "harbour tee 4"', products('search=harbour%20tee%204'), owner, some);
    await row('products: sort by price', products('sort=price&dir=desc'), owner, some);
    await row('products: sort by stock', products('sort=stock&dir=asc'), owner, some);
    const deep = Math.max(1, Math.floor(ROWS / 100));
    await row(`products: page ${deep}`, products(`page=${deep}`), owner, some);
    const customers = (q: string) => `/dashboard/customers/?${q}`;
    await row("customers: the store's first page", customers(`store=${demo}`), owner, (r) => r.total >= ROWS);
    await row("customers: the store's search by surname", customers(`store=${demo}&search=tanaka${Math.ceil(ROWS / 2) - (Math.ceil(ROWS / 2) % 6) + 3}`), owner, some);
    await row('customers: every customer, first page (staff)', customers(''), staff, (r) => r.total >= ROWS);
    await row('customers: search by email (staff)', customers(`search=bench.customer${Math.ceil(ROWS / 2)}%40example.com`), staff, (r) => r.total === 1);

    // Mockups: a new colour each run draws its template first; a kept colour only composites.
    const artwork = await sharp({ create: { width: 3000, height: 3000, channels: 4, background: { r: 200, g: 60, b: 40, alpha: 0.9 } } }).png().toBuffer();
    let shade = 0;
    const newColour = () => `#${(0x102030 + 0x010203 * shade++).toString(16).padStart(6, '0')}`;
    const cold = await measure(() => renderMockup('tshirt', newColour(), artwork, 'front', { scale: 80, offsetY: 20 }), { runs: 10, warmup: 1 });
    figures.push({ name: 'mockup per colour, new colour (template drawn)', unit: 'ms', ...cold, decimals: 0 });
    const warm = await measure(() => renderMockup('tshirt', '#1d3557', artwork, 'front', { scale: 80, offsetY: 20 }), { runs: 10, warmup: 1 });
    figures.push({ name: 'mockup per colour, kept colour', unit: 'ms', ...warm, decimals: 0 });
    const mockup = await renderMockup('tshirt', '#1d3557', artwork, 'front', { scale: 80, offsetY: 20 });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(mockup)], { type: 'image/webp' }), 'bench-mockup.webp');
    const upload = await fetch(`${server.base}${API}/divisions/${demo}/media/`, { method: 'POST', headers: owner, body: form });
    if (!upload.ok) throw new Error(`business bench: mockup upload answered ${upload.status}: ${await upload.text()}`);
    const { url } = (await upload.json()) as { url: string };
    const sizes: string[] = [];
    for (const width of [480, 640, 960, 1280, 1920]) {
      const bytes = async (accept: string) => (await (await fetch(`${server.base}${url}?width=${width}`, { headers: { accept } })).arrayBuffer()).byteLength;
      sizes.push(`${width}: ${((await bytes('image/webp')) / 1024).toFixed(0)} / ${((await bytes('image/avif,image/webp')) / 1024).toFixed(0)}`);
    }
    figures.push({ name: 'mockup bytes per width, WebP / AVIF (kB)', unit: 'kB', median: mockup.length / 1024, decimals: 0, note: `original; ${sizes.join(', ')}` });
    return figures;
  } finally {
    await Promise.all(children.map(stopChild));
  }
}
