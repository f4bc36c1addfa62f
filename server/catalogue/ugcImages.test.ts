import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestContext, demoDivisionId } from '../testing/testContext';
import type { AppContext } from '../context';
import type { ProductDetail } from '../../src/core/catalogue';

let ctx: AppContext;
let app: FastifyInstance;
let close: () => Promise<void>;
let division: number;

beforeAll(async () => {
  ({ ctx, app, close } = await openTestContext());
  division = await demoDivisionId(ctx.db);
});
afterAll(async () => close?.());

const product = async (urlName: string) => (await app.inject({ url: `/omnis/v3/division/${division}/products/${urlName}/` })).json<ProductDetail>();

it("the §7 product carries its shoppers' photos (§3 ugcImages) in order, with alt text; others have none", async () => {
  const fern = await product('fern-organic-tee');
  expect(fern.ugcImages.map((i) => i.src)).toEqual([
    '/media/community/forest/tshirt/2f5d3a/fern.svg',
    '/media/community/coast/tshirt/f5f3ec/fern.svg',
    '/media/community/meadow/tshirt/d8c7a4/fern.svg',
    '/media/community/dusk/tshirt/1f1f1f/fern.svg',
  ]);
  expect(fern.ugcImages[0]).toEqual({ src: '/media/community/forest/tshirt/2f5d3a/fern.svg', alt: "Maya's Forest Green Fern Organic Tee drying on the line after a woodland walk", color: '#2f5d3a' });
  expect((await product('evergreen-hoodie')).ugcImages).toHaveLength(3);
  expect((await product('summit-tee')).ugcImages).toEqual([]);
  // Removing a product removes its photos.
  await ctx.db.query(`delete from products where url_name = 'fern-organic-tee'`);
  expect((await ctx.db.query('select count(*)::int as n from product_ugc_images')).rows[0]).toEqual({ n: 3 });
});

it('every seeded photo is served as an SVG picture; unknown scenes, garments, colours or prints are 404', async () => {
  const { rows } = await ctx.db.query<{ src: string }>('select src from product_ugc_images');
  expect(rows.length).toBeGreaterThan(0);
  for (const { src } of rows) {
    const res = await app.inject({ url: src });
    expect(res.statusCode, src).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toMatch(/^<svg [^>]*viewBox="0 0 600 600"/);
  }
  for (const bad of ['/media/community/moon/tshirt/2f5d3a/fern.svg', '/media/community/forest/sock/2f5d3a/fern.svg', '/media/community/forest/tshirt/zzzzzz/fern.svg', '/media/community/forest/tshirt/2f5d3a/skull.svg']) {
    expect((await app.inject({ url: bad })).statusCode, bad).toBe(404);
  }
});
