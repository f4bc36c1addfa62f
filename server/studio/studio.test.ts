import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../testing/testContext';
import { TestClient } from '../auth/testClient';
import { multipartFile } from '../testing/multipart';
import { STUDIO_ALLOWANCE, tooManyStudioRequests } from '../api/studio/studio';
import { artworkMessages } from '../products/artwork';
import { TEST_CARDS } from '../payments/testProcessor';
import { renderQueuedPrintFiles } from './printFiles';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { DEMO_ACCOUNTS } from '../db/seed/demoAccounts';
import { EXTRA_SIDE_PRICE, printSize, studioMessages, type StudioGarmentChoice, type StudioUpload } from '../../src/core/studio';

/** The studio's server side: picture checks, a design saved as a custom product in the basket, print files after payment. */
let t: Awaited<ReturnType<typeof openTestContext>>;
let ip = 1;
const client = () => new TestClient(t.app, `203.0.113.${ip++}`);
const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.ctx.db.query<T>(sql, params)).rows;
const uploads = async () => (await q<{ n: number }>('select count(*)::int as n from media_uploads'))[0]!.n;
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } } }).png().toBuffer();
const upload = (c: TestClient, name: string, type: string, bytes: Buffer) => {
  const { payload, headers } = multipartFile('file', name, type, bytes);
  return c.request('POST', '/omnis/v3/studio/uploads/', payload, headers);
};

beforeAll(async () => {
  t = await openTestContext();
}, 180_000);
afterAll(async () => t?.close());

describe('studio pictures', () => {
  it('refuses bad files with the artwork messages and stores nothing; keeps a small picture (the editor warns)', async () => {
    const c = client();
    const before = await uploads();
    const wrong = await upload(c, 'a.gif', 'image/gif', Buffer.from('GIF89a'));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ message: artworkMessages.formats });
    const fake = await upload(c, 'a.png', 'image/png', Buffer.from('not a picture'));
    expect(fake.json()).toMatchObject({ message: artworkMessages.formats });
    const good = await png(300, 200);
    const corrupt = await upload(c, 'a.png', 'image/png', good.subarray(0, 60));
    expect(corrupt.json()).toMatchObject({ message: artworkMessages.corrupt });
    const script = await upload(c, 'x.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(script.json()).toMatchObject({ message: artworkMessages.unsafeSvg });
    const missing = await c.request('POST', '/omnis/v3/studio/uploads/', undefined);
    expect(missing.statusCode).toBe(422);
    expect(await uploads()).toBe(before);
    const small = await upload(c, 'small.png', 'image/png', good);
    expect(small.statusCode, small.body).toBe(201);
    expect(small.json<{ upload: StudioUpload }>().upload).toMatchObject({ width: 300, height: 200 });
    expect(await uploads()).toBe(before + 1);
  });

  it('one address may store only so many pictures an hour: then 429 with Retry-After, and nothing is stored', async () => {
    const c = client();
    const good = await png(120, 80);
    for (let i = 0; i < STUDIO_ALLOWANCE.uploadsPerIp; i++) expect((await upload(c, `p${i}.png`, 'image/png', good)).statusCode).toBe(201);
    const before = await uploads();
    const refused = await upload(c, 'one-more.png', 'image/png', good);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toBe(tooManyStudioRequests(Number(refused.headers['retry-after'])));
    expect(await uploads()).toBe(before);
    // Another address is not held up by it.
    expect((await upload(client(), 'other.png', 'image/png', good)).statusCode).toBe(201);
  });
});

