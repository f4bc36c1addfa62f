import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext, demoDivisionId } from '../../testing/testContext';
import { TestClient } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import type { Page, ProjectRow } from '../../../src/core/businessAdmin';
import { projectMessages } from './projects';

/** §3 Manufacturer/project: staff list projects and change their settings; nobody else may. */
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER, STAFF] = DEMO_ACCOUNTS;
let ip = 1;
const client = () => new TestClient(t.app, `198.51.100.${ip++}`);
const API = '/omnis/v3/dashboard/projects';
let staff: TestClient;
let project = 0;

beforeAll(async () => {
  t = await openTestContext();
  staff = client();
  await staff.login(STAFF.email, STAFF.password);
  project = (await t.ctx.db.query<{ id: number }>('select project_id as id from divisions where id = $1', [await demoDivisionId(t.ctx.db)])).rows[0]!.id;
}, 180_000);
afterAll(async () => t?.close());

describe('dashboard/projects', () => {
  it('lists projects with the §3 fields and their stores (currency GBP by default)', async () => {
    const page = (await staff.get(`${API}/?search=fern`)).json<Page<ProjectRow>>();
    const row = page.data.find((p) => p.id === project)!;
    expect(row).toMatchObject({ currency: 'GBP', isPro: false, force2fa: false, isVip: false, isFraud: false, paymentInterval: 'monthly', betas: [], badges: [] });
    expect(row.stores.length).toBeGreaterThan(0);
  });

  it('changes settings and filters by them', async () => {
    const res = await staff.patch(`${API}/${project}/`, { isPro: true, force2fa: true, currency: 'EUR', paymentInterval: 'weekly', integrationType: 'shopify', betas: ['bulk-studio'], isVip: true, isFraud: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().project).toMatchObject({ isPro: true, force2fa: true, currency: 'EUR', paymentInterval: 'weekly', integrationType: 'shopify', betas: ['bulk-studio'], isVip: true });
    const vip = (await staff.get(`${API}/?vip=true`)).json<Page<ProjectRow>>();
    expect(vip.data.map((p) => p.id)).toContain(project);
    expect((await staff.patch(`${API}/${project}/`, { integrationType: '' })).json().project.integrationType).toBeNull();
  });

  it('refuses bad input (400), an unknown project (404), owners (403) and anonymous callers (401)', async () => {
    const bad = await staff.patch(`${API}/${project}/`, { currency: 'XYZ' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors ?? {}).join()).toMatch(/currency/);
    expect((await staff.patch(`${API}/${project}/`, {})).statusCode).toBe(400);
    const missing = await staff.patch(`${API}/2147483647/`, { isVip: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(projectMessages.notFound);
    const owner = client();
    await owner.login(OWNER.email, OWNER.password);
    expect((await owner.patch(`${API}/${project}/`, { isPro: true })).statusCode).toBe(403);
    expect((await owner.get(`${API}/`)).statusCode).toBe(403);
    expect((await client().get(`${API}/`)).statusCode).toBe(401);
  });
});
