import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext, demoDivisionId } from '../../testing/testContext';
import { TestClient, createStoreOwner } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import sharp from 'sharp';
import { IMAGE_WIDTH_MESSAGE } from '../../files/resizeImage';
import { multipartFile } from '../../testing/multipart';
import { UPLOAD_UNREADABLE } from '../../http/uploadedFile';
import { JSON_BODY_LIMIT } from '../../app';
import { apiMessages } from '../../http/errors';
import { MAX_UPLOAD_BYTES, UPLOAD_CACHE_CONTROL, UPLOAD_CSP, isSafeSvg, uploadMessages, uploadSlug, type Upload } from './uploads';

/** Issue #7 item 3: image uploads of the builder — stored as bytea, served with long cache headers. */
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER] = DEMO_ACCOUNTS;
const OTHER = { email: 'uploads.other@example.com', password: 'other owner password' };
let demo = 0;
let otherDivision = 0;
let owner: TestClient;
let other: TestClient;
let ip = 1;
const client = () => new TestClient(t.app, `198.51.100.${ip++}`);
const media = (division: number) => `/omnis/v3/divisions/${division}/media/`;
/** Sends a file as a browser's FormData does. */
const send = (c: TestClient, division: number, filename: string, contentType: string, bytes: Buffer | string) => {
  const { payload, headers } = multipartFile('file', filename, contentType, typeof bytes === 'string' ? Buffer.from(bytes, 'base64') : bytes);
  return c.request('POST', media(division), payload, headers);
};

// A 1×1 transparent PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const svg = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`);

beforeAll(async () => {
  t = await openTestContext();
  otherDivision = await createStoreOwner(client(), t.ctx.db, OTHER);
  demo = await demoDivisionId(t.ctx.db);
  owner = client();
  await owner.login(OWNER.email, OWNER.password);
  other = client();
  await other.login(OTHER.email, OTHER.password);
});
afterAll(async () => t?.close());

describe('body limits', () => {
  it('a JSON body over 1 MB is a 413 on every route but a page save, which may carry a large page', async () => {
    const big = { text: 'x'.repeat(JSON_BODY_LIMIT + 10) };
    const theme = await owner.request('PUT', `/omnis/v3/divisions/${demo}/theme/`, big);
    expect([theme.statusCode, theme.json().message]).toEqual([413, apiMessages.tooLarge(JSON_BODY_LIMIT)]);
    const page = await owner.post(`/omnis/v3/divisions/${demo}/pages/`, { ...big, blocks: [] });
    expect(page.statusCode).toBe(422); // read and validated, not cut off
  });
});

