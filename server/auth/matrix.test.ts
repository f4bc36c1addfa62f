import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../testing/testContext';
import { TestClient, createStoreOwner } from './testClient';
import { DEMO_ACCOUNTS } from '../db/seed/demoAccounts';
import { requireStoreAccess } from './guards';
import { registeredRoutes } from '../http/routeList';
import { SETTINGS_TABS } from '../../src/core/storeSettings';

/**
 * The authorisation matrix (issue #5 "Done when"): every endpoint of docs/auth-api.md, the page of an
 * unpublished / members-only / dashboard-only page, and the store guard × (anonymous, shopper, owner of this
 * store, owner of another store, staff) → the expected status. Each cell runs in a fresh session.
 */
type Role = 'anonymous' | 'shopper' | 'owner' | 'otherOwner' | 'staff';
const ROLES: Role[] = ['anonymous', 'shopper', 'owner', 'otherOwner', 'staff'];

let t: Awaited<ReturnType<typeof openTestContext>>;
const API = '/omnis/v3';
const [OWNER, STAFF, SHOPPER] = DEMO_ACCOUNTS;
const OTHER = { email: 'other.owner@example.com', password: 'other owner password' };
const credentials: Record<Exclude<Role, 'anonymous'>, { email: string; password: string }> = { shopper: SHOPPER, owner: OWNER, otherOwner: OTHER, staff: STAFF };
const ids = { demo: 0, otherStore: 0, shopper: 0, draft: 0, members: 0, owners: 0, post: 0 };
const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.ctx.db.query<T>(sql, params)).rows;
let ip = 1;

beforeAll(async () => {
  t = await openTestContext();
  // A probe route for the store guard the pages write API will use (routes can be added until the app is ready).
  t.app.get<{ Params: { id: string } }>(`${API}/test/stores/:id/`, async (request) => ({ user: requireStoreAccess(request, Number(request.params.id)).id }));
  // The owner of another store: signed up with a store, verified and EULA signed.
  ids.otherStore = await createStoreOwner(new TestClient(t.app, '192.0.2.250'), t.ctx.db, OTHER);
  ids.demo = (await q<{ id: number }>(`select id from divisions where code = 'demo'`))[0]!.id;
  ids.shopper = (await q<{ id: number }>('select id from users where email = $1', [SHOPPER.email]))[0]!.id;
  const page = async (url: string, published: boolean, properties: object) =>
    (await q<{ id: number }>(`insert into pages (uuid, division_id, url, published, properties) values (gen_random_uuid(), $1, $2, $3, $4) returning id`, [ids.demo, url, published, JSON.stringify(properties)]))[0]!.id;
  ids.draft = await page('/draft/', false, { title: 'Draft' });
  ids.members = await page('/members/', true, { title: 'Members', loginState: 'logged-in' });
  ids.owners = await page('/owners/', true, { title: 'Owners', loginState: 'dashboard-access' });
  ids.post = (await q<{ id: number }>('select id from blog_posts where division_id = $1 order by id limit 1', [ids.demo]))[0]!.id;
}, 180_000);
afterAll(async () => t?.close());

