import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext, demoDivisionId } from '../../testing/testContext';
import { TestClient, createStoreOwner } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { MAX_UPLOAD_BYTES, UPLOAD_CACHE_CONTROL, UPLOAD_CSP, isSafeSvg, uploadMessages, uploadSlug } from './uploads';

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

// A 1×1 transparent PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const svg = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`).toString('base64');

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

describe('POST /omnis/v3/divisions/{id}/media/', () => {
  it('stores a PNG, serves it at /media/uploads/{id}-{slug}.png with long cache headers and lists it', async () => {
    const res = await owner.post(media(demo), { filename: 'My Logo (1).PNG', contentType: 'image/png', dataBase64: PNG });
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

  it('accepts a data: URL prefix and a safe SVG, served inline under a CSP that forbids scripts', async () => {
    const res = await owner.post(media(demo), { filename: 'dot.svg', contentType: 'image/svg+xml', dataBase64: `data:image/svg+xml;base64,${svg('<circle cx="5" cy="5" r="4" style="fill:red"/>')}` });
    expect(res.statusCode).toBe(201);
    const file = await client().get(res.json().url);
    expect(file.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(file.headers['content-security-policy']).toBe(UPLOAD_CSP);
    expect(file.headers['content-disposition']).toBe('inline');
  });

  it('422 with the §5.1 ext wording for other types, and for bytes that are not the claimed type', async () => {
    for (const body of [
      { filename: 'page.html', contentType: 'text/html', dataBase64: Buffer.from('<p>x</p>').toString('base64') },
      { filename: 'x.png', contentType: 'constructor', dataBase64: PNG },
      { filename: 'fake.png', contentType: 'image/png', dataBase64: Buffer.from('<html><script>alert(1)</script>').toString('base64') },
      { filename: 'fake.png', contentType: 'image/png', dataBase64: '!!!not base64!!!' },
    ]) {
      const res = await owner.post(media(demo), body);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Must upload the following formats: png, jpg, webp, gif, svg');
      expect(res.json().message).toBe(uploadMessages.formats);
    }
  });

  it('422 for files over 5 MB, empty files and a missing filename', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    Buffer.from(PNG, 'base64').copy(big);
    const tooBig = await owner.post(media(demo), { filename: 'big.png', contentType: 'image/png', dataBase64: big.toString('base64') });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json()).toEqual({ message: uploadMessages.tooLarge, errors: { '/dataBase64': [uploadMessages.tooLarge] } });
    expect((await owner.post(media(demo), { filename: 'e.png', contentType: 'image/png', dataBase64: '' })).json().message).toBe(uploadMessages.empty);
    expect((await owner.post(media(demo), { contentType: 'image/png', dataBase64: PNG })).json().errors).toEqual({ '/filename': ['This field is required'] });
  });

  it('refuses SVGs with scripts, event handlers, foreign objects or external references', async () => {
    for (const body of ['<script>alert(1)</script>', '<rect onload="alert(1)"/>', '<foreignObject><div/></foreignObject>', '<a href="javascript:alert(1)"><text>x</text></a>', '<image href="https://evil.example/x.png"/>']) {
      const res = await owner.post(media(demo), { filename: 'bad.svg', contentType: 'image/svg+xml', dataBase64: svg(body) });
      expect(res.statusCode, body).toBe(422);
      expect(res.json().message).toBe(uploadMessages.unsafeSvg);
    }
    expect(isSafeSvg('<svg><use href="#a"/><image href="data:image/png;base64,AAAA"/></svg>')).toBe(true);
  });

  it('401 for visitors, 403 for the owner of another store (upload and list); nothing is written', async () => {
    const before = (await t.ctx.db.query<{ n: number }>('select count(*)::int as n from media_uploads')).rows[0]!.n;
    const body = { filename: 'x.png', contentType: 'image/png', dataBase64: PNG };
    expect((await client().post(media(demo), body)).statusCode).toBe(401);
    const denied = await other.post(media(demo), body);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Permission denied');
    expect((await other.get(media(demo))).statusCode).toBe(403);
    expect((await client().get(media(demo))).statusCode).toBe(401);
    expect((await t.ctx.db.query<{ n: number }>('select count(*)::int as n from media_uploads')).rows[0]!.n).toBe(before);
    // Each store sees only its own uploads.
    expect((await other.post(media(otherDivision), body)).statusCode).toBe(201);
    expect((await other.get(media(otherDivision))).json().data).toHaveLength(1);
  });
});

describe('uploadSlug', () => {
  it('makes an address segment of a file name', () => {
    expect(uploadSlug('Café Menu.JPG')).toBe('cafe-menu');
    expect(uploadSlug('***.png')).toBe('image');
  });
});
