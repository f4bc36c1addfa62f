import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext, demoDivisionId } from '../../testing/testContext';
import { TestClient, createStoreOwner } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { multipartFile } from '../../testing/multipart';
import { MIN_ARTWORK_PIXELS, artworkMessages } from '../../products/artwork';
import { createMessages } from '../../products/createProduct';
import { approvalMessages } from './dashboardProducts';
import type { ImportReport, ProductTable } from '../../../src/core/dashboardProducts';

/** The owner's products: artwork checks, products with generated mockups, the table, CSV round trip, approval. */
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER, STAFF] = DEMO_ACCOUNTS;
const OTHER = { email: 'products.other@example.com', password: 'other owner password' };
let demo = 0;
let owner: TestClient;
let staff: TestClient;
let other: TestClient;
let ip = 1;
const client = () => new TestClient(t.app, `198.51.100.${ip++}`);
const API = '/omnis/v3/dashboard/products';
const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.ctx.db.query<T>(sql, params)).rows;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 60, alpha: 1 } } }).png().toBuffer();
const upload = (c: TestClient, name: string, type: string, bytes: Buffer, store = demo) => {
  const { payload, headers } = multipartFile('file', name, type, bytes);
  return c.request('POST', `${API}/artwork/?store=${store}`, payload, headers);
};
const uploads = async () => (await q<{ n: number }>('select count(*)::int as n from media_uploads'))[0]!.n;

beforeAll(async () => {
  t = await openTestContext();
  await createStoreOwner(client(), t.ctx.db, OTHER);
  demo = await demoDivisionId(t.ctx.db);
  owner = client();
  await owner.login(OWNER.email, OWNER.password);
  staff = client();
  await staff.login(STAFF.email, STAFF.password);
  other = client();
  await other.login(OTHER.email, OTHER.password);
}, 180_000);
afterAll(async () => t?.close());