async function as(role: Role): Promise<TestClient> {
  const c = new TestClient(t.app, `10.0.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);
  if (role !== 'anonymous') await c.login(credentials[role].email, credentials[role].password);
  return c;
}

interface Row {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  url: () => string;
  body?: (role: Role) => unknown;
  expect: Record<Role, number>;
  /** Runs before each cell (e.g. a pending permission request to answer). */
  before?: () => Promise<void>;
  /** Undoes what a cell changed, so the next cell starts from the seed. */
  after?: () => Promise<void>;
}

const all = (status: number): Record<Role, number> => ({ anonymous: status, shopper: status, owner: status, otherOwner: status, staff: status });
const signedIn = (status: number): Record<Role, number> => ({ ...all(status), anonymous: 401 });
const staffOnly: Record<Role, number> = { anonymous: 401, shopper: 403, owner: 403, otherOwner: 403, staff: 200 };
const ownPassword = (role: Role) => (role === 'anonymous' ? 'whatever password' : credentials[role].password);
let n = 0;
let pendingRequest = 0;


/** One order of the demo store with one item and one label, put into `status` (and the label back to unpicked) before a cell. */
const floor = { order: 0, item: 0, label: 0, reason: 0 };
async function floorOrder(status: string): Promise<void> {
  if (!floor.order) {
    const address = JSON.stringify({ firstName: 'Matrix', lastName: 'Row', street: '1 Row', city: 'Leeds', zip: 'LS1 1AA', country: 'GB' });
    floor.order = (await q<{ id: number }>(
      `insert into orders (hash, division_id, email, status, subtotal, shipping, shipping_tax, goods_tax, total, billing_address, shipping_address, shipping_method, payment_method, payment_processor, idempotency_key)
       values (replace(gen_random_uuid()::text, '-', ''), $1, 'matrix.order@example.com', 'paid', 1000, 0, 0, 200, 1200, $2, $2, 'uk-standard', 'card', 'test', gen_random_uuid()::text) returning id`,
      [ids.demo, address],
    ))[0]!.id;
    floor.item = (await q<{ id: number }>(`insert into order_items (order_id, name, sku, quantity, price, vat_rate, tax) values ($1, 'Matrix Tee', 'MTX', 1, 1200, 1, 200) returning id`, [floor.order]))[0]!.id;
    floor.label = (await q<{ id: number }>(`insert into factory_labels (order_id, order_item_id, counter, pickface) values ($1, $2, 1, 'MTX') returning id`, [floor.order, floor.item]))[0]!.id;
    floor.reason = (await q<{ id: number }>(`select id from reprint_reasons order by id limit 1`))[0]!.id;
  }
  await q(`update orders set status = $2 where id = $1`, [floor.order, status]);
  await q(`update factory_labels set to_be_picked = true, picked_at = null, picked_user_id = null, cancelled_at = null where id = $1`, [floor.label]);
  await q(`update pigeonholes set order_id = null where order_id = $1`, [floor.order]);
}

/** Every atlas floor endpoint: 403 "Permission denied" for everyone but staff (signed in or not). */
function floorRows(): Row[] {
  const staffOnlyAtlas = (status: number): Record<Role, number> => ({ ...all(403), staff: status });
  const row = (name: string, method: 'GET' | 'POST', path: () => string, staffStatus: number, status = 'paid', body?: () => unknown): Row => ({
    name: `${method} atlas/${name}`,
    method,
    url: () => `${API}/atlas/${path()}`,
    ...(body ? { body } : {}),
    before: () => floorOrder(status),
    expect: staffOnlyAtlas(staffStatus),
  });
  return [
    row('orders', 'GET', () => 'orders/?group=paid&search=matrix', 200),
    row('orders/{id}', 'GET', () => `orders/${floor.order}/`, 200),
    row('orders/{id}/status', 'POST', () => `orders/${floor.order}/status/`, 200, 'paid', () => ({ status: 'processing' })),
    row('orders/{id}/priority', 'POST', () => `orders/${floor.order}/priority/`, 200, 'paid', () => ({ priority: 1 })),
    row('orders/{id}/items/{itemId}/cancel', 'POST', () => `orders/${floor.order}/items/${floor.item}/cancel/`, 200, 'paid', () => ({ reason: 'matrix' })),
    // The order was never charged: staff get the refusal, everyone else never gets that far.
    row('orders/{id}/refund', 'POST', () => `orders/${floor.order}/refund/`, 409, 'paid', () => ({ reason: 'matrix' })),
    row('orders/{id}/reprint', 'POST', () => `orders/${floor.order}/reprint/`, 201, 'complete', () => ({ reasonId: floor.reason })),
    row('orders/{id}/dispatch', 'POST', () => `orders/${floor.order}/dispatch/`, 200, 'packing', () => ({ trackingCode: 'MATRIX0001' })),
    row('orders/{id}/packing-slip', 'GET', () => `orders/${floor.order}/packing-slip/`, 200),
    row('production', 'GET', () => 'production/', 200),
    row('labels/print', 'POST', () => 'labels/print/', 200, 'paid', () => ({ orderIds: [floor.order] })),
    row('labels/print?format=zpl', 'POST', () => 'labels/print/?format=zpl', 200, 'paid', () => ({ labelIds: [floor.label] })),
    row('labels/pretreat', 'POST', () => 'labels/pretreat/', 200, 'label_printed', () => ({ labelIds: [floor.label] })),
    row('labels/{id}', 'GET', () => `labels/${floor.label}/`, 200),
    row('labels/{id}/scan', 'POST', () => `labels/${floor.label}/scan/`, 200, 'label_printed'),
    row('labels/{id}/cancel', 'POST', () => `labels/${floor.label}/cancel/`, 200, 'label_printed', () => ({ reason: 'matrix' })),
    {
      name: 'GET dashboard/orders (demo store)',
      method: 'GET',
      url: () => `${API}/dashboard/orders/?store=${ids.demo}`,
      before: () => floorOrder('paid'),
      // An owner sees their own store's orders only; the shopper has not signed the EULA (dashboard access).
      expect: { anonymous: 401, shopper: 403, owner: 200, otherOwner: 403, staff: 200 },
    },
    ...productRows(),
    ...businessRows(),
    ...quoteRows(),
  ];
}

/** The owner's products (/dashboard/products/): store access for every route, staff only for approval. */
let seedProduct = 0;
/** One submitted quote of the demo store with an artwork file, for the staff quote routes. */
const quote = { order: 0, file: 0 };
async function quoteOrder(): Promise<void> {
  if (quote.order) return;
  quote.order = (await q<{ id: number }>(
    `insert into orders (hash, division_id, email, status, subtotal, shipping, shipping_tax, goods_tax, total, billing_address, shipping_address, shipping_method, payment_method, payment_processor, idempotency_key)
     values (replace(gen_random_uuid()::text, '-', ''), $1, 'matrix.quote@example.com', 'quote', 0, 0, 0, 0, 0, '{}', '{}', 'bespoke', 'quote', 'none', gen_random_uuid()::text) returning id`,
    [ids.demo],
  ))[0]!.id;
  const request = { contact: { name: 'Matrix', email: 'matrix.quote@example.com', phone: '', company: '' }, products: [{ product: 'Tee', colour: '', sizes: { M: 10 }, positions: ['front'] }], deadline: null, country: 'GB', notes: '', packaging: 'bulk', deliveries: [], requestTerms: false };
  await q(`insert into quotes (order_id, kind, request, submitted_at) values ($1, 'simple', $2, now())`, [quote.order, JSON.stringify(request)]);
  quote.file = (await q<{ id: number }>(`insert into quote_files (order_id, kind, filename, content_type, ext, size, bytes) values ($1, 'artwork', 'a.png', 'image/png', 'png', 1, '\\x00') returning id`, [quote.order]))[0]!.id;
}

/** The staff side of bespoke orders: 403 "Permission denied" for everyone but staff. */
function quoteRows(): Row[] {
  const staffOnlyAtlas = (status: number): Record<Role, number> => ({ ...all(403), staff: status });
  const row = (name: string, method: 'GET' | 'POST' | 'PATCH', path: () => string, staffStatus: number, body?: () => unknown): Row => ({
    name: `${method} atlas/${name}`,
    method,
    url: () => `${API}/atlas/${path()}`,
    ...(body ? { body } : {}),
    before: quoteOrder,
    expect: staffOnlyAtlas(staffStatus),
  });
  return [
    row('quotes', 'GET', () => 'quotes/?group=open', 200),
    row('quotes/{id}', 'GET', () => `quotes/${quote.order}/`, 200),
    row('quotes/{id}/files/{fileId}', 'GET', () => `quotes/${quote.order}/files/${quote.file}/`, 200),
    // Not multipart: staff get the missing-file answer, everyone else never gets that far.
    row('quotes/{id}/mockup', 'POST', () => `quotes/${quote.order}/mockup/`, 422, () => ({})),
    {
      name: 'PUT atlas/quotes/{id}/price',
      method: 'PUT',
      url: () => `${API}/atlas/quotes/${quote.order}/price/`,
      body: () => ({ lines: [{ breaks: [{ minQuantity: 1, unitPrice: 1000 }], printCost: 100 }], shipping: 0, vatRate: 20 }),
      before: quoteOrder,
      expect: staffOnlyAtlas(200),
    },
  ];
}

function productRows(): Row[] {
  const P = `${API}/dashboard/products`;
  const store: Record<Role, number> = { anonymous: 401, shopper: 403, owner: 200, otherOwner: 403, staff: 200 };
  // Refused after the guard (no such base product / no file): the guard let the caller through.
  const storeThen422: Record<Role, number> = { ...store, owner: 422, staff: 422 };
  return [
    { name: 'GET dashboard/products', method: 'GET', url: () => `${P}/?store=${ids.demo}&sort=price&search=tee`, expect: store },
    { name: 'POST dashboard/products/bulk', method: 'POST', url: () => `${P}/bulk/?store=${ids.demo}`, body: () => ({ ids: [2147483647], enabled: true }), expect: store },
    { name: 'GET dashboard/products/export.csv', method: 'GET', url: () => `${P}/export.csv?store=${ids.demo}`, expect: store },
    { name: 'POST dashboard/products/import', method: 'POST', url: () => `${P}/import/?store=${ids.demo}`, body: () => ({ csv: 'id\n' }), expect: store },
    { name: 'GET dashboard/products/base', method: 'GET', url: () => `${P}/base/?store=${ids.demo}&sku=FT-001`, expect: store },
    { name: 'GET dashboard/products/quote', method: 'GET', url: () => `${P}/quote/?store=${ids.demo}&sku=FT-001&price=2500`, expect: store },
    { name: 'POST dashboard/products/artwork (no file)', method: 'POST', url: () => `${P}/artwork/?store=${ids.demo}`, expect: storeThen422 },
    {
      name: 'POST dashboard/products (unknown base product)',
      method: 'POST',
      url: () => `${P}/?store=${ids.demo}`,
      body: () => ({ baseSku: 'NO-SUCH-SKU', artworkId: 1, areas: { front: { scale: 80, offsetY: 0 } }, colours: ['Black'], sizes: ['M'], name: 'Matrix', price: 2000 }),
      expect: storeThen422,
    },
    {
      name: 'POST dashboard/products/{id}/approval',
      method: 'POST',
      url: () => `${P}/${seedProduct}/approval/`,
      before: async () => {
        seedProduct ||= (await q<{ id: number }>(`select id from products where division_id = $1 order by id limit 1`, [ids.demo]))[0]!.id;
      },
      body: () => ({ status: 'approved' }),
      expect: staffOnly,
    },
  ];
}

/** Running the business (issue #16): staff lists and the owner's customers. */
function businessRows(): Row[] {
  const D = `${API}/dashboard`;
  const store: Record<Role, number> = { anonymous: 401, shopper: 403, owner: 200, otherOwner: 403, staff: 200 };
  const owners = async () => (await q<{ id: number }>(`select user_id as id from store_members where division_id = $1 and role = 'owner' order by user_id limit 1`, [ids.demo]))[0]!.id;
  let member = 0;
  let project = 0;
  let collection = 0;
  return [
    { name: 'GET dashboard/stores', method: 'GET', url: () => `${D}/stores/?search=demo`, expect: staffOnly },
    { name: 'GET dashboard/collections', method: 'GET', url: () => `${D}/collections/?store=${ids.demo}`, expect: store },
    {
      name: 'POST dashboard/collections',
      method: 'POST',
      url: () => `${D}/collections/?store=${ids.demo}`,
      body: () => ({ name: `Matrix collection ${++n}` }),
      expect: { ...store, owner: 201, staff: 201 },
    },
    {
      name: 'GET dashboard/collections/{id}',
      method: 'GET',
      url: () => `${D}/collections/${collection}/?store=${ids.demo}`,
      before: async () => {
        collection ||= (await q<{ id: number }>(`select id from collections where division_id = $1 order by id limit 1`, [ids.demo]))[0]!.id;
      },
      expect: store,
    },
    { name: 'PATCH dashboard/collections/{id}', method: 'PATCH', url: () => `${D}/collections/${collection}/?store=${ids.demo}`, body: () => ({ description: 'Matrix' }), expect: store },
    { name: 'GET dashboard/projects', method: 'GET', url: () => `${D}/projects/?search=fern`, expect: staffOnly },
    {
      name: 'PATCH dashboard/projects/{id}',
      method: 'PATCH',
      url: () => `${D}/projects/${project}/`,
      before: async () => {
        project ||= (await q<{ id: number }>(`select project_id as id from divisions where id = $1`, [ids.demo]))[0]!.id;
      },
      body: () => ({ betas: ['matrix'] }),
      expect: staffOnly,
    },
    { name: 'GET dashboard/customers (a store)', method: 'GET', url: () => `${D}/customers/?store=${ids.demo}&search=a`, expect: store },
    { name: 'GET dashboard/customers (everyone)', method: 'GET', url: () => `${D}/customers/`, expect: staffOnly },
    {
      name: 'PATCH dashboard/customers/{id}',
      method: 'PATCH',
      url: () => `${D}/customers/${member}/?store=${ids.demo}`,
      before: async () => {
        member ||= await owners();
      },
      body: () => ({ notes: 'matrix', tags: [{ type: 'services', name: 'Matrix' }] }),
      expect: store,
    },
  ];
}

const ROWS: Row[] = [
  { name: 'GET secure/get', method: 'GET', url: () => `${API}/dashboard/secure/get/`, expect: signedIn(200) },
  {
    name: 'POST shop/customer/create',
    method: 'POST',
    url: () => `${API}/shop/customer/create/`,
    body: () => ({ email: `matrix${++n}@example.com`, password: 'a fine password' }),
    expect: all(201),
  },
  { name: 'POST shop/customer/verify (bad token)', method: 'POST', url: () => `${API}/shop/customer/verify/`, body: () => ({ token: 'not-a-token' }), expect: all(422) },
  { name: 'POST shop/customer/verify/resend', method: 'POST', url: () => `${API}/shop/customer/verify/resend/`, expect: signedIn(200) },
  {
    name: 'POST secure/eula',
    method: 'POST',
    url: () => `${API}/dashboard/secure/eula/`,
    body: () => ({ accept: true }),
    expect: signedIn(200),
    after: async () => void (await q('update users set eula_signed_at = null where email = $1', [SHOPPER.email])),
  },
  { name: 'POST secure/login', method: 'POST', url: () => `${API}/dashboard/secure/login/`, body: (role) => (role === 'anonymous' ? SHOPPER : credentials[role]), expect: all(200) },
  {
    name: 'POST secure/recovery-login (2FA off)',
    method: 'POST',
    url: () => `${API}/dashboard/secure/recovery-login/`,
    body: (role) => ({ ...(role === 'anonymous' ? SHOPPER : credentials[role]), recoveryCode: 'AAAAAAAA-BBBBBBBB' }),
    expect: all(422),
  },
  { name: 'POST secure/logout', method: 'POST', url: () => `${API}/dashboard/secure/logout/`, expect: all(200) },
  { name: 'POST secure/request-reset', method: 'POST', url: () => `${API}/dashboard/secure/request-reset/`, body: () => ({ email: `unknown${++n}@example.com` }), expect: all(200) },
  { name: 'POST secure/sign-in-link', method: 'POST', url: () => `${API}/dashboard/secure/sign-in-link/`, body: () => ({ email: `unknown${++n}@example.com` }), expect: all(200) },
  { name: 'POST secure/link-login (bad token)', method: 'POST', url: () => `${API}/dashboard/secure/link-login/`, body: () => ({ token: 'nope' }), expect: all(422) },
  {
    name: 'POST secure/reset-password (bad token)',
    method: 'POST',
    url: () => `${API}/dashboard/secure/reset-password/`,
    body: () => ({ token: 'nope', password: 'a fine password', password_confirmation: 'a fine password' }),
    expect: all(422),
  },
  { name: 'POST secure/confirm-password', method: 'POST', url: () => `${API}/dashboard/secure/confirm-password/`, body: (role) => ({ password: ownPassword(role) }), expect: signedIn(200) },
  {
    name: 'POST secure/change-password',
    method: 'POST',
    url: () => `${API}/dashboard/secure/change-password/`,
    body: (role) => ({ currentPassword: ownPassword(role), password: ownPassword(role), password_confirmation: ownPassword(role) }),
    expect: signedIn(200),
  },
  { name: 'POST secure/2fa/setup', method: 'POST', url: () => `${API}/dashboard/secure/2fa/setup/`, expect: signedIn(200) },
  { name: 'POST secure/2fa/enable (wrong code)', method: 'POST', url: () => `${API}/dashboard/secure/2fa/enable/`, body: () => ({ code: '000000' }), expect: signedIn(422) },
  { name: 'POST secure/2fa/disable', method: 'POST', url: () => `${API}/dashboard/secure/2fa/disable/`, expect: signedIn(200) },
  { name: 'POST secure/2fa/recovery-codes (2FA off)', method: 'POST', url: () => `${API}/dashboard/secure/2fa/recovery-codes/`, expect: signedIn(422) },
  {
    name: 'POST atlas/users/{id}/mute',
    method: 'POST',
    url: () => `${API}/atlas/users/${ids.shopper}/mute/`,
    expect: { anonymous: 403, shopper: 403, owner: 403, otherOwner: 403, staff: 200 },
    after: async () => void (await q('update users set muted_at = null')),
  },
  { name: 'POST atlas/users/{id}/unmute', method: 'POST', url: () => `${API}/atlas/users/${ids.shopper}/unmute/`, expect: { anonymous: 403, shopper: 403, owner: 403, otherOwner: 403, staff: 200 } },
  { name: 'POST atlas/permissions/request/{permissions}', method: 'POST', url: () => `${API}/atlas/permissions/request/pages.publish/`, body: () => ({ reason: 'launch' }), expect: signedIn(201) },
  { name: 'GET atlas/permissions/requests', method: 'GET', url: () => `${API}/atlas/permissions/requests/`, expect: staffOnly },
  {
    name: 'POST atlas/permissions/requests/{id}/approve',
    method: 'POST',
    url: () => `${API}/atlas/permissions/requests/${pendingRequest}/approve/`,
    before: async () => {
      pendingRequest = (await q<{ id: number }>(`insert into permission_requests (user_id, permissions, reason) values ($1, '["x"]', 'r') returning id`, [ids.shopper]))[0]!.id;
    },
    expect: staffOnly,
  },
  {
    name: 'POST atlas/permissions/requests/{id}/deny',
    method: 'POST',
    url: () => `${API}/atlas/permissions/requests/${pendingRequest}/deny/`,
    before: async () => {
      pendingRequest = (await q<{ id: number }>(`insert into permission_requests (user_id, permissions, reason) values ($1, '["x"]', 'r') returning id`, [ids.shopper]))[0]!.id;
    },
    expect: staffOnly,
  },
  { name: 'GET atlas/outbox', method: 'GET', url: () => `${API}/atlas/outbox/`, expect: staffOnly },
  { name: 'GET atlas/users', method: 'GET', url: () => `${API}/atlas/users/?search=shopper&page=1`, expect: staffOnly },
  ...floorRows(),
  {
    name: 'GET divisions/{id}/pages/{unpublished}',
    method: 'GET',
    url: () => `${API}/divisions/${ids.demo}/pages/${ids.draft}/`,
    // §6 hides unpublished pages from shoppers; the store's own editors read them to edit them (the builder).
    expect: { anonymous: 404, shopper: 404, owner: 200, otherOwner: 404, staff: 200 },
  },
  {
    name: 'GET divisions/{id}/pages/{loginState logged-in}',
    method: 'GET',
    url: () => `${API}/divisions/${ids.demo}/pages/${ids.members}/`,
    expect: { anonymous: 404, shopper: 200, owner: 200, otherOwner: 200, staff: 200 },
  },
  {
    name: 'GET divisions/{id}/pages/{loginState dashboard-access}',
    method: 'GET',
    url: () => `${API}/divisions/${ids.demo}/pages/${ids.owners}/`,
    expect: { anonymous: 404, shopper: 404, owner: 200, otherOwner: 200, staff: 200 },
  },
  { name: 'GET divisions/{id}/blog/posts', method: 'GET', url: () => `${API}/divisions/${ids.demo}/blog/posts/`, expect: { anonymous: 401, shopper: 403, owner: 200, otherOwner: 403, staff: 200 } },
  {
    name: 'POST divisions/{id}/blog/posts',
    method: 'POST',
    url: () => `${API}/divisions/${ids.demo}/blog/posts/`,
    body: () => ({ title: `Matrix post ${++n}`, author: 'Matrix' }),
    expect: { anonymous: 401, shopper: 403, owner: 201, otherOwner: 403, staff: 201 },
  },
  {
    name: 'PUT divisions/{id}/blog/posts/{post}',
    method: 'PUT',
    url: () => `${API}/divisions/${ids.demo}/blog/posts/${ids.post}/`,
    body: () => ({ title: `Matrix settings ${++n}`, author: 'Matrix', tags: ['matrix'], publishedAt: '2026-01-02T10:00:00.000Z' }),
    expect: { anonymous: 401, shopper: 403, owner: 200, otherOwner: 403, staff: 200 },
  },
  {
    name: 'PUT divisions/{id}/blog/posts/{unknown post}',
    method: 'PUT',
    url: () => `${API}/divisions/${ids.demo}/blog/posts/2147483647/`,
    body: () => ({ title: 'Nobody', author: 'Matrix', publishedAt: '2026-01-02T10:00:00.000Z' }),
    expect: { anonymous: 401, shopper: 403, owner: 404, otherOwner: 403, staff: 404 },
  },
  // The studio: shoppers' routes are open like the basket; a print file only for staff.
  { name: 'GET studio/garments', method: 'GET', url: () => `${API}/studio/garments/`, expect: all(200) },
  { name: 'POST studio/uploads (no file)', method: 'POST', url: () => `${API}/studio/uploads/`, expect: all(422) },
  { name: 'POST studio/designs (empty design)', method: 'POST', url: () => `${API}/studio/designs/`, body: () => ({ garmentId: 1, colour: 'Black', size: 'M', design: { sides: {} } }), expect: all(422) },
  { name: 'GET studio/designs/{uuid} (unknown)', method: 'GET', url: () => `${API}/studio/designs/00000000-0000-0000-0000-000000000000/`, expect: all(404) },
  { name: 'GET /media/studio/{uuid}/{area} (unknown)', method: 'GET', url: () => '/media/studio/00000000-0000-0000-0000-000000000000/front.png', expect: all(404) },
  { name: 'GET /media/studio-garment/{garment}/{colour}', method: 'GET', url: () => '/media/studio-garment/tshirt/2f5d3a.svg', expect: all(200) },
  {
    name: 'GET atlas/print-files/{id} (none rendered)',
    method: 'GET',
    url: () => `${API}/atlas/print-files/2147483647/`,
    expect: { anonymous: 401, shopper: 403, owner: 403, otherOwner: 403, staff: 404 },
  },
  {
    name: 'requireStoreAccess(demo store)',
    method: 'GET',
    url: () => `${API}/test/stores/${ids.demo}/`,
    expect: { anonymous: 401, shopper: 403, owner: 200, otherOwner: 403, staff: 200 },
  },
];

/** A visitor's open chat for the live-chat rows: only its shopper (by visitor cookie) and staff may see or move it. */
const chat = { id: 0 };
async function visitorChat(): Promise<void> {
  if (chat.id) return;
  chat.id = (await q<{ id: number }>(`insert into live_chats (division_id, visitor_hash, group_id) values ($1, 'matrix-visitor', 3) returning id`, [ids.demo]))[0]!.id;
}
/** A notification of the shopper's, dismissed by a cell and restored after it. */
const note = { id: 0 };
async function shopperNotification(): Promise<void> {
  if (!note.id) note.id = (await q<{ id: number }>(`insert into notifications (recipient_id, title) values ($1, 'Matrix') returning id`, [ids.shopper]))[0]!.id;
  await q(`update notifications set deleted_at = null where id = $1`, [note.id]);
}
ROWS.push(
  { name: 'POST notifications/dashboard/mark-as-deleted/{id} (the shopper\'s)', method: 'POST', before: shopperNotification, url: () => `${API}/notifications/dashboard/mark-as-deleted/${note.id}/`, expect: { anonymous: 401, shopper: 200, owner: 404, otherOwner: 404, staff: 404 } },
  {
    name: 'POST notifications/send (the builder, to the demo store\'s customers)',
    method: 'POST',
    url: () => `${API}/notifications/send/?store=${ids.demo}`,
    body: () => ({ audience: 'customers', title: 'Matrix', position: 'top-right', template: 'Simple' }),
    expect: { anonymous: 401, shopper: 403, owner: 201, otherOwner: 403, staff: 201 },
    after: async () => void (await q(`delete from notifications where title = 'Matrix' and data ? 'storeId'`)),
  },
  {
    name: 'POST notifications/subscriptions',
    method: 'POST',
    url: () => `${API}/notifications/subscriptions/`,
    body: (role) => ({ subscription: { endpoint: `https://push.example/${role}`, keys: { p256dh: 'key', auth: 'auth' } } }),
    expect: { anonymous: 401, shopper: 201, owner: 201, otherOwner: 201, staff: 201 },
  },
  // The socket handshake needs a ticket from the token call, whoever is signed in (server/api/liveChat/liveChat.test.ts proves the rest).
  { name: 'GET live-chat/socket without a ticket', method: 'GET', url: () => `${API}/live-chat/socket`, expect: all(401) },
  { name: 'GET live-chat/chat/{id}/group', method: 'GET', before: visitorChat, url: () => `${API}/live-chat/chat/${chat.id}/group`, expect: { anonymous: 401, shopper: 403, owner: 403, otherOwner: 403, staff: 200 } },
  {
    name: 'POST live-chat/chat/{id}/transfer',
    method: 'POST',
    before: visitorChat,
    url: () => `${API}/live-chat/chat/${chat.id}/transfer`,
    body: () => ({ group_id: 2 }),
    expect: { anonymous: 401, shopper: 403, owner: 403, otherOwner: 403, staff: 200 },
  },
);

