import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext, demoDivisionId } from '../testing/testContext';
import { TestClient } from '../auth/testClient';
import { DEMO_ACCOUNTS } from '../db/seed/demoAccounts';

let t: Awaited<ReturnType<typeof openTestContext>>;
let demo = 0;
let aboutId = 0;
beforeAll(async () => {
  t = await openTestContext();
  demo = await demoDivisionId(t.ctx.db);
  aboutId = (await t.ctx.db.query<{ id: number }>(`select id from pages where division_id = $1 and url = '/about/'`, [demo])).rows[0]!.id;
}, 180_000);
afterAll(async () => t?.close());

const [OWNER, STAFF, SHOPPER] = DEMO_ACCOUNTS;
const setGate = (settings: Record<string, unknown>) =>
  t.ctx.db.query(`update subdomains set settings = settings || $2::jsonb where division_id = $1`, [demo, JSON.stringify(settings)]);
const reads = () => [
  `/omnis/v3/divisions/${demo}/pages/${aboutId}/`,
  `/omnis/v3/division/${demo}/products/`,
  `/omnis/v3/division/${demo}/products/fern-organic-tee/`,
  `/omnis/v3/collections/get/${demo}/`,
  `/omnis/v3/search/?q=tee&division=${demo}`,
  '/omnis/v3/basket/main/list/',
];

describe('§6 store visitors in the API', () => {
  it('a password-protected store serves pages, products, collections, search and the basket to its allowed users only', async () => {
    await setGate({ passwordProtected: true, comingSoonPageData: { enabled: false } });
    const anonymous = new TestClient(t.app, '198.19.0.1');
    const shopper = new TestClient(t.app, '198.19.0.2');
    await shopper.login(SHOPPER!.email, SHOPPER!.password);
    const owner = new TestClient(t.app, '198.19.0.3');
    await owner.login(OWNER!.email, OWNER!.password);
    const staff = new TestClient(t.app, '198.19.0.4');
    await staff.login(STAFF!.email, STAFF!.password);
    for (const url of reads()) {
      expect((await anonymous.get(url)).statusCode, url).toBe(403);
      expect((await anonymous.get(url)).json(), url).toEqual({ message: 'Permission denied' });
      expect((await shopper.get(url)).statusCode, url).toBe(403);
      expect((await owner.get(url)).statusCode, url).toBe(200);
      expect((await staff.get(url)).statusCode, url).toBe(200);
    }
    expect((await anonymous.post('/omnis/v3/frontend/product/addItemToCart/', { item: { productUrl: 'fern-organic-tee' }, name: 'main' })).statusCode).toBe(403);
    // The SPA still gets what it needs to show the sign-in screen.
    expect((await anonymous.get('/omnis/v3/frontend/getStoreCoreData/json/')).statusCode).toBe(200);

    await setGate({ passwordProtected: false, comingSoonPageData: { enabled: true } });
    for (const url of reads()) {
      expect((await anonymous.get(url)).statusCode, url).toBe(403);
      expect((await owner.get(url)).statusCode, url).toBe(200);
    }
    await setGate({ passwordProtected: false, comingSoonPageData: { enabled: false } });
    for (const url of reads()) expect((await anonymous.get(url)).statusCode, url).toBe(200);
  });

  it('lets in the allowed users the owner listed in the settings (and the core data names their accounts, not their addresses)', async () => {
    const owner = new TestClient(t.app, '198.19.0.10');
    await owner.login(OWNER!.email, OWNER!.password);
    const saved = await owner.patch(`/omnis/v3/divisions/${demo}/settings/access/`, { passwordProtected: true, allowedUsers: [SHOPPER!.email.toUpperCase()] });
    expect(saved.statusCode, saved.body).toBe(200);
    const shopper = new TestClient(t.app, '198.19.0.11');
    await shopper.login(SHOPPER!.email, SHOPPER!.password);
    for (const url of reads()) expect((await shopper.get(url)).statusCode, url).toBe(200);
    const core = (await new TestClient(t.app, '198.19.0.12').get('/omnis/v3/frontend/getStoreCoreData/json/')).json();
    const shopperId = (await t.ctx.db.query<{ id: number }>('select id from users where email = $1', [SHOPPER!.email])).rows[0]!.id;
    expect(core.state.subdomain.allowedUserIds).toEqual([shopperId]);
    expect(JSON.stringify(core)).not.toContain(SHOPPER!.email);
    await owner.patch(`/omnis/v3/divisions/${demo}/settings/access/`, { passwordProtected: false, allowedUsers: [] });
  });
});
