import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../testing/testContext';
import { logoSize } from './logoSize';
import type { StoreCoreData } from '../../src/core/storeData';

let t: Awaited<ReturnType<typeof openTestContext>>;
beforeAll(async () => {
  t = await openTestContext();
});
afterAll(async () => t?.close());

describe('the store logo’s size (the header keeps its room from the first paint)', () => {
  it('is the drawn logo’s for /media/logo.svg, and the store core data carries it', async () => {
    expect(await logoSize(t.ctx.db, '/media/logo.svg')).toEqual({ width: 360, height: 64 });
    const data = (await t.app.inject({ url: '/omnis/v3/frontend/getStoreCoreData/json/' })).json<StoreCoreData>();
    expect(data.state.company.logo).toEqual({ src: '/media/logo.svg', alt: 'Fern & Thread', width: 360, height: 64 });
  });

  it('is measured from an uploaded picture, and unknown for any other address or an unreadable file', async () => {
    const png = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#2f6f3e' } }).png().toBuffer();
    const { rows } = await t.ctx.db.query<{ id: number }>(
      `insert into media_uploads (division_id, filename, slug, ext, content_type, size, sha256, bytes)
       values ((select id from divisions where code = 'demo'), 'logo.png', 'logo', 'png', 'image/png', $1, 'x', $2),
              ((select id from divisions where code = 'demo'), 'broken.png', 'broken', 'png', 'image/png', 3, 'y', $3)
       returning id`,
      [png.length, png, Buffer.from('abc')],
    );
    expect(await logoSize(t.ctx.db, `/media/uploads/${rows[0]!.id}-logo.png`)).toEqual({ width: 240, height: 80 });
    expect(await logoSize(t.ctx.db, `/media/uploads/${rows[1]!.id}-broken.png`)).toBeNull();
    expect(await logoSize(t.ctx.db, 'https://cdn.example/logo.png')).toBeNull();
    expect(await logoSize(t.ctx.db, '/media/uploads/999999-nothing.png')).toBeNull();
  });
});