describe('a design bought and printed', () => {
  it('saves a CP product priced by print count, adds it in the size, and renders 300 dpi PNGs after payment', async () => {
    const c = client();
    const { garments } = (await c.get('/omnis/v3/studio/garments/')).json<{ garments: StudioGarmentChoice[] }>();
    const tee = garments.find((g) => g.garment === 'tshirt')!;
    const pic = (await upload(c, 'p.png', 'image/png', await png(1200, 1200))).json<{ upload: StudioUpload }>().upload;
    const text = { id: 't1', kind: 'text', text: 'HELLO', font: 'Oswald', colour: '#c0392b', size: 0.15, x: 0.5, y: 0.3, rotation: 0 };
    const image = { id: 'i1', kind: 'image', uploadId: pic.id, src: pic.src, pixelWidth: 1200, pixelHeight: 1200, width: 0.4, x: 0.5, y: 0.8, rotation: 30 };
    const body = (sides: object, extra: object = {}) => ({ garmentId: tee.id, colour: tee.colours[0]!.name, size: 'M', design: { sides }, ...extra });

    // What the schema cannot see is refused with the studio's words.
    expect((await c.post('/omnis/v3/studio/designs/', body({}))).json()).toMatchObject({ message: studioMessages.empty });
    expect((await c.post('/omnis/v3/studio/designs/', body({ front: [{ ...text, font: 'Comic Sans MS' }] }))).json()).toMatchObject({ message: studioMessages.font('Comic Sans MS') });
    expect((await c.post('/omnis/v3/studio/designs/', body({ front: [{ ...text, x: 1.5 }] }))).json()).toMatchObject({ message: studioMessages.outside });
    expect((await c.post('/omnis/v3/studio/designs/', body({ front: [{ ...image, uploadId: 2147483647 }] }))).json()).toMatchObject({ message: studioMessages.upload });
    expect((await c.post('/omnis/v3/studio/designs/', body({ front: [text] }, { size: 'XXXL' }))).json()).toMatchObject({ message: studioMessages.size });
    const star = { id: 'c1', kind: 'clipart', art: 'star', colour: '#2980b9', width: 0.3, x: 0.5, y: 0.75, rotation: 15 };
    expect((await c.post('/omnis/v3/studio/designs/', body({ front: [{ ...star, art: 'unicorn' }] }))).json()).toMatchObject({ message: studioMessages.clipArt('unicorn') });
    expect((await c.post('/omnis/v3/studio/designs/', body({ front: [{ ...text, curve: 2 }] }))).statusCode).toBe(422);

    const saved = await c.post('/omnis/v3/studio/designs/', body({ front: [text, image], back: [{ ...text, id: 't2', text: 'BACK', curve: 0.5 }, star] }));
    expect(saved.statusCode, saved.body).toBe(201);
    const { product, basket } = saved.json<{ product: { id: number; sku: string; uuid: string; price: number }; basket: { items: { name: string; options: { size: string } }[] } }>();
    expect(product.sku).toMatch(/^CP-[0-9A-F]{10}$/);
    expect(product.price).toBe(tee.price + EXTRA_SIDE_PRICE);
    expect(basket.items).toEqual([expect.objectContaining({ options: expect.objectContaining({ size: 'M' }) })]);
    const [row] = await q<{ designs: object; base_product_id: number }>('select designs, base_product_id from products where id = $1', [product.id]);
    expect(row).toMatchObject({ designs: { front: { layers: 2 }, back: { layers: 2 } }, base_product_id: tee.id });
    // Sold to this shopper only: never listed in the store.
    const divisionId = (await q<{ division_id: number }>('select division_id from products where id = $1', [product.id]))[0]!.division_id;
    const listed = (await c.get(`/omnis/v3/division/${divisionId}/products/?perPage=100`)).json<{ data: { id: number }[] }>();
    expect(listed.data.length).toBeGreaterThan(0);
    expect(listed.data.map((p) => p.id)).not.toContain(product.id);
    // The design reopens, and its preview is drawn from the document.
    expect((await c.get(`/omnis/v3/studio/designs/${product.uuid}/`)).json()).toMatchObject({ design: { garmentId: tee.id } });
    const preview = await t.app.inject({ url: `/media/studio/${product.uuid}/front.png` });
    expect(preview.headers['content-type']).toBe('image/webp');

    const placed = await c.request(
      'POST',
      '/omnis/v3/checkout/place/',
      { email: 'studio@example.com', shippingAddress: { firstName: 'Ada', lastName: 'L', street: '1 Row', city: 'London', zip: 'N1 9GU', country: 'GB' }, billingSameAsShipping: true, shippingMethod: 'uk-standard', payment: { method: 'card', card: { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' } } },
      { 'idempotency-key': 'studio-order-1' },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json<{ order: { number: number } }>().order.number;
    expect(await q('select area, status from print_files where order_id = $1 order by id', [orderId])).toEqual([
      { area: 'front', status: 'queued' },
      { area: 'back', status: 'queued' },
    ]);
    expect(await renderQueuedPrintFiles(t.ctx.db)).toEqual({ rendered: 2, failed: 0 });
    // Exactly once: nothing left to claim.
    expect(await renderQueuedPrintFiles(t.ctx.db)).toEqual({ rendered: 0, failed: 0 });
    const files = await q<{ area: string; bytes: Uint8Array; width: number; height: number }>('select area, bytes, width, height from print_files where order_id = $1 order by id', [orderId]);
    const size = printSize('tshirt', 'front');
    for (const f of files) {
      const { data, info } = await sharp(Buffer.from(f.bytes)).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels, f.width, f.height]).toEqual([size.width, size.height, 4, size.width, size.height]);
      // The text's red ink where it was placed (centre across, 0.3 area widths down), transparent in the corner.
      let red = 0;
      const cy = Math.round(0.3 * size.width);
      for (let x = Math.round(size.width * 0.35); x < size.width * 0.65; x += 2) {
        for (let y = cy - 60; y < cy + 60; y += 2) {
          const i = (y * info.width + x) * 4;
          if (data[i + 3]! > 200 && data[i]! > 150 && data[i + 2]! < 100) red++;
        }
      }
      expect(red).toBeGreaterThan(100);
      expect(data[3]).toBe(0);
      // The back's clip-art star in its blue ink around its centre (0.75 area widths down).
      const at = (x: number, y: number) => (Math.round(y) * info.width + Math.round(x)) * 4;
      const blue = [-40, 0, 40].filter((d) => data[at(size.width * 0.5 + d, size.width * 0.75)]! === 0x29 && data[at(size.width * 0.5 + d, size.width * 0.75) + 2]! === 0xb9).length;
      expect(blue).toBe(f.area === 'back' ? 3 : 0);
    }

    // The factory's label PDF links each side's print file from the store's configured domain, whatever host the
    // request named.
    const staff = new TestClient(t.app, '192.0.2.91');
    await staff.login(DEMO_ACCOUNTS[1]!.email, DEMO_ACCOUNTS[1]!.password);
    const ids = (await q<{ id: number; area: string }>('select id, area from print_files where order_id = $1 order by id', [orderId])).map((f) => f.id);
    const domain = (await q<{ domain: string }>('select d.active_domain_name as domain from orders o join divisions d on d.id = o.division_id where o.id = $1', [orderId]))[0]!.domain;
    expect(domain).toBeTruthy();
    const print = await staff.request('POST', '/omnis/v3/atlas/labels/print/', { orderIds: [orderId] }, { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' });
    expect(print.statusCode, print.body).toBe(200);
    const pdf = await PDFDocument.load(print.rawPayload);
    const uris = pdf.getPages().map((page) => {
      const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
      return (annots?.asArray() ?? []).map((ref) => {
        const action = pdf.context.lookup(ref, PDFDict).lookup(PDFName.of('A'), PDFDict);
        return action.lookup(PDFName.of('URI'), PDFString).decodeText();
      });
    });
    expect(uris).toEqual([ids.map((id) => `https://${domain}/omnis/v3/atlas/print-files/${id}/`)]);
  });
});
