import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../testing/testContext';
import { TestClient, createStoreOwner } from './testClient';
import { DEMO_ACCOUNTS } from '../db/seed/demoAccounts';
import { requireStoreAccess } from './guards';

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
const ids = { demo: 0, otherStore: 0, shopper: 0, draft: 0, members: 0, owners: 0 };
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
});
afterAll(async () => t?.close());

async function as(role: Role): Promise<TestClient> {
  const c = new TestClient(t.app, `10.0.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);
  if (role !== 'anonymous') await c.login(credentials[role].email, credentials[role].password);
  return c;
}

interface Row {
  name: string;
  method: 'GET' | 'POST';
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
  {
    name: 'requireStoreAccess(demo store)',
    method: 'GET',
    url: () => `${API}/test/stores/${ids.demo}/`,
    expect: { anonymous: 401, shopper: 403, owner: 200, otherOwner: 403, staff: 200 },
  },
];

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
