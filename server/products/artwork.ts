import sharp from 'sharp';
import { isSafeSvg, sniffMatches } from '../api/media/uploads';

/**
 * Artwork an owner prints on a product: PNG, JPEG or SVG, checked before anything is stored. A raster image must
 * be sharp enough for the largest print area (30 cm across at 150 dpi); vector art prints at any size.
 */
export const ARTWORK_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/svg+xml': 'svg' } as const;
export type ArtworkType = keyof typeof ARTWORK_TYPES;
export const MAX_ARTWORK_BYTES = 20 * 1024 * 1024;
export const PRINT_WIDTH_CM = 30;
export const MIN_PRINT_DPI = 150;
/** Pixels across a raster needs for a 30 cm print at 150 dpi: 1772. */
export const MIN_ARTWORK_PIXELS = Math.ceil((PRINT_WIDTH_CM / 2.54) * MIN_PRINT_DPI);

export const artworkMessages = {
  formats: 'Must upload the following formats: png, jpg, svg',
  tooLarge: 'Must be no larger than 20 MB',
  empty: 'The file is empty',
  missing: 'Choose an artwork file to upload',
  corrupt: 'The image could not be read: the file is damaged or not a complete image',
  unsafeSvg: 'The SVG contains scripts or embedded content and cannot be uploaded',
  lowResolution: (width: number, height: number) =>
    `Low resolution for a ${PRINT_WIDTH_CM} cm print: the artwork is ${width} × ${height} px and needs at least ${MIN_ARTWORK_PIXELS} px across (${MIN_PRINT_DPI} dpi)`,
} as const;

export type ArtworkCheck = { ok: true; type: ArtworkType; width: number; height: number } | { ok: false; message: string };

export const isArtworkType = (value: string): value is ArtworkType => Object.hasOwn(ARTWORK_TYPES, value);

/**
 * Reads the file as sharp would print it; every refusal says what to change. The studio passes
 * `{ requireResolution: false }`: there a small picture prints smaller, so its editor warns instead of refusing.
 */
export async function checkArtwork(claimedType: string, bytes: Buffer, options: { requireResolution?: boolean } = {}): Promise<ArtworkCheck> {
  const type = claimedType.toLowerCase().split(';')[0]!.trim();
  if (!isArtworkType(type)) return { ok: false, message: artworkMessages.formats };
  if (bytes.length === 0) return { ok: false, message: artworkMessages.empty };
  if (!sniffMatches(type, bytes)) return { ok: false, message: artworkMessages.formats };
  if (type === 'image/svg+xml' && !isSafeSvg(bytes.toString('utf8'))) return { ok: false, message: artworkMessages.unsafeSvg };
  let width: number;
  let height: number;
  try {
    // Decoding every pixel (not only the header) catches a truncated file before it reaches a mockup.
    const { info } = await sharp(bytes, { failOn: 'error' }).raw().toBuffer({ resolveWithObject: true });
    ({ width, height } = info);
  } catch {
    return { ok: false, message: artworkMessages.corrupt };
  }
  if (options.requireResolution !== false && type !== 'image/svg+xml' && Math.max(width, height) < MIN_ARTWORK_PIXELS) return { ok: false, message: artworkMessages.lowResolution(width, height) };
  return { ok: true, type, width, height };
}
