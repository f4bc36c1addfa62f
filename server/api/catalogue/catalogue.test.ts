import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDivisionId, pgliteSnapshot } from '../../testing/testContext';
import { inputMessages } from '../../http/inputGuard';
import type { FastifyInstance } from 'fastify';
import { boot } from '../../boot';
import { buildApp } from '../../app';
import type { AppContext } from '../../context';
import type { BlogPostSummary, CollectionSummary, CreatorProfile, Paginated, ProductDetail, ProductSummary, SocialPost } from '../../../src/core/catalogue';
import { BUNDLES, PRODUCTS } from '../../db/seed/demoCatalogue';
import { DEMO_POSTS } from '../../db/seed/demoBlog';
import { DEMO_CREATORS } from '../../db/seed/demoCreators';

let ctx: AppContext;
let app: FastifyInstance;
let division: number;
let csrf: { cookie: string; token: string };

beforeAll(async () => {
  ctx = await boot({ dataDir: null, snapshot: pgliteSnapshot() });
  app = await buildApp(ctx, { clientDir: null });
  division = await demoDivisionId(ctx.db);
  const first = await app.inject({ method: 'GET', url: '/omnis/v3/blog/paginate/' });
  const token = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  csrf = { cookie: `XSRF-TOKEN=${token}`, token };
});

afterAll(async () => {
  await app?.close();
  await ctx?.db.close();
});

const get = async <T>(url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
};

type ErrorBody = { message: string; errors?: Record<string, string[]> };
const enabledCount = PRODUCTS.length + BUNDLES.length;