describe('POST /omnis/v3/divisions/{id}/media/', () => {
  it('stores a PNG, serves it at /media/uploads/{id}-{slug}.png with long cache headers and lists it', async () => {
    const res = await send(owner, demo, 'My Logo (1).PNG', 'image/png', PNG);
    expect(res.statusCode).toBe(201);
    const upload = res.json();
    expect(upload).toMatchObject({ filename: 'My Logo (1).PNG', contentType: 'image/png', size: 70 });
    expect(upload.url).toBe(`/media/uploads/${upload.id}-my-logo-1.png`);

    const file = await client().get(upload.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe(UPLOAD_CACHE_CONTROL);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: upload.url, headers: { 'if-none-match': String(file.headers.etag) } });
    expect(again.statusCode).toBe(304);

    expect((await client().get(upload.url.replace('my-logo-1', 'other'))).statusCode).toBe(404);
    expect((await client().get(upload.url.replace('.png', '.gif'))).statusCode).toBe(404);
    expect((await client().get('/media/uploads/../../etc/passwd')).statusCode).toBe(404);

    const list = await owner.get(media(demo));
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toEqual(upload);
  });

  it('measures the colours behind banner text on upload and keeps them with the upload (listed too)', async () => {
    // A pale sky over a dark foot: the middle band the text covers is pale.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160"><rect width="400" height="160" fill="#f2f2f2"/><rect y="140" width="400" height="20" fill="#101010"/></svg>';
    const res = await send(owner, demo, 'sky.svg', 'image/svg+xml', Buffer.from(svg));
    expect(res.statusCode).toBe(201);
    const upload = res.json() as Upload;
    expect(upload.tone).toEqual({ left: { light: '#f2f2f2', dark: '#f2f2f2' }, center: { light: '#f2f2f2', dark: '#f2f2f2' }, right: { light: '#f2f2f2', dark: '#f2f2f2' } });
    const listed = (await owner.get(media(demo))).json().data as Upload[];
    expect(listed.find((u) => u.id === upload.id)?.tone).toEqual(upload.tone);
  });

  it('accepts a safe SVG, served inline under a CSP that forbids scripts', async () => {
    const res = await send(owner, demo, 'dot.svg', 'image/svg+xml', svg('<circle cx="5" cy="5" r="4" style="fill:red"/>'));
    expect(res.statusCode).toBe(201);
    const file = await client().get(res.json().url);
    expect(file.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(file.headers['content-security-policy']).toBe(UPLOAD_CSP);
    expect(file.headers['content-disposition']).toBe('inline');
  });

  it('422 with the §5.1 ext wording for other types, and for bytes that are not the claimed type', async () => {
    for (const [filename, contentType, bytes] of [
      ['page.html', 'text/html', Buffer.from('<p>x</p>')],
      ['x.png', 'constructor', PNG],
      ['fake.png', 'image/png', Buffer.from('<html><script>alert(1)</script>')],
      ['fake.png', 'image/png', Buffer.from('!!!not an image!!!')],
    ] as const) {
      const res = await send(owner, demo, filename, contentType, bytes);
      expect(res.json().errors).toEqual({ '/file': [uploadMessages.formats] });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Must upload the following formats: png, jpg, webp, gif, svg');
      expect(res.json().message).toBe(uploadMessages.formats);
    }
  });

  it('422 for files over 5 MB, empty files and a missing filename', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    Buffer.from(PNG, 'base64').copy(big);
    const tooBig = await send(owner, demo, 'big.png', 'image/png', big);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json()).toEqual({ message: uploadMessages.tooLarge, errors: { '/file': [uploadMessages.tooLarge] } });
    expect((await send(owner, demo, 'e.png', 'image/png', '')).json().message).toBe(uploadMessages.empty);
    expect((await send(owner, demo, '', 'image/png', PNG)).json().errors).toEqual({ '/filename': ['This field is required'] });
    // JSON (the old base64 form) and a form without a file are refused at the file field; a body cut short is a 400.
    const json = await owner.post(media(demo), { filename: 'x.png', contentType: 'image/png', dataBase64: PNG });
    expect([json.statusCode, json.json().errors]).toEqual([422, { '/file': ['This field is required'] }]);
    const { payload, headers } = multipartFile('file', 'cut.png', 'image/png', Buffer.from(PNG, 'base64'));
    const cut = await owner.request('POST', media(demo), payload.subarray(0, payload.length - 30), headers);
    expect([cut.statusCode, cut.json().message]).toEqual([400, UPLOAD_UNREADABLE]);
    for (const contentType of ['multipart/form-data; boundary=x', 'multipart/form-data']) {
      const garbled = await owner.request('POST', media(demo), '{"a":', { 'content-type': contentType });
      expect(garbled.statusCode, contentType).toBeGreaterThanOrEqual(400);
      expect(garbled.statusCode, contentType).toBeLessThan(500);
    }
  });

  it('refuses SVGs with scripts, event handlers, foreign objects or external references', async () => {
    for (const body of ['<script>alert(1)</script>', '<rect onload="alert(1)"/>', '<foreignObject><div/></foreignObject>', '<a href="javascript:alert(1)"><text>x</text></a>', '<image href="https://evil.example/x.png"/>']) {
      const res = await send(owner, demo, 'bad.svg', 'image/svg+xml', svg(body));
      expect(res.statusCode, body).toBe(422);
      expect(res.json().message).toBe(uploadMessages.unsafeSvg);
    }
    expect(isSafeSvg('<svg><use href="#a"/><image href="data:image/png;base64,AAAA"/></svg>')).toBe(true);
  });

  it('401 for visitors, 403 for the owner of another store (upload and list); nothing is written', async () => {
    const before = (await t.ctx.db.query<{ n: number }>('select count(*)::int as n from media_uploads')).rows[0]!.n;
    const body = (c: TestClient, division: number) => send(c, division, 'x.png', 'image/png', PNG);
    expect((await body(client(), demo)).statusCode).toBe(401);
    const denied = await body(other, demo);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Permission denied');
    expect((await other.get(media(demo))).statusCode).toBe(403);
    expect((await client().get(media(demo))).statusCode).toBe(401);
    expect((await t.ctx.db.query<{ n: number }>('select count(*)::int as n from media_uploads')).rows[0]!.n).toBe(before);
    // Each store sees only its own uploads.
    expect((await body(other, otherDivision)).statusCode).toBe(201);
    expect((await other.get(media(otherDivision))).json().data).toHaveLength(1);
  });
});

