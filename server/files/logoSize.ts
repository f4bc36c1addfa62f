import sharp from 'sharp';
import type { Queryable } from '../db/database';
import { DRAWN_LOGO_SIZE } from '../services/mockups';

/** The width and height a picture is drawn at before it arrives: the header keeps the logo's room from the first paint. */
export interface PictureSize {
  width: number;
  height: number;
}

const UPLOAD = /^\/media\/uploads\/(\d{1,10})-[a-z0-9-]{1,80}\.(?:png|jpg|webp|gif|svg)$/;
// An upload never changes under its id, so its size is read once per process.
const uploadSizes = new Map<number, PictureSize | null>();

/**
 * The intrinsic size of a store logo (`src`, a path the store serves): the drawn name logo, or an uploaded picture
 * measured once (sharp). Null for any other address or a picture that cannot be read: the header then sizes the
 * logo when it arrives, as before.
 */
export async function logoSize(db: Queryable, src: string): Promise<PictureSize | null> {
  if (src.split('?')[0] === '/media/logo.svg') return DRAWN_LOGO_SIZE;
  const upload = UPLOAD.exec(src.split('?')[0] ?? '');
  if (!upload) return null;
  const id = Number(upload[1]);
  if (!uploadSizes.has(id)) {
    const { rows } = await db.query<{ bytes: Uint8Array }>('select bytes from media_uploads where id = $1', [id]);
    const bytes = rows[0]?.bytes;
    let size: PictureSize | null = null;
    if (bytes) {
      try {
        const meta = await sharp(Buffer.from(bytes)).metadata();
        if (meta.width && meta.height) size = { width: meta.width, height: meta.height };
      } catch {
        size = null;
      }
    }
    uploadSizes.set(id, size);
  }
  return uploadSizes.get(id) ?? null;
}