describe('GET /omnis/v3/division/{divisionId}/products/', () => {
  it('lists best sellers first with the §7 fields, one entry per design', async () => {
    const { status, body } = await get<Paginated<ProductSummary>>(`/omnis/v3/division/${division}/products/?limit=4`);
    expect(status).toBe(200);
    expect(body.data.map((p) => p.urlName)).toEqual(PRODUCTS.slice(0, 4).map((p) => p.urlName));
    expect(body).toMatchObject({ page: 1, perPage: 4, total: enabledCount, lastPage: Math.ceil(enabledCount / 4) });
    const fern = body.data[0]!;
    expect(fern).toMatchObject({
      urlName: 'fern-organic-tee',
      name: 'Fern Organic Tee',
      price: 2500,
      salePrice: null,
      onSale: false,
      colour: 'Natural White',
      manufacturer: { name: 'Fern & Thread' },
      reviews: { count: 0, average: null },
    });
    expect(fern.image?.src).toBe('/media/mockup/tshirt/f5f3ec/fern.svg');
    expect(fern.colours.map((c) => c.text)).toEqual(['Natural White', 'Forest Green', 'Sand', 'Black']);
    expect(typeof fern.id).toBe('number');
    expect(fern.description).toContain('organic cotton');
  });

  it('filters by collection urlName and sorts by price, counting the sale price', async () => {
    const { body } = await get<Paginated<ProductSummary>>(`/omnis/v3/division/${division}/products/?collection=accessories&sort=price-low-high`);
    expect(body.data.map((p) => p.urlName)).toEqual(['starry-tote', 'market-tote', 'fern-tote']);
    expect(body.data[0]).toMatchObject({ price: 1600, salePrice: 1200, onSale: true });
    const high = await get<Paginated<ProductSummary>>(`/omnis/v3/division/${division}/products/?sort=price-high-low&limit=1`);
    expect(high.body.data[0]!.urlName).toBe('evergreen-hoodie');
    const named = await get<Paginated<ProductSummary>>(`/omnis/v3/division/${division}/products/?sort=name&limit=2`);
    expect(named.body.data.map((p) => p.name)).toEqual(['Coastline Hoodie', 'Evergreen Hoodie']);
  });

  it('sorts new-in by creation date, newest first', async () => {
    await ctx.db.query("update products set created_at = now() + interval '1 day' where url_name = 'ridge-sweatshirt'");
    const { body } = await get<Paginated<ProductSummary>>(`/omnis/v3/division/${division}/products/?sort=new-in&limit=1`);
    expect(body.data[0]!.urlName).toBe('ridge-sweatshirt');
  });

  it('keeps one entry per colour when removeDuplicates is off, and pages through them', async () => {
    const { body } = await get<Paginated<ProductSummary>>(`/omnis/v3/division/${division}/products/?collection=accessories&removeDuplicates=0&limit=4`);
    expect(body.total).toBe(6);
    expect(body.data.slice(0, 2).map((p) => [p.urlName, p.colour])).toEqual([
      ['market-tote', 'Natural White'],
      ['market-tote', 'Black'],
    ]);
    expect(body.data[1]!.image?.src).toBe('/media/mockup/tote/1f1f1f/sun.svg');
    const page2 = await get<Paginated<ProductSummary>>(`/omnis/v3/division/${division}/products/?collection=accessories&removeDuplicates=false&limit=4&page=2`);
    expect(page2.body.data).toHaveLength(2);
    const deduped = await get<Paginated<ProductSummary>>(`/omnis/v3/division/${division}/products/?collection=accessories&removeDuplicates=1`);
    expect(deduped.body.total).toBe(3);
  });

  it('leaves disabled products out', async () => {
    await ctx.db.query("update products set enabled = false where url_name = 'summit-tee'");
    try {
      const { body } = await get<Paginated<ProductSummary>>(`/omnis/v3/division/${division}/products/?limit=100`);
      expect(body.total).toBe(enabledCount - 1);
      expect(body.data.some((p) => p.urlName === 'summit-tee')).toBe(false);
      expect((await get(`/omnis/v3/division/${division}/products/summit-tee/`)).status).toBe(404);
    } finally {
      await ctx.db.query("update products set enabled = true where url_name = 'summit-tee'");
    }
  });

  it.each([
    ['limit=0', '/limit'],
    ['limit=101', '/limit'],
    ['limit=abc', '/limit'],
    ['sort=cheapest', '/sort'],
    ['collection=Not%20A%20Slug', '/collection'],
    ['page=0', '/page'],
    ['removeDuplicates=maybe', '/removeDuplicates'],
  ])('answers 422 with the field for %s', async (query, field) => {
    const { status, body } = await get<ErrorBody>(`/omnis/v3/division/${division}/products/?${query}`);
    expect(status).toBe(422);
    expect(body.message).toBe('The given data was invalid.');
    expect(Object.keys(body.errors ?? {})).toContain(field);
  });

  it.each(['999999', 'abc'])('answers 404 for the unknown division %s', async (id) => {
    const { status, body } = await get<ErrorBody>(`/omnis/v3/division/${id}/products/`);
    expect(status).toBe(404);
    expect(body.message).toBe('Store not found');
  });

  // Numbers no division id can be (negative, exponent, beyond the integer range) are bad input, not a lookup.
  it.each(['-1', '1e3', '99999999999999999999'])('answers 400 naming the field for the impossible division %s', async (id) => {
    const { status, body } = await get<ErrorBody>(`/omnis/v3/division/${id}/products/`);
    expect(status).toBe(400);
    expect(body.errors?.['/divisionId']).toEqual([inputMessages.badId]);
  });

  it('answers 404 for an unknown collection', async () => {
    const { status, body } = await get<ErrorBody>(`/omnis/v3/division/${division}/products/?collection=no-such-collection`);
    expect(status).toBe(404);
    expect(body.message).toBe('Collection not found');
  });
});

