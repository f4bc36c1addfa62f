import sharp from 'sharp';
import { TEXT_POSITIONS, TONE_REGIONS, toneOfPixels, type ImageTone } from '../../src/core/legibility';
import type { Rgba } from '../../src/core/colour';

/** The measured picture is shrunk to this width first: enough for the tone of a region, cheap for any upload. */
const SAMPLE_WIDTH = 96;

/**
 * Measures the colours behind banner and slide text in a raster or SVG picture (see src/core/legibility.ts).
 * Transparent parts count as white, the lightest a page can show through. Undefined when the bytes are no image.
 */
export async function measureImageTone(bytes: Buffer | string): Promise<ImageTone | undefined> {
  try {
    const { data, info } = await sharp(typeof bytes === 'string' ? Buffer.from(bytes) : bytes, { limitInputPixels: 80_000_000 })
      .flatten({ background: '#ffffff' })
      .resize({ width: SAMPLE_WIDTH, withoutEnlargement: false })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixelAt = (x: number, y: number): Rgba => {
      const i = (y * info.width + x) * info.channels;
      return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]!, a: 1 };
    };
    const tone = {} as ImageTone;
    for (const position of TEXT_POSITIONS) {
      const r = TONE_REGIONS[position];
      const pixels: Rgba[] = [];
      for (let y = Math.floor(r.y0 * info.height); y < Math.max(1, Math.ceil(r.y1 * info.height)); y++) {
        for (let x = Math.floor(r.x0 * info.width); x < Math.max(1, Math.ceil(r.x1 * info.width)); x++) pixels.push(pixelAt(x, y));
      }
      tone[position] = toneOfPixels(pixels);
    }
    return tone;
  } catch {
    return undefined;
  }
}

type BlockLike = { properties?: Record<string, unknown>; items?: BlockLike[] };

/**
 * Stores the tone with every image of text-over-picture blocks (banner, slide) whose bytes `load` can give, so the
 * storefront can keep their text legible. Images that already carry a tone are left as they are.
 */
export async function addImageTones(blocks: BlockLike[], load: (src: string) => Buffer | string | undefined): Promise<void> {
  for (const block of blocks) {
    const image = block.properties?.image as { src?: unknown; tone?: unknown } | undefined;
    if (image && typeof image.src === 'string' && image.tone === undefined) {
      const bytes = load(image.src);
      const tone = bytes === undefined ? undefined : await measureImageTone(bytes);
      if (tone) image.tone = tone;
    }
    if (block.items) await addImageTones(block.items, load);
  }
}
