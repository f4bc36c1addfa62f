import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestContext, demoDivisionId } from '../../testing/testContext';
import type { AppContext } from '../../context';
import type { SearchResults } from '../../../src/core/search';
import type { ProductSummary } from '../../../src/core/catalogue';

let ctx: AppContext;
let app: FastifyInstance;
let close: () => Promise<void>;
let division: number;

beforeAll(async () => {
  ({ ctx, app, close } = await openTestContext());
  division = await demoDivisionId(ctx.db);
});
afterAll(async () => close?.());

const search = async (query: string) => {
  const res = await app.inject({ method: 'GET', url: `/omnis/v3/search/?${query}` });
  return { status: res.statusCode, body: res.json<SearchResults<ProductSummary>>() };
};

describe('GET /omnis/v3/search/', () => {
  it('ranks products by the §9 weights: a full-word name match outranks a description-only match', async () => {
    const { status, body } = await search(`q=fern&division=${division}`);
    expect(status).toBe(200);
    const names = body.products.map((p) => p.name);
    expect(names.slice(0, 2).sort()).toEqual(['Fern Organic Tee', 'Fern Tote Bag']);
    // Name full word (2×3) + description full word "fern" (2×1) = 8 for the tee.
    expect(body.products.find((p) => p.name === 'Fern Organic Tee')!.weight).toBe(8);
    expect(body.products.every((p) => p.weight > 0)).toBe(true);
    expect(body.products[0]).toMatchObject({ urlName: expect.any(String), price: expect.any(Number), colours: expect.any(Array) });
  });

  it('matches tags, partial words, collections and searchable pages; the host’s store without division', async () => {
    const tags = await search('q=winter');
    expect(tags.body.products.map((p) => p.name).sort()).toEqual(['Coastline Hoodie', 'Evergreen Hoodie']);
    expect(tags.body.products[0]!.weight).toBe(4); // tag full word 2×2
    const partial = await search('q=hood');
    expect(partial.body.products.map((p) => p.name)).toEqual(expect.arrayContaining(['Evergreen Hoodie', 'Coastline Hoodie']));
    expect(partial.body.collections.map((c) => c.urlName)).toContain('hoodies-and-sweatshirts');
    const pages = await search('q=story');
    expect(pages.body.pages.map((p) => p.url)).toEqual(expect.not.arrayContaining(['/404/']));
  });

  it('answers the §5.2 redirect case-insensitively, and nothing for an empty or unmatched query', async () => {
    const redirect = await search('q=HOODIES');
    expect(redirect.body.redirect).toEqual({ url: '/collection/hoodies-and-sweatshirts/', internal: true });
    const empty = await search('q=');
    expect(empty.body).toMatchObject({ products: [], collections: [], pages: [], redirect: null });
    const none = await search('q=zzzzqqq');
    expect(none.body.products).toEqual([]);
  });

  it('validates its query and store', async () => {
    expect((await search(`q=${'a'.repeat(201)}`)).status).toBe(422);
    expect((await search('q=fern&division=99999')).status).toBe(404);
    expect((await search('q=fern&division=%27%3B')).status).toBe(404);
  });
});
