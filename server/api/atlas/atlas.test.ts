import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../../testing/testContext';
import { TestClient } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { USERS_PER_PAGE } from './atlas';

/** GET /omnis/v3/atlas/users/: the staff user list (search, pagination, fields). Access is in server/auth/matrix.test.ts. */
let t: Awaited<ReturnType<typeof openTestContext>>;
let staff: TestClient;
const [OWNER, STAFF, SHOPPER] = DEMO_ACCOUNTS;
const URL = '/omnis/v3/atlas/users/';

interface ListedUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  internal: boolean;
  verified: boolean;
  mutedAt: string | null;
  createdAt: string;
  stores: { divisionId: number; role: string; permissions: string[] }[];
}
const list = async (query = '') => {
  const res = await staff.get(`${URL}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: ListedUser[]; page: number; perPage: number; total: number; lastPage: number };
};

beforeAll(async () => {
  t = await openTestContext();
  // Enough extra users for a second page; one name holds LIKE wildcards.
  const values = Array.from({ length: 60 }, (_, i) => `('bulk${i}@example.com', 'x', 'Bulk', 'User ${i}')`).join(', ');
  await t.ctx.db.query(`insert into users (email, password_hash, first_name, last_name) values ${values}, ('percent@example.com', 'x', '100%', 'Under_score')`);
  staff = new TestClient(t.app, '192.0.2.41');
  await staff.login(STAFF.email, STAFF.password);
});
afterAll(async () => t?.close());

describe('GET atlas/users', () => {
  it('lists 50 users a page with the page facts', async () => {
    const first = await list();
    expect(first.perPage).toBe(USERS_PER_PAGE);
    expect(first.data).toHaveLength(50);
    expect(first.total).toBeGreaterThanOrEqual(64);
    expect(first.lastPage).toBe(Math.ceil(first.total / 50));
    const second = await list('?page=2');
    expect(second.page).toBe(2);
    expect(second.data.length).toBe(first.total - 50);
    expect(new Set([...first.data, ...second.data].map((u) => u.id)).size).toBe(first.total);
  });

  it('searches email and names case-insensitively and shows status and stores', async () => {
    const owner = (await list(`?search=${encodeURIComponent('FERNANDTHREAD')}`)).data;
    expect(owner.map((u) => u.email)).toEqual([OWNER.email]);
    expect(owner[0]).toMatchObject({ firstName: 'Fern', lastName: 'Owner', internal: false, verified: true, mutedAt: null, stores: [{ role: 'owner' }] });
    expect(owner[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await list('?search=sky')).data.map((u) => u.email)).toEqual([SHOPPER.email]);
    expect((await list(`?search=${encodeURIComponent('sam staff')}`)).data).toMatchObject([{ email: STAFF.email, internal: true }]);
  });

  it('treats LIKE wildcards in the search as text', async () => {
    expect((await list(`?search=${encodeURIComponent('%')}`)).data.map((u) => u.email)).toEqual(['percent@example.com']);
    expect((await list(`?search=${encodeURIComponent('_')}`)).data.map((u) => u.email)).toEqual(['percent@example.com']);
    expect((await list('?search=nobody-like-this')).data).toEqual([]);
  });

  it('shows mutedAt after a mute', async () => {
    const shopper = (await list('?search=shopper@pod')).data[0]!;
    const muted = await staff.post(`/omnis/v3/atlas/users/${shopper.id}/mute/`);
    expect(muted.statusCode).toBe(200);
    expect((await list('?search=shopper@pod')).data[0]!.mutedAt).toBe(muted.json().mutedAt);
    await staff.post(`/omnis/v3/atlas/users/${shopper.id}/unmute/`);
    expect((await list('?search=shopper@pod')).data[0]!.mutedAt).toBeNull();
  });

  it('refuses a bad page', async () => {
    expect((await staff.get(`${URL}?page=0`)).statusCode).toBe(422);
  });
});
