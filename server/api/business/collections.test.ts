import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext, demoDivisionId } from '../../testing/testContext';
import { TestClient, createStoreOwner } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { collectionMessages, type CollectionDetail } from '../../../src/core/businessAdmin';

/** The owner's collections: create, rename, set the products and their order; only in their own store. */
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER] = DEMO_ACCOUNTS;
const OTHER = { email: 'collections.other@example.com', password: 'other owner password' };
let ip = 1;
const client = () => new TestClient(t.app, `198.51.100.${ip++}`);
const API = '/omnis/v3/dashboard/collections';
let owner: TestClient;
let other: TestClient;
let demo = 0;
let otherStore = 0;

beforeAll(async () => {
  t = await openTestContext();
  otherStore = await createStoreOwner(client(), t.ctx.db, OTHER);
  demo = await demoDivisionId(t.ctx.db);
  owner = client();
  await owner.login(OWNER.email, OWNER.password);
  other = client();
  await other.login(OTHER.email, OTHER.password);
}, 180_000);
afterAll(async () => t?.close());

describe('dashboard/collections', () => {
  it('creates a collection, orders its products and keeps the order', async () => {
    const made = await owner.post(`${API}/?store=${demo}`, { name: '  Summer Tees! ', description: 'Sun' });
    expect(made.statusCode).toBe(201);
    const c = made.json<{ collection: CollectionDetail }>().collection;
    expect(c).toMatchObject({ name: 'Summer Tees!', urlName: 'summer-tees', products: 0, items: [] });
    const ids = (await t.ctx.db.query<{ id: number }>('select id from products where division_id = $1 order by id limit 3', [demo])).rows.map((r) => r.id);
    expect(ids).toHaveLength(3);
    const order = [ids[2]!, ids[0]!, ids[1]!];
    const res = await owner.patch(`${API}/${c.id}/?store=${demo}`, { productIds: order });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ collection: CollectionDetail }>().collection.items.map((i) => i.id)).toEqual(order);
    const again = (await owner.get(`${API}/${c.id}/?store=${demo}`)).json<{ collection: CollectionDetail }>().collection;
    expect(again.items.map((i) => i.id)).toEqual(order);
    const list = (await owner.get(`${API}/?store=${demo}`)).json<{ collections: { id: number; products: number }[] }>().collections;
    expect(list.find((x) => x.id === c.id)!.products).toBe(3);

    // The storefront lists the collection in the owner's order by default; other sorts still apply.
    const shop = async (sort = '') =>
      (await owner.get(`/omnis/v3/division/${demo}/products/?collection=${c.urlName}${sort}`)).json<{ data: { id: number }[] }>().data.map((p) => p.id);
    expect(await shop()).toEqual(order);
    const reordered = [ids[1]!, ids[2]!, ids[0]!];
    await owner.patch(`${API}/${c.id}/?store=${demo}`, { productIds: reordered });
    expect(await shop('&sort=bestsellerOrder')).toEqual(reordered);
    const byName = (await t.ctx.db.query<{ id: number }>('select id from products where id = any($1::int[]) order by lower(name), id', [ids])).rows.map((r) => r.id);
    expect(await shop('&sort=name')).toEqual(byName);
  });

  it('keeps a banner picture with its alt text, shows it on the storefront and takes it away again', async () => {
    const c = (await owner.post(`${API}/?store=${demo}`, { name: 'Bannered' })).json<{ collection: CollectionDetail }>().collection;
    expect(c.banner).toBeNull();
    const set = await owner.patch(`${API}/${c.id}/?store=${demo}`, { banner: { src: '/media/uploads/sea.webp', alt: ' The sea ' } });
    expect(set.statusCode).toBe(200);
    expect(set.json<{ collection: CollectionDetail }>().collection.banner).toEqual({ src: '/media/uploads/sea.webp', alt: 'The sea' });
    // Renaming leaves the banner alone.
    await owner.patch(`${API}/${c.id}/?store=${demo}`, { name: 'Bannered again' });
    const storefront = (await owner.get(`/omnis/v3/collections/get/${demo}/`)).json<{ data: { id: number; banner: { src: string; alt: string } | null }[] }>().data;
    expect(storefront.find((x) => x.id === c.id)!.banner).toMatchObject({ src: '/media/uploads/sea.webp', alt: 'The sea' });
    for (const src of ['javascript:alert(1)', '//attacker.example/x.png', 'http://plain.example/x.png', 'no slash']) {
      const bad = await owner.patch(`${API}/${c.id}/?store=${demo}`, { banner: { src } });
      expect(bad.statusCode, src).toBe(400);
    }
    const cleared = await owner.patch(`${API}/${c.id}/?store=${demo}`, { banner: null });
    expect(cleared.json<{ collection: CollectionDetail }>().collection.banner).toBeNull();
  });

  it('refuses a taken name, another store\'s products, bad input and other stores\' owners', async () => {
    const dup = await owner.post(`${API}/?store=${demo}`, { name: 'summer tees' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().message).toBe(collectionMessages.taken);
    const c = (await owner.post(`${API}/?store=${demo}`, { name: 'Winter' })).json<{ collection: CollectionDetail }>().collection;
    const theirs = (await other.post(`${API}/?store=${otherStore}`, { name: 'Theirs' })).json<{ collection: CollectionDetail }>().collection;
    const foreignProduct = (await t.ctx.db.query<{ id: number }>(`insert into products (uuid, division_id, sku, name, url_name, price) values (gen_random_uuid(), $1, 'OTH-1', 'Other tee', 'other-tee', 1000) returning id`, [otherStore])).rows[0]!.id;
    const foreign = await owner.patch(`${API}/${c.id}/?store=${demo}`, { productIds: [foreignProduct] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe(collectionMessages.foreignProduct);
    expect((await owner.patch(`${API}/${theirs.id}/?store=${demo}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await owner.post(`${API}/?store=${demo}`, { name: '   ' })).statusCode).toBe(400);
    expect((await owner.patch(`${API}/${c.id}/?store=${demo}`, {})).statusCode).toBe(400);
    expect((await other.get(`${API}/${c.id}/?store=${demo}`)).statusCode).toBe(403);
    expect((await client().get(`${API}/?store=${demo}`)).statusCode).toBe(401);
  });

  it("an editor of the store without the collections permission is refused until it is granted", async () => {
    const editor = { email: 'collections.editor@example.com', password: 'editor password here' };
    await createStoreOwner(client(), t.ctx.db, editor);
    const id = (await t.ctx.db.query<{ id: number }>('select id from users where email = $1', [editor.email])).rows[0]!.id;
    await t.ctx.db.query(`insert into store_members (division_id, user_id, role) values ($1, $2, 'editor')`, [demo, id]);
    const ed = client();
    await ed.login(editor.email, editor.password);
    const refused = await ed.get(`${API}/?store=${demo}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Permission denied');
    expect((await ed.post(`${API}/?store=${demo}`, { name: 'Not mine to make' })).statusCode).toBe(403);
    await t.ctx.db.query(`update store_members set permissions = '["collections"]' where division_id = $1 and user_id = $2`, [demo, id]);
    const granted = client();
    await granted.login(editor.email, editor.password);
    expect((await granted.get(`${API}/?store=${demo}`)).statusCode).toBe(200);
  });
});
