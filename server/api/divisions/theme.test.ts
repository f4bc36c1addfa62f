import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext, demoDivisionId } from '../../testing/testContext';
import { TestClient, createStoreOwner } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { findStore } from '../../stores';
import { customThemeName, themeMessages, type NamedThemeSummary } from './theme';
import { resolveStoreTheme } from '../../themes';

/** Issue #7 item 6: named themes for the picker, the store's custom theme (overrides on a named theme). */
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER] = DEMO_ACCOUNTS;
const OTHER = { email: 'theme.other@example.com', password: 'other owner password' };
let demo = 0;
let owner: TestClient;
let other: TestClient;
let ip = 1;
const client = () => new TestClient(t.app, `198.51.100.${ip++}`);
const themeUrl = (division: number) => `/omnis/v3/divisions/${division}/theme/`;
/** TestClient has no PUT: the same request with its cookies and anti-forgery token. */
async function put(c: TestClient, url: string, payload: unknown) {
  if (!c.cookies['XSRF-TOKEN']) await c.get('/omnis/v3/frontend/getStoreCoreData/json/');
  return t.app.inject({ method: 'PUT', url, payload: payload as object, cookies: c.cookies, remoteAddress: c.ip, headers: { 'x-csrf-token': c.cookies['XSRF-TOKEN'] ?? '' } });
}
const store = async () => (await findStore(t.ctx.db, { division: String(demo) }))!;

beforeAll(async () => {
  t = await openTestContext();
  await createStoreOwner(client(), t.ctx.db, OTHER);
  demo = await demoDivisionId(t.ctx.db);
  owner = client();
  await owner.login(OWNER.email, OWNER.password);
  other = client();
  await other.login(OTHER.email, OTHER.password);
});
afterAll(async () => t?.close());

describe('GET /omnis/v3/themes/', () => {
  it('lists every named theme with deprecated flag, swatches and font of the resolved theme', async () => {
    const res = await client().get('/omnis/v3/themes/');
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: NamedThemeSummary[] }>().data;
    const names = data.map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['naked', 'punch', 'tropic', 'atlas', 'deepSpace']));
    expect(data.find((d) => d.name === 'deepSpace')!.deprecated).toBe(true);
    const naked = data.find((d) => d.name === 'naked')!;
    expect(naked.deprecated).toBe(false);
    expect(naked.swatches.primary).toBe(t.ctx.themes.resolve('naked').properties['primary.color']);
    expect(Object.values(naked.swatches).every((c) => /^#[0-9a-f]{3,8}$/i.test(c))).toBe(true);
  });

  it('GET /omnis/v3/themes/{name}/ gives the document chain root first; unknown names 404', async () => {
    const res = await client().get('/omnis/v3/themes/pro-dark/');
    expect(res.statusCode).toBe(200);
    const chain = res.json().chain as { name: string }[];
    expect(chain.at(-1)!.name).toBe('pro-dark');
    expect((await client().get('/omnis/v3/themes/nope/')).statusCode).toBe(404);
    expect((await client().get('/omnis/v3/themes/constructor/')).statusCode).toBe(404);
  });
});

describe('PUT /omnis/v3/divisions/{id}/theme/', () => {
  it('saves overrides as the store custom theme; resolveStoreTheme draws them on the chosen theme', async () => {
    const res = await put(owner, themeUrl(demo), { name: 'punch', properties: { 'primary.color': '#ff0000', 'button.radius': '#{border.radius}' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'punch', theme: customThemeName(demo), properties: { 'primary.color': '#ff0000' } });
    const row = (await t.ctx.db.query<{ parent: string; properties: Record<string, unknown> }>('select parent, properties from themes where division_id = $1', [demo])).rows;
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({ parent: 'punch', properties: { 'primary.color': '#ff0000' } });
    const s = await store();
    expect(s.subdomain.theme).toBe(customThemeName(demo));
    const theme = await resolveStoreTheme(t.ctx, s);
    expect(theme.properties['primary.color']).toBe('#ff0000');
    // Everything else comes from punch.
    expect(theme.properties['primary.font']).toBe(t.ctx.themes.resolve('punch').properties['primary.font']);
    expect(theme.variables['--primary-color']).toBeDefined();
    expect((await owner.get(themeUrl(demo))).json()).toMatchObject({ name: 'punch', properties: { 'primary.color': '#ff0000' } });
  });

  it('no overrides: the store uses the named theme itself and the custom row is removed', async () => {
    const res = await put(owner, themeUrl(demo), { name: 'tropic', properties: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'tropic', theme: 'tropic', properties: {} });
    expect((await t.ctx.db.query('select 1 from themes where division_id = $1', [demo])).rows).toHaveLength(0);
    const s = await store();
    expect(s.subdomain.theme).toBe('tropic');
    expect(await resolveStoreTheme(t.ctx, s)).toEqual(t.ctx.themes.resolve('tropic'));
  });

  it('422 for invalid values, unknown keys, unknown references and unknown or newly chosen deprecated themes', async () => {
    const bad = await put(owner, themeUrl(demo), { name: 'punch', properties: { 'primary.color': 'red', 'no.such.key': 1 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(themeMessages.invalid);
    expect(bad.json().errors['/properties/primary.color']).toEqual(['Must be a hex colour such as #1a2b3c']);
    expect(Object.keys(bad.json().errors)).toContain('/properties/no.such.key');
    const ref = await put(owner, themeUrl(demo), { name: 'punch', properties: { 'primary.color': '#{nope.key}' } });
    expect(ref.statusCode).toBe(422);
    expect((await put(owner, themeUrl(demo), { name: 'missing', properties: {} })).json().errors).toEqual({ '/name': [themeMessages.unknown('missing')] });
    expect((await put(owner, themeUrl(demo), { name: 'deepSpace', properties: {} })).json().errors).toEqual({ '/name': [themeMessages.deprecated('deepSpace')] });
    expect((await store()).subdomain.theme).toBe('tropic');
  });

  it('a store already on a deprecated theme may keep it', async () => {
    await t.ctx.db.query(`update subdomains set theme = 'deepSpace' where division_id = $1`, [demo]);
    const res = await put(owner, themeUrl(demo), { name: 'deepSpace', properties: { 'primary.color': '#123456' } });
    expect(res.statusCode).toBe(200);
    expect((await resolveStoreTheme(t.ctx, await store())).properties['primary.color']).toBe('#123456');
  });

  it('401 for visitors and 403 for the owner of another store', async () => {
    expect((await put(client(), themeUrl(demo), { name: 'punch', properties: {} })).statusCode).toBe(401);
    const denied = await put(other, themeUrl(demo), { name: 'punch', properties: {} });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Permission denied');
    expect((await other.get(themeUrl(demo))).statusCode).toBe(403);
  });
});
