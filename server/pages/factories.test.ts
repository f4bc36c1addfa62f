import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestContext, demoDivisionId } from '../testing/testContext';
import { TestClient } from '../auth/testClient';
import { DEMO_ACCOUNTS } from '../db/seed/demoAccounts';
import type { PageDocument } from '../../src/core/storeData';

let t: Awaited<ReturnType<typeof openTestContext>>;
let owner: TestClient;
let division = 0;
beforeAll(async () => {
  t = await openTestContext();
  division = await demoDivisionId(t.ctx.db);
  owner = new TestClient(t.app, '192.0.2.77');
  await owner.login(DEMO_ACCOUNTS[0]!.email, DEMO_ACCOUNTS[0]!.password);
});
afterAll(async () => t?.close());

it('the storefront gets factory containers filled from their source (§3 itemFactory); the builder gets the factory itself', async () => {
  const created = await owner.post(`/omnis/v3/divisions/${division}/pages/`, {
    url: '/factory-test/',
    properties: { title: 'Factory test' },
    blocks: [
      { uid: 'hoodies', type: 'grid', properties: { itemFactory: { source: 'products', limit: 3, params: { collection: 'hoodies-and-sweatshirts', sortBy: 'price-low-high' } } } },
      { uid: 'journal', type: 'row', properties: { itemFactory: { source: 'blog', limit: 2 } } },
      { uid: 'shops', type: 'carousel', properties: { itemFactory: { source: 'collections' } } },
      { uid: 'empty', type: 'row', properties: { itemFactory: {} }, items: [{ uid: 'kept', type: 'textBlock', properties: {} }] },
    ],
  });
  expect(created.statusCode).toBe(201);
  const id = created.json<PageDocument>().id;

  const raw = (await owner.get(`/omnis/v3/divisions/${division}/pages/${id}/`)).json<PageDocument>();
  expect(raw.blocks[0]!.items).toEqual([]);

  const shopper = new TestClient(t.app, '192.0.2.78');
  const page = (await shopper.get(`/omnis/v3/divisions/${division}/pages/${id}/?expand=factories`)).json<PageDocument>();
  const [hoodies, journal, shops, empty] = page.blocks;
  const prices = (await t.ctx.db.query<{ name: string }>(
    `select p.name from products p join product_collections pc on pc.product_id = p.id join collections c on c.id = pc.collection_id
     where c.url_name = 'hoodies-and-sweatshirts' order by case when p.sale_price < p.price then p.sale_price else p.price end, p.id limit 3`,
  )).rows.map((r) => r.name);
  expect(hoodies!.items.map((b) => b.properties.title)).toEqual(prices);
  expect(hoodies!.items[0]).toMatchObject({ uid: 'hoodies~0', type: 'pod', order: 0, size: { x: 3, y: 3 }, properties: { ratio: 'square', buttonText: 'View' } });
  expect(String(hoodies!.items[0]!.properties.href)).toMatch(/^\/product\/[a-z-]+\/$/);
  expect(journal!.items).toHaveLength(2);
  expect(journal!.items[0]!.type).toBe('card');
  expect(shops!.items.map((b) => b.properties.href)).toEqual(['/collection/t-shirts/', '/collection/hoodies-and-sweatshirts/', '/collection/accessories/']);
  // No source: §8 'Factory has no source' is logged and the container keeps its own items.
  expect(empty!.items.map((b) => b.uid)).toEqual(['kept']);
});
