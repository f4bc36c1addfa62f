import sharp from 'sharp';
import { SRCSET_WIDTHS, type SrcsetWidth } from '../../src/core/images';

/**
 * The image endpoint's resizer: an uploaded raster picture at one of the §9 widths, encoded as AVIF or WebP when
 * the browser accepts it (else in its own format). Results are kept in memory up to a byte bound, least recently
 * used first out, so a page's images are encoded once per width and format, not per visitor.
 */
export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export const IMAGE_WIDTH_MESSAGE = `Image width must be one of ${SRCSET_WIDTHS.join(', ')}`;
/** Memory the resized copies may hold (IMAGE_CACHE_MB, default 64). */
const CACHE_BYTES = Number(process.env.IMAGE_CACHE_MB ?? 64) * 1024 * 1024;

/** The best format the Accept header allows: AVIF (smallest), then WebP, else the upload's own. */
export function chooseFormat(accept: string | undefined, original: string): ImageFormat {
  const a = accept ?? '';
  if (/\bimage\/avif\b/.test(a)) return 'avif';
  if (/\bimage\/webp\b/.test(a)) return 'webp';
  return original === 'image/png' || original === 'image/gif' ? 'png' : 'jpeg';
}

const cache = new Map<string, Buffer>();
let cachedBytes = 0;

function remember(key: string, bytes: Buffer) {
  if (bytes.length > CACHE_BYTES) return;
  cache.set(key, bytes);
  cachedBytes += bytes.length;
  for (const [oldKey, old] of cache) {
    if (cachedBytes <= CACHE_BYTES) break;
    cache.delete(oldKey);
    cachedBytes -= old.length;
  }
}

/** `key` names the source bytes (their hash): a cached copy is never stale, as an upload never changes. */
export async function resizedImage(key: string, source: Uint8Array, width: SrcsetWidth, format: ImageFormat): Promise<Buffer> {
  const cacheKey = `${key}:${width}:${format}`;
  const hit = cache.get(cacheKey);
  if (hit) {
    cache.delete(cacheKey); // re-inserted: Map order is the recency order
    cache.set(cacheKey, hit);
    return hit;
  }
  const pipeline = sharp(source, { limitInputPixels: 80_000_000 }).rotate().resize({ width, withoutEnlargement: true });
  const encoded =
    format === 'avif'
      ? pipeline.avif({ quality: 55, effort: 2 })
      : format === 'webp'
        ? pipeline.webp({ quality: 75 })
        : format === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.jpeg({ quality: 78, mozjpeg: true });
  const bytes = await encoded.toBuffer();
  remember(cacheKey, bytes);
  return bytes;
}

/** For tests: how much the cache holds. */
export const imageCacheSize = () => ({ entries: cache.size, bytes: cachedBytes });