describe('POST dashboard/products/artwork/', () => {
  it('refuses a wrong type, a corrupt image, a low-resolution image and an oversized file, storing nothing', async () => {
    const before = await uploads();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const wrong = await upload(owner, 'art.gif', 'image/gif', gif);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Must upload the following formats: png, jpg, svg');
    const good = await png(2000, 2000);
    const corrupt = await upload(owner, 'art.png', 'image/png', good.subarray(0, Math.floor(good.length / 2)));
    expect(corrupt.statusCode).toBe(422);
    expect(corrupt.json().message).toBe(artworkMessages.corrupt);
    const small = await upload(owner, 'small.png', 'image/png', await png(800, 600));
    expect(small.statusCode).toBe(422);
    expect(small.json().message).toBe(`Low resolution for a 30 cm print: the artwork is 800 × 600 px and needs at least ${MIN_ARTWORK_PIXELS} px across (150 dpi)`);
    const huge = await upload(owner, 'huge.png', 'image/png', Buffer.concat([good, Buffer.alloc(21 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(422);
    expect(huge.json().message).toBe('Must be no larger than 20 MB');
    const script = await upload(owner, 'x.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(script.json().message).toBe(artworkMessages.unsafeSvg);
    expect(await uploads()).toBe(before);
  });

  it('stores a sharp PNG and an SVG (vector art has no resolution limit)', async () => {
    const res = await upload(owner, 'Fern Art.png', 'image/png', await png(MIN_ARTWORK_PIXELS, 1000));
    expect(res.statusCode).toBe(201);
    expect(res.json().artwork).toMatchObject({ width: MIN_ARTWORK_PIXELS, height: 1000, contentType: 'image/png' });
    const svg = await upload(owner, 'logo.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#c33"/></svg>'));
    expect(svg.statusCode).toBe(201);
  });

  it('refuses the owner of another store', async () => {
    expect((await upload(other, 'a.png', 'image/png', await png(2000, 2000))).statusCode).toBe(403);
  });
});

describe('products from artwork', () => {
  let productId = 0;
  it('makes a product from a base product: a mockup per colour, sizes with stock, pending approval', async () => {
    const base = (await q<{ sku: string }>(`select sku from products where division_id = $1 and url_name = 'fern-organic-tee'`, [demo]))[0]!.sku;
    const choice = await owner.get(`${API}/base/?store=${demo}&sku=${base}`);
    expect(choice.statusCode).toBe(200);
    expect(choice.json().base).toMatchObject({ type: 'tshirt', areas: ['front', 'back', 'left', 'right'] });
    const quote = await owner.get(`${API}/quote/?store=${demo}&sku=${base}&price=2800&prints=1`);
    expect(quote.json().quote).toEqual({ price: 2800, production: 750, print: 150, prints: 1, vat: 467, margin: 1433 });
    const art = (await upload(owner, 'Moth.png', 'image/png', await png(2000, 2000))).json().artwork;
    const collection = (await q<{ id: number }>(`select id from collections where division_id = $1 order by id limit 1`, [demo]))[0]!.id;
    const body = {
      baseSku: base, artworkId: art.id, areas: { front: { scale: 80, offsetY: 20 } }, colours: ['Natural White', 'Forest Green'], sizes: ['S', 'M'],
      stock: 7, name: 'Moth Tee', description: 'A moth.', price: 2800, salePrice: null, collections: [collection], metaTitle: 'Moth Tee', metaDescription: null, enabled: true,
    };
    const bad = await owner.post(`${API}/?store=${demo}`, { ...body, colours: ['Purple'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(createMessages.colour('Purple'));
    const res = await owner.post(`${API}/?store=${demo}`, body);
    expect(res.statusCode).toBe(201);
    productId = res.json().product.id;
    const images = await q<{ src: string }>('select src from product_images where product_id = $1 order by position', [productId]);
    expect(images).toHaveLength(2);
    const mockup = await owner.get(images[0]!.src);
    expect(mockup.statusCode).toBe(200);
    expect(mockup.headers['content-type']).toBe('image/webp');
    const meta = await sharp(mockup.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1000, 1000]);
    const variants = await q<{ stock: number }>('select stock from product_variants where product_id = $1', [productId]);
    expect(variants.map((v) => v.stock)).toEqual([7, 7, 7, 7]);
    const table = (await owner.get(`${API}/?store=${demo}&search=moth`)).json<ProductTable>();
    expect(table.data).toEqual([expect.objectContaining({ id: productId, approvalStatus: 'pending', stock: 28, colours: 2, enabled: true })]);
  });

  it('sorts, filters and pages on the server', async () => {
    const byPrice = (await owner.get(`${API}/?store=${demo}&sort=price&dir=asc&perPage=3`)).json<ProductTable>();
    expect(byPrice.data.map((p) => p.price)).toEqual([...byPrice.data.map((p) => p.price)].sort((a, b) => a - b));
    expect(byPrice.data).toHaveLength(3);
    expect(byPrice.lastPage).toBe(Math.ceil(byPrice.total / 3));
    const pending = (await owner.get(`${API}/?store=${demo}&approval=pending`)).json<ProductTable>();
    expect(pending.data.map((p) => p.id)).toEqual([productId]);
    expect((await owner.get(`${API}/?store=${demo}&sort=colour`)).statusCode).toBe(400);
  });

  it('bulk disables and enables', async () => {
    const res = await owner.post(`${API}/bulk/?store=${demo}`, { ids: [productId], enabled: false });
    expect(res.json()).toEqual({ changed: 1 });
    expect((await q<{ enabled: boolean }>('select enabled from products where id = $1', [productId]))[0]!.enabled).toBe(false);
    await owner.post(`${API}/bulk/?store=${demo}`, { ids: [productId], enabled: true });
  });

  it('re-importing an export changes nothing; edited rows update and bad rows are reported by line', async () => {
    const snapshot = async () => q('select id, name, url_name, price, sale_price, enabled, description, meta_title, meta_description from products where division_id = $1 order by id', [demo]);
    const before = await snapshot();
    const csv = (await owner.get(`${API}/export.csv?store=${demo}`)).body;
    expect(csv.split('\n')[0]).toBe('id,sku,name,url_name,price,sale_price,enabled,description,meta_title,meta_description');
    const same = (await owner.post(`${API}/import/?store=${demo}`, { csv })).json<ImportReport>();
    expect(same).toMatchObject({ updated: 0, errors: [] });
    expect(same.unchanged).toBe(same.rows);
    expect(await snapshot()).toEqual(before);
    const lines = csv.trim().split('\n');
    lines[1] = lines[1]!.replace(/,(\d+\.\d\d),/, ',abc,');
    lines[2] = lines[2]!.replace(/^(\d+),/, '999999,');
    const edited = (await owner.post(`${API}/import/?store=${demo}`, { csv: lines.join('\n') })).json<ImportReport>();
    expect(edited.errors).toEqual([
      { row: 2, message: 'price "abc" is not an amount like 25.00' },
      { row: 3, message: 'No product with id 999999 in this store' },
    ]);
  });

  it('staff approve or deny with a reason; denial takes the product off the store', async () => {
    expect((await owner.post(`${API}/${productId}/approval/`, { status: 'approved' })).statusCode).toBe(403);
    const noReason = await staff.post(`${API}/${productId}/approval/`, { status: 'denied' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().message).toBe(approvalMessages.reason);
    const denied = await staff.post(`${API}/${productId}/approval/`, { status: 'denied', reason: 'The artwork is not yours' });
    expect(denied.json().product).toEqual({ id: productId, approvalStatus: 'denied', denialReason: 'The artwork is not yours', enabled: false });
    expect((await owner.post(`${API}/bulk/?store=${demo}`, { ids: [productId], enabled: true })).json()).toEqual({ changed: 0 });
    const approved = await staff.post(`${API}/${productId}/approval/`, { status: 'approved' });
    expect(approved.json().product).toMatchObject({ approvalStatus: 'approved', denialReason: null });
  });
});