describe('GET /omnis/v3/division/{divisionId}/products/{urlName}/', () => {
  it('returns colours, sizes, stock per size and images', async () => {
    const { status, body } = await get<ProductDetail>(`/omnis/v3/division/${division}/products/evergreen-hoodie/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Evergreen Hoodie', urlName: 'evergreen-hoodie', price: 4800, defaultColour: 'Forest Green', printCount: 1, isBlank: false, isCustom: false });
    expect(body.colours).toEqual([
      { text: 'Forest Green', value: '#2f5d3a' },
      { text: 'Heather Grey', value: '#b7b9bc' },
      { text: 'Black', value: '#1f1f1f' },
    ]);
    expect(body.sizes.map((s) => s.value)).toEqual(['XS', 'S', 'M', 'L', 'XL', '2XL']);
    expect(body.collections).toEqual([{ name: 'Hoodies & Sweatshirts', urlName: 'hoodies-and-sweatshirts' }]);
    const green = body.options[0]!;
    expect(green.images[0]!.src).toBe('/media/mockup/hoodie/2f5d3a/leaf.svg');
    expect(green.sizes).toHaveLength(6);
    // demoStock(6, 0, s) = (42 + 3s) % 25
    expect(green.stock).toEqual({ XS: { quantity: 17 }, S: { quantity: 20 }, M: { quantity: 23 }, L: { quantity: 1 }, XL: { quantity: 4 }, '2XL': { quantity: 7 } });
    expect(body.images).toHaveLength(3);
  });

  it('also finds a product by numeric id', async () => {
    const list = await get<Paginated<ProductSummary>>(`/omnis/v3/division/${division}/products/?limit=1`);
    const { status, body } = await get<ProductDetail>(`/omnis/v3/division/${division}/products/${list.body.data[0]!.id}/`);
    expect(status).toBe(200);
    expect(body.urlName).toBe('fern-organic-tee');
  });

  it.each(['no-such-product', 'bad%20name', 'Fern-Organic-Tee-2', '..%2F..%2Fetc'])('answers 404 for %s', async (name) => {
    expect((await get(`/omnis/v3/division/${division}/products/${name}/`)).status).toBe(404);
  });

  it('answers 404 for a product of another store', async () => {
    expect((await get(`/omnis/v3/division/999/products/fern-organic-tee/`)).status).toBe(404);
  });
});

describe('GET /omnis/v3/division/{divisionId}/creators/{urlName}/', () => {
  it('returns the creator with their enabled products, best sellers first; products name their creator', async () => {
    const [ines] = DEMO_CREATORS;
    const { status, body } = await get<CreatorProfile>(`/omnis/v3/division/${division}/creators/${ines.urlName}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ urlName: 'ines-fern', name: 'Ines Fern', bio: ines.bio, avatar: null });
    const rank = (url: string) => PRODUCTS.findIndex((p) => p.urlName === url);
    expect(body.products.map((p) => p.urlName)).toEqual([...ines.products].sort((a, b) => rank(a) - rank(b)));
    const product = await get<ProductDetail>(`/omnis/v3/division/${division}/products/fern-organic-tee/`);
    expect(product.body.creator).toEqual({ name: 'Ines Fern', urlName: 'ines-fern' });
    const unsigned = await get<ProductDetail>(`/omnis/v3/division/${division}/products/sunrise-tee/`);
    expect(unsigned.body.creator).toBeNull();
  });

  it.each(['nobody', 'Ines-Fern', 'bad%20name'])('answers 404 with the message for %s', async (name) => {
    const res = await get<ErrorBody>(`/omnis/v3/division/${division}/creators/${name}/`);
    expect(res).toEqual({ status: 404, body: { message: 'Creator not found' } });
  });

  it('answers 404 for a creator of another store', async () => {
    expect((await get(`/omnis/v3/division/999/creators/ines-fern/`)).status).toBe(404);
  });
});

describe('GET /omnis/v3/collections/get/{divisionId}/', () => {
  it('lists collections in order with a banner thumbnail and product count', async () => {
    const { status, body } = await get<{ data: CollectionSummary[] }>(`/omnis/v3/collections/get/${division}/`);
    expect(status).toBe(200);
    expect(body.data.map((c) => [c.urlName, c.name, c.productCount])).toEqual([
      ['t-shirts', 'T-Shirts', 6],
      ['hoodies-and-sweatshirts', 'Hoodies & Sweatshirts', 4],
      ['accessories', 'Accessories', 3],
    ]);
    // No banner set: the best seller of the collection in its default colour stands in.
    expect(body.data[0]!.banner).toMatchObject({ src: '/media/mockup/tshirt/f5f3ec/fern.svg', thumbnails: { original: '/media/mockup/tshirt/f5f3ec/fern.svg' } });
  });

  it('prefers the collection banner when one is set', async () => {
    await ctx.db.query(`update collections set banner = $1 where division_id = $2 and url_name = 'accessories'`, [JSON.stringify({ src: '/media/scene/dusk.svg', alt: 'Dusk' }), division]);
    const { body } = await get<{ data: CollectionSummary[] }>(`/omnis/v3/collections/get/${division}/`);
    expect(body.data[2]!.banner).toMatchObject({ src: '/media/scene/dusk.svg', alt: 'Dusk' });
  });

  it('answers 404 for an unknown division', async () => {
    expect((await get('/omnis/v3/collections/get/424242/')).status).toBe(404);
  });
});