describe('authorisation matrix', () => {
  for (const row of ROWS) {
    it(row.name, async () => {
      const got: Record<string, number> = {};
      for (const role of ROLES) {
        await row.before?.();
        const c = await as(role);
        const response = await c.request(row.method, row.url(), row.body?.(role));
        got[role] = response.statusCode;
        if (response.statusCode === 403 && row.name.includes('atlas')) expect(response.json()).toEqual({ message: 'Permission denied' });
        if (response.statusCode === 401) expect(response.json()).toEqual({ message: 'Unauthenticated.' });
        if (response.statusCode === 404 && row.name.includes('pages')) expect(response.json()).toEqual({ message: 'Page not found' });
        await row.after?.();
      }
      expect(got).toEqual(row.expect);
    });
  }

  it('answers 403 from the store guard with the §8 wording and the dashboard steps with their redirects', async () => {
    const other = await as('otherOwner');
    expect((await other.get(`${API}/test/stores/${ids.demo}/`)).json()).toEqual({ message: 'Permission denied' });
    const shopper = await as('shopper');
    expect((await shopper.get(`${API}/test/stores/${ids.demo}/`)).json()).toEqual({ message: 'Please accept the terms to continue.', redirect: '/sign-up/eula/' });
  });
});

/**
 * Every other registered route, by who may reach it. A probe sends an empty body: the status shows only whether
 * authorisation let the call through (anything but 401/403) or stopped it (401 for nobody signed in, 403 for a
 * signed-in user without the right). A route that is in neither ROWS nor ACCESS fails the test by name.
 */
