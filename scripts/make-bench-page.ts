// Creates (or refreshes) the builder bench page: a store page /bench-{N}/ of N text blocks reading "Block i".
//   npx tsx scripts/make-bench-page.ts 1250 [http://localhost:3000]
// It signs in through the API as the demo owner (owner@fernandthread.example) and prints the builder address.
const n = Number(process.argv[2] ?? 1250);
const base = (process.argv[3] ?? process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const OWNER = { email: process.env.BENCH_EMAIL ?? 'owner@fernandthread.example', password: process.env.BENCH_PASSWORD ?? 'demo-owner-password' };

if (!Number.isSafeInteger(n) || n < 1 || n > 5000) {
  console.error('usage: npx tsx scripts/make-bench-page.ts <blocks 1…5000> [base url]');
  process.exit(2);
}

const jar = new Map<string, string>();
async function call<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = { accept: 'application/json', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.method && init.method !== 'GET') headers['x-csrf-token'] = decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
  const res = await fetch(base + path, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  for (const cookie of res.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const at = pair!.indexOf('=');
    jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
  }
  const text = await res.text();
  return { status: res.status, data: (text ? JSON.parse(text) : undefined) as T };
}

/** The N blocks: text blocks whose first panel field (text) reads "Block i". */
export function benchBlocks(count: number) {
  return Array.from({ length: count }, (_, i) => ({ uid: `bench-${i}`, type: 'textBlock', order: i, size: { x: 12, y: 6 }, properties: { text: `Block ${i}` } }));
}

await call('/omnis/v3/frontend/getStoreCoreData/json/');
const login = await call<{ user?: { stores: { divisionId: number; role: string }[] } }>('/omnis/v3/dashboard/secure/login/', { method: 'POST', body: OWNER });
if (login.status !== 200 || !login.data.user) throw new Error(`sign-in failed (${login.status}): ${JSON.stringify(login.data)}`);
const divisionId = login.data.user.stores.find((s) => s.role === 'owner' || s.role === 'editor')?.divisionId;
if (!divisionId) throw new Error('the demo owner has no store');

const url = `/bench-${n}/`;
const body = { url, layout: 'standard', properties: { title: `Bench ${n}`, isSearchable: false }, sitemap: false, blocks: benchBlocks(n) };
const list = await call<{ data: { id: number; url: string; version: number }[] }>(`/omnis/v3/divisions/${divisionId}/pages/?page-type=StorePage`);
const existing = list.data.data.find((p) => p.url === url);
const saved = existing
  ? await call<{ id: number }>(`/omnis/v3/divisions/${divisionId}/pages/${existing.id}/`, { method: 'PATCH', body: { ...body, version: existing.version } })
  : await call<{ id: number }>(`/omnis/v3/divisions/${divisionId}/pages/`, { method: 'POST', body });
if (saved.status >= 300) throw new Error(`saving the page failed (${saved.status}): ${JSON.stringify(saved.data).slice(0, 500)}`);
console.log(`${existing ? 'Refreshed' : 'Created'} ${url} with ${n} text blocks (page ${saved.data.id}, store ${divisionId}).`);
console.log(`Builder: ${base}/dashboard/pages/${saved.data.id}/edit`);
console.log(`Public:  ${base}${url}`);