describe('uploadSlug', () => {
  it('makes an address segment of a file name', () => {
    expect(uploadSlug('Café Menu.JPG')).toBe('cafe-menu');
    expect(uploadSlug('***.png')).toBe('image');
  });
});

describe('GET /media/uploads/{file}?width= (the image endpoint, §9 widths)', () => {
  let url = '';
  let svgUrl = '';
  beforeAll(async () => {
    // A 2400×960 photo-like JPEG (two colours), bigger than the largest srcset width.
    const jpeg = await sharp({ create: { width: 2400, height: 960, channels: 3, background: '#4a6b3a' } })
      .composite([{ input: { create: { width: 1200, height: 960, channels: 3, background: '#e9d8a6' } }, left: 0, top: 0 }])
      .jpeg()
      .toBuffer();
    url = (await send(owner, demo, 'hero.jpg', 'image/jpeg', jpeg)).json<Upload>().url;
    svgUrl = (await send(owner, demo, 'mark.svg', 'image/svg+xml', svg('<rect width="10" height="10"/>'))).json<Upload>().url;
  });

  const get = (path: string, accept?: string, etag?: string) =>
    t.app.inject({ method: 'GET', url: path, headers: { ...(accept ? { accept } : {}), ...(etag ? { 'if-none-match': etag } : {}) } });

  it('answers AVIF, WebP or the upload\'s own format by Accept, at the asked width, with long cache headers and Vary: Accept', async () => {
    for (const [accept, type] of [
      ['image/avif,image/webp,image/*,*/*;q=0.8', 'image/avif'],
      ['image/webp,*/*', 'image/webp'],
      ['*/*', 'image/jpeg'],
    ] as const) {
      const res = await get(`${url}?width=640`, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe(UPLOAD_CACHE_CONTROL);
      expect(res.headers.vary).toMatch(/Accept/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(640);
      expect(meta.height).toBe(256); // the picture's own ratio
      expect(meta.format).toBe(type === 'image/avif' ? 'heif' : type.slice(6));
    }
  });

  it('makes every §9 width; a repeat is answered from the cache; 304 for the ETag of that width and format', async () => {
    for (const width of [480, 640, 960, 1280, 1920]) {
      const res = await get(`${url}?width=${width}`, 'image/webp');
      expect(res.statusCode).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(width);
    }
    const first = await get(`${url}?width=960`, 'image/avif');
    const again = await get(`${url}?width=960`, 'image/avif');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await get(`${url}?width=960`, 'image/avif', String(first.headers.etag))).statusCode).toBe(304);
    // Another format's ETag does not match: the browser gets the bytes it can show.
    expect((await get(`${url}?width=960`, 'image/webp', String(first.headers.etag))).statusCode).toBe(200);
  });

  it('400 for a width outside the §9 list (and for junk), never a 5xx; vectors ignore the width', async () => {
    for (const width of ['500', '0', '99999', '-480', 'abc', '480.5', '']) {
      const res = await get(`${url}?width=${width}`, 'image/webp');
      expect(res.statusCode, width).toBe(400);
      expect(res.json()).toMatchObject({ message: IMAGE_WIDTH_MESSAGE });
    }
    expect(IMAGE_WIDTH_MESSAGE).toBe('Image width must be one of 480, 640, 960, 1280, 1920');
    const vector = await get(`${svgUrl}?width=480`, 'image/avif');
    expect(vector.statusCode).toBe(200);
    expect(vector.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });
});