type Access = 'public' | 'signedIn' | 'staff' | 'store';
const ACCESS: Record<string, Access> = {
  'GET /omnis/v3/frontend/getStoreCoreData/json/': 'public',
  'GET /omnis/v3/frontend/:division/getStoreCoreData/json/': 'public',
  'GET /omnis/v3/divisions/:divisionId/pages': 'store',
  'GET /omnis/v3/divisions/:divisionId/pages/': 'store',
  'POST /omnis/v3/divisions/:divisionId/pages/': 'store',
  'PATCH /omnis/v3/divisions/:divisionId/pages/:pageId/': 'store',
  'DELETE /omnis/v3/divisions/:divisionId/pages/:pageId/': 'store',
  'GET /omnis/v3/divisions/:divisionId/pages/:pageId/email/': 'store',
  'GET /omnis/v3/divisions/:divisionId/pages/:pageId/revisions/': 'store',
  'GET /omnis/v3/divisions/:divisionId/pages/:pageId/revisions/:version/': 'store',
  'POST /omnis/v3/divisions/:divisionId/pages/:pageId/revisions/:version/restore/': 'store',
  'GET /omnis/v3/divisions/:divisionId/pages/:pageId/schedules/': 'store',
  'POST /omnis/v3/divisions/:divisionId/pages/:pageId/schedules/': 'store',
  'DELETE /omnis/v3/divisions/:divisionId/pages/:pageId/schedules/:scheduleId/': 'store',
  'GET /omnis/v3/division/:divisionId/products/': 'public',
  'GET /omnis/v3/division/:divisionId/products/:urlName/': 'public',
  'GET /omnis/v3/division/:divisionId/creators/:urlName/': 'public',
  'GET /omnis/v3/collections/get/:divisionId/': 'public',
  'POST /omnis/v3/products/fetch/': 'public',
  'GET /omnis/v3/products/fetch-base-product/': 'public',
  'GET /omnis/v3/blog/paginate/': 'public',
  'GET /omnis/v3/divisions/:divisionId/social/instagram/posts': 'public',
  'POST /omnis/v3/marketing/subscribe/': 'public',
  'GET /omnis/v3/marketing/subscribe/verify/:token/': 'public',
  'POST /omnis/v3/marketing/contact/': 'public',
  'POST /omnis/v3/frontend/retex/remill/submit/': 'public',
  'GET /media/mockup/:garment/:colour/:print': 'public',
  'GET /media/community/:scene/:garment/:colour/:print': 'public',
  'GET /media/set/:parts': 'public',
  'GET /media/scene/:scene': 'public',
  'GET /media/logo.svg': 'public',
  'GET /omnis/v3/divisions/:divisionId/media/': 'store',
  'GET /omnis/v3/divisions/:divisionId/media': 'store',
  'POST /omnis/v3/divisions/:divisionId/media/': 'store',
  'GET /media/uploads/:file': 'public',
  'GET /omnis/v3/themes/': 'public',
  'GET /omnis/v3/themes': 'public',
  'GET /omnis/v3/themes/:name/': 'public',
  'GET /omnis/v3/divisions/:divisionId/theme/': 'store',
  'GET /omnis/v3/divisions/:divisionId/theme': 'store',
  'PUT /omnis/v3/divisions/:divisionId/theme/': 'store',
  'GET /omnis/v3/divisions/:divisionId/shipping/': 'store',
  'PUT /omnis/v3/divisions/:divisionId/shipping/': 'store',
  'GET /omnis/v3/divisions/:divisionId/settings/': 'store',
  'POST /omnis/v3/divisions/:divisionId/settings/currencies/rates/': 'store',
  ...Object.fromEntries(SETTINGS_TABS.map((tab) => [`PATCH /omnis/v3/divisions/:divisionId/settings/${tab}/`, 'store' as const])),
  'GET /omnis/v3/divisions/:divisionId/setup/': 'store',
  'GET /omnis/v3/divisions/:divisionId/setup': 'store',
  'GET /robots.txt': 'public',
  'GET /sitemap.xml': 'public',
  'POST /omnis/v3/frontend/product/addItemToCart/': 'public',
  'POST /omnis/v3/frontend/product/bulkAddItemsToCart/': 'public',
  'POST /omnis/v3/basket/remove/': 'public',
  'POST /omnis/v3/basket/update/': 'public',
  'GET /omnis/v3/basket/main/list/': 'public',
  'GET /omnis/v3/basket/favourites/list/': 'public',
  'POST /omnis/v3/basket/favourites/recover/': 'public',
  'POST /omnis/v3/basket/favourites/email-for-later': 'public',
  'POST /omnis/v3/basket/favourites/email-for-later/': 'public',
  'GET /omnis/v3/search/': 'public',
  'GET /omnis/v3/checkout/config/': 'public',
  'POST /omnis/v3/checkout/quote/': 'public',
  'POST /omnis/v3/checkout/place/': 'public',
  'GET /omnis/v3/orders/:hash/': 'public',
  'POST /omnis/v3/orders/:hash/pay/': 'public',
  // Bespoke orders: the customer's quote is reached by its unguessable hash, as receipts are.
  'POST /omnis/v3/quotes/': 'public',
  'GET /omnis/v3/quotes/:hash/': 'public',
  'PUT /omnis/v3/quotes/:hash/': 'public',
  'POST /omnis/v3/quotes/:hash/artwork/': 'public',
  'GET /omnis/v3/quotes/:hash/files/:fileId/': 'public',
  'POST /omnis/v3/quotes/:hash/approve/': 'public',
  'POST /omnis/v3/quotes/:hash/changes/': 'public',
  'GET /omnis/v3/order-history/:customerHash/': 'public',
  'GET /omnis/v3/order-history/': 'signedIn',
  'GET /omnis/v3/returns/:orderHash/': 'public',
  'POST /omnis/v3/returns/find/': 'public',
  'POST /omnis/v3/returns/:orderHash/': 'public',
  'POST /omnis/v3/orders/:hash/paypal/capture/': 'public',
  'GET /omnis/v3/orders/:hash/edit/': 'public',
  'POST /omnis/v3/orders/:hash/edit/': 'public',
  'POST /omnis/v3/orders/:hash/address/': 'public',
  'POST /omnis/v3/orders/find/': 'public',
  'GET /omnis/v3/divisions/:divisionId/stats/summary/': 'store',
  'GET /omnis/v3/divisions/:divisionId/stats/series/': 'store',
  'GET /omnis/v3/divisions/:divisionId/stats/profit-per-month/': 'store',
  'GET /omnis/v3/divisions/:divisionId/stats/interactions/': 'store',
  'GET /omnis/v3/divisions/:divisionId/stats/onboarding/': 'store',
  'GET /omnis/v3/stats/profit-estimate/': 'public',
  'GET /omnis/v3/products/:urlName/price-breakdown/': 'public',
  'POST /omnis/v3/models/fetch/': 'public',
  'GET /fonts/:family/:file': 'public',
  'GET /fonts/*': 'public',
  'POST /omnis/v3/payments/stripe/webhook/': 'public',
  'POST /omnis/v3/events/logEvent/': 'public',
  'POST /event-collector/': 'public',
  'GET /omnis/v3/live-chat/token': 'public',
  'GET /omnis/v3/notifications/': 'signedIn',
  'POST /omnis/v3/notifications/opened/': 'signedIn',
  'GET /omnis/v3/notifications/vapid-key/': 'public',
  'GET /sw.js': 'public',
  'GET /omnis/v3/live-chat/group/:groupId/status': 'public',
  'POST /omnis/v3/split-tests/:divisionId/:code/discover/': 'public',
};

