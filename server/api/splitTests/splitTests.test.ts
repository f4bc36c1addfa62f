import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../../testing/testContext';
import { TestClient, createStoreOwner } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { splitTestMessages, type SplitTestDefinition } from '../../../src/core/splitTests';
import type { StoreSettingsView } from '../../../src/core/storeSettings';
import type { StoreCoreData } from '../../../src/core/storeData';

/** §3/§4 split tests as store data: defined in settings, given to sessions on discovery, counted for the owner. */
let t: Awaited<ReturnType<typeof openTestContext>>;
let demo = 0;
let ip = 30;
const [OWNER] = DEMO_ACCOUNTS;
const OTHER = { email: 'split.other@example.com', password: 'other owner password' };
const client = () => new TestClient(t.app, `198.51.100.${ip++}`);
const core = async (c: TestClient) => (await c.get('/omnis/v3/frontend/getStoreCoreData/json/')).json<StoreCoreData>().state.splitTest;
const discover = (c: TestClient, code: string, division = demo) => c.post(`/omnis/v3/split-tests/${division}/${code}/discover/`);
const settingsUrl = (tab = '') => `/omnis/v3/divisions/${demo}/settings/${tab ? `${tab}/` : ''}`;

beforeAll(async () => {
  t = await openTestContext();
  demo = (await t.ctx.db.query<{ id: number }>(`select id from divisions where code = 'demo'`)).rows[0]!.id;
}, 300_000);
afterAll(async () => t?.close());

describe('split tests', () => {
  it('every store runs favourite_products until it saves its own; a session is given a variation once and keeps it', async () => {
    const visitor = client();
    expect(await core(visitor)).toEqual({
      favourite_products: { code: 'favourite_products', name: 'Favourites', variation: null, availableVariations: ['hide', 'show'], default: 'hide', discovered: false },
    });
    const first = await discover(visitor, 'favourite_products');
    expect(first.statusCode).toBe(200);
    const { variation, counted } = first.json<{ variation: string; counted: boolean }>();
    expect(['hide', 'show']).toContain(variation);
    expect(counted).toBe(true);
    expect(visitor.cookies.split_favourite_products).toBe(variation);
    expect((await core(visitor)).favourite_products).toMatchObject({ variation, discovered: true });
    // Discovered once per session: the same session is not counted again and keeps its variation.
    expect((await discover(visitor, 'favourite_products')).json()).toEqual({ code: 'favourite_products', variation, counted: false });
    const owner = client();
    await owner.login(OWNER.email, OWNER.password);
    const results = (await owner.get(settingsUrl())).json<StoreSettingsView>().splitTestResults;
    expect(Object.values(results.favourite_products ?? {}).reduce((n, v) => n + v, 0)).toBe(1);
    // Sessions spread over the variations.
    const given = new Set<string>();
    for (let i = 0; i < 24; i++) given.add((await discover(client(), 'favourite_products')).json<{ variation: string }>().variation);
    expect([...given].sort()).toEqual(['hide', 'show']);
  });

  it('the owner defines tests in settings: checked with plain messages, inactive ones are not offered, §8 for a missing one', async () => {
    const owner = client();
    await owner.login(OWNER.email, OWNER.password);
    const hero: SplitTestDefinition = { code: 'hero_banner', name: 'Hero banner', variations: ['photo', 'illustration'], defaultVariation: 'photo', active: true };
    const bad = await owner.patch(settingsUrl('splitTests'), {
      tests: [
        { ...hero, variations: ['photo'], defaultVariation: 'video' },
        { ...hero, code: 'Bad code!', name: '' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      'tests.0.variations': [splitTestMessages.twoVariations],
      'tests.0.defaultVariation': [splitTestMessages.defaultNotAVariation],
      'tests.1.name': ['This field is required'],
    });
    expect(bad.json().errors['tests.1.code']).toHaveLength(1);

    const saved = await owner.patch(settingsUrl('splitTests'), { tests: [hero, { code: 'favourite_products', name: 'Favourites', variations: ['hide', 'show'], defaultVariation: 'show', active: false }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<StoreSettingsView>().settings.splitTests.tests.map((x) => x.code)).toEqual(['hero_banner', 'favourite_products']);
    const visitor = client();
    expect(Object.keys(await core(visitor))).toEqual(['hero_banner']);
    const missing = await discover(visitor, 'favourite_products');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Split Test favourite_products doesn't exist or is no longer active.");
    expect(['photo', 'illustration']).toContain((await discover(visitor, 'hero_banner')).json<{ variation: string }>().variation);

    // Other stores' owners may not touch them; put the demo store back.
    const other = client();
    await createStoreOwner(other, t.ctx.db, OTHER);
    await other.login(OTHER.email, OTHER.password);
    expect((await other.patch(settingsUrl('splitTests'), { tests: [] })).statusCode).toBe(403);
    await t.ctx.db.query(`update subdomains set settings = settings - 'splitTests' where division_id = $1`, [demo]);
  });
});