describe('POST /omnis/v3/products/fetch/', () => {
  const post = (payload: unknown, headers: Record<string, string> = { cookie: csrf.cookie, 'x-csrf-token': csrf.token }) =>
    app.inject({ method: 'POST', url: '/omnis/v3/products/fetch/', payload: payload as object, headers });

  it('returns the asked products in the asked order, skipping unknown ids', async () => {
    const { rows } = await ctx.db.query<{ id: number; url_name: string }>("select id, url_name from products where url_name in ('tidal-tee', 'market-tote')");
    const id = (name: string) => rows.find((r) => r.url_name === name)!.id;
    const res = await post({ product_ids: [id('market-tote'), 987654, id('tidal-tee')] });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { products: ProductSummary[] }).products.map((p) => p.urlName)).toEqual(['market-tote', 'tidal-tee']);
    const scoped = await post({ product_ids: [id('tidal-tee')], division: 999 });
    expect(scoped.statusCode).toBe(404);
  });

  it('answers 422 for bad ids and 403 without the CSRF token', async () => {
    const bad = await post({ product_ids: ['one'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys((bad.json() as ErrorBody).errors ?? {})[0]).toMatch(/^\/product_ids/);
    expect((await post({})).statusCode).toBe(422);
    expect((await post({ product_ids: Array.from({ length: 101 }, (_, i) => i + 1) })).statusCode).toBe(422);
    expect((await post({ product_ids: [1] }, {})).statusCode).toBe(403);
  });

  it('answers 400 for malformed JSON, never 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/omnis/v3/products/fetch/',
      payload: '{"product_ids": [1,',
      headers: { cookie: csrf.cookie, 'x-csrf-token': csrf.token, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /omnis/v3/products/fetch-base-product/', () => {
  const URL = '/omnis/v3/products/fetch-base-product/';
  const fetchProducts = async (id: number) =>
    (await app.inject({ method: 'POST', url: '/omnis/v3/products/fetch/', payload: { product_ids: [id] }, headers: { cookie: csrf.cookie, 'x-csrf-token': csrf.token } })).json() as {
      products: ProductSummary[];
    };

  it('finds the product by its sku, in the shape products/fetch returns', async () => {
    const { rows } = await ctx.db.query<{ id: number; sku: string }>("select id, sku from products where url_name = 'evergreen-hoodie'");
    const { status, body } = await get<{ product: ProductSummary }>(`${URL}?sku=${encodeURIComponent(rows[0]!.sku)}`);
    expect(status).toBe(200);
    expect(body.product).toEqual((await fetchProducts(rows[0]!.id)).products[0]);
    expect(body.product).toMatchObject({ urlName: 'evergreen-hoodie', name: 'Evergreen Hoodie', price: 4800 });
  });

  it('finds the product of a variant sku, with the store given or taken from the host', async () => {
    const { rows } = await ctx.db.query<{ sku: string }>(
      "select v.sku from product_variants v join products p on p.id = v.product_id where p.url_name = 'tidal-tee' order by v.id limit 1",
    );
    const byHost = await get<{ product: ProductSummary }>(`${URL}?sku=${encodeURIComponent(rows[0]!.sku)}`);
    expect(byHost.status).toBe(200);
    expect(byHost.body.product).toMatchObject({ urlName: 'tidal-tee', salePrice: 1900, onSale: true });
    const byDivision = await get<{ product: ProductSummary }>(`${URL}?sku=${encodeURIComponent(rows[0]!.sku)}&division=${division}`);
    expect(byDivision.body.product.urlName).toBe('tidal-tee');
  });

  it('answers 404 with a clear message for an unknown sku, a disabled product or another store’s product', async () => {
    const unknown = await get<ErrorBody>(`${URL}?sku=NO-SUCH-SKU`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No product with this SKU in this store');

    const other = (await ctx.db.query<{ id: number }>("insert into divisions (name, code) values ('Other', 'other-sku-store') returning id")).rows[0]!.id;
    await ctx.db.query(
      "insert into products (uuid, division_id, sku, name, url_name, price) values (gen_random_uuid(), $1, 'OTHER-SKU-1', 'Other Tee', 'other-tee', 2000)",
      [other],
    );
    expect((await get(`${URL}?sku=OTHER-SKU-1`)).status).toBe(404);
    expect((await get(`${URL}?sku=OTHER-SKU-1&division=${division}`)).status).toBe(404);
    const there = await get<{ product: ProductSummary }>(`${URL}?sku=OTHER-SKU-1&division=${other}`);
    expect(there.status).toBe(200);
    expect(there.body.product.urlName).toBe('other-tee');
    expect((await get<ErrorBody>(`${URL}?sku=OTHER-SKU-1&division=999999`)).body.message).toBe('Store not found');

    const { rows } = await ctx.db.query<{ sku: string }>("select sku from products where url_name = 'sunrise-tee'");
    await ctx.db.query("update products set enabled = false where url_name = 'sunrise-tee'");
    try {
      expect((await get(`${URL}?sku=${encodeURIComponent(rows[0]!.sku)}`)).status).toBe(404);
    } finally {
      await ctx.db.query("update products set enabled = true where url_name = 'sunrise-tee'");
    }
  });

  it.each([
    ['', '/sku'],
    ['?sku=', '/sku'],
    ['?sku=%20%20', '/sku'],
    [`?sku=${'A'.repeat(101)}`, '/sku'],
    ['?sku=FT-001&sku=FT-002', '/sku'],
    ['?sku=FT-001&division=abc', '/division'],
  ])('answers 400 naming the field for "%s", never 500', async (query, field) => {
    const { status, body } = await get<ErrorBody>(`${URL}${query}`);
    expect(status).toBe(400);
    expect(body.message).toBe('The given data was invalid.');
    expect(Object.keys(body.errors ?? {})).toContain(field);
  });
});

describe('GET /omnis/v3/blog/paginate/', () => {
  it('pages through published posts newest first, lite leaving the body out', async () => {
    const { status, body } = await get<Paginated<BlogPostSummary>>(`/omnis/v3/blog/paginate/?paginate=3&divisions=${division}&lite=1`);
    expect(status).toBe(200);
    expect(body.data.map((p) => p.url)).toEqual(DEMO_POSTS.slice(0, 3).map((p) => p.url));
    expect(body).toMatchObject({ total: 4, lastPage: 2, perPage: 3 });
    expect(body.data[0]!.metaImage?.banner).toBe('/media/scene/forest.svg');
    expect(body.data[0]!.title).toBe('Why we only print what you order');
    expect(body.data[0]).not.toHaveProperty('body');
    const full = await get<Paginated<BlogPostSummary>>(`/omnis/v3/blog/paginate/?paginate=3&page=2&divisions=${division}`);
    expect(full.body.data.map((p) => p.url)).toEqual(['send-it-back']);
    expect(full.body.data[0]!.body).toContain('returns label');
  });

  it('filters by tag and hides posts scheduled for later', async () => {
    await ctx.db.query(`insert into blog_posts (division_id, url, title, tags, published_at) values ($1, 'future', 'Future', '["care"]', now() + interval '7 days')`, [division]);
    const { body } = await get<Paginated<BlogPostSummary>>(`/omnis/v3/blog/paginate/?divisions=${division}&tag=care`);
    expect(body.data.map((p) => p.url)).toEqual(['caring-for-organic-cotton']);
  });

  it('uses the store of the host without divisions', async () => {
    const res = await app.inject({ method: 'GET', url: '/omnis/v3/blog/paginate/?paginate=1', headers: { host: 'localhost' } });
    expect((res.json() as Paginated<BlogPostSummary>).data[0]!.url).toBe('why-we-print-to-order');
  });

  it('answers 422 on bad input and 404 for unknown divisions', async () => {
    const bad = await get<ErrorBody>('/omnis/v3/blog/paginate/?paginate=500&divisions=1;drop');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).length).toBeGreaterThan(0);
    expect((await get('/omnis/v3/blog/paginate/?divisions=31337')).status).toBe(404);
  });
});

describe('GET /omnis/v3/divisions/{divisionId}/social/instagram/posts', () => {
  it('serves 20 of the store’s product photos by default, each linking to its product', async () => {
    const { status, body } = await get<{ media: SocialPost[] }>(`/omnis/v3/divisions/${division}/social/instagram/posts`);
    expect(status).toBe(200);
    expect(body.media).toHaveLength(20);
    expect(body.media[0]).toMatchObject({
      mediaType: 'IMAGE',
      mediaUrl: '/media/mockup/tshirt/f5f3ec/fern.svg',
      caption: 'Fern Organic Tee in Natural White',
      permalink: '/product/fern-organic-tee/Natural%20White/',
    });
    expect((await get<{ media: SocialPost[] }>(`/omnis/v3/divisions/${division}/social/instagram/posts?limit=5`)).body.media).toHaveLength(5);
  });

  it('answers 422 for a bad limit and 404 for an unknown division', async () => {
    expect((await get(`/omnis/v3/divisions/${division}/social/instagram/posts?limit=51`)).status).toBe(422);
    expect((await get('/omnis/v3/divisions/0/social/instagram/posts')).status).toBe(404);
  });
});