const allowedRoles: Record<Access, Role[]> = {
  public: ROLES,
  signedIn: ['shopper', 'owner', 'otherOwner', 'staff'],
  staff: ['staff'],
  store: ['owner', 'staff'],
};

/** A concrete address for a route pattern: the demo store for store parameters, harmless values for the rest. */
function concrete(url: string): string {
  const values: Record<string, string> = { groupId: '3', divisionId: String(ids.demo), division: String(ids.demo), pageId: String(ids.draft), id: String(ids.shopper), urlName: 'fern-organic-tee', version: '1', scheduleId: '1' };
  return url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? 'x').replace(/\*$/, 'x');
}

const patternOf = (url: string) => new RegExp(`^${url.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+').replace(/\*$/, '.*')}$`);

describe('every registered route has a row', () => {
  it('names each route that is in neither ROWS nor ACCESS', async () => {
    const covered = ROWS.map((row) => ({ method: row.method, path: row.url().split('?')[0]! }));
    const missing = registeredRoutes(t.app)
      .filter((r) => !r.url.startsWith(`${API}/test/`))
      .filter((r) => !ACCESS[`${r.method} ${r.url}`] && !covered.some((c) => c.method === r.method && patternOf(r.url).test(c.path)))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, `Routes without a row in server/auth/matrix.test.ts (add a Row to ROWS or an entry to ACCESS):\n${missing.join('\n')}`).toEqual([]);
  });

  it('lets only the allowed roles through each ACCESS route', async () => {
    const clients = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, await as(role)] as const))) as Record<Role, TestClient>;
    const wrong: string[] = [];
    for (const [route, access] of Object.entries(ACCESS)) {
      const [method, url] = route.split(' ') as [string, string];
      for (const role of ROLES) {
        const response = await clients[role].request(method as 'GET', concrete(url), method === 'GET' || method === 'DELETE' ? undefined : {});
        const stopped = response.statusCode === 401 || response.statusCode === 403;
        const expected = allowedRoles[access].includes(role) ? 'through' : role === 'anonymous' ? '401' : '403';
        const got = stopped ? String(response.statusCode) : 'through';
        if (got !== expected) wrong.push(`${route} as ${role}: expected ${expected}, got ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
