import sharp, { type OverlayOptions } from 'sharp';
import { fontCatalogue } from '../api/fonts/catalogue';
import { fontSlug } from '../../src/core/theme/fonts';
import { clipArtSvg } from '../../src/core/clipArt';
import { fontCovers, textOutlines } from './textOutlines';
import { imageHeightOf, printSize, type StudioArea, type StudioGarment, type StudioLayer } from '../../src/core/studio';

/**
 * Draws one side of a design document with sharp: text from the outlines of the store's own font file, straight
 * or curved (through Pango when the font lacks a character, so it falls back), clip-art from its SVG in the
 * chosen ink, pictures from the stored upload, each rotated about its centre and clipped to the print area. At scale 1 the result is
 * the print file (300 dpi for the area, PNG with transparency); smaller scales draw previews from the same code.
 */
export type UploadLoader = (uploadId: number) => Promise<Buffer | null>;

const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The woff file of a catalogue family (FreeType reads woff; the browser gets the woff2 beside it). */
export function fontFileOf(family: string): string | null {
  const woff2 = fontCatalogue().file(fontSlug(family), 400);
  return woff2 ? woff2.replace(/\.woff2$/, '.woff') : null;
}

async function layerImage(layer: StudioLayer, areaWidth: number, loadUpload: UploadLoader): Promise<Buffer | null> {
  if (layer.kind === 'clipart') {
    const px = Math.max(1, Math.round(layer.width * areaWidth));
    return sharp(Buffer.from(clipArtSvg(layer.art, layer.colour, px))).ensureAlpha().png().toBuffer();
  }
  if (layer.kind === 'text') {
    const px = Math.max(4, Math.round(layer.size * areaWidth));
    const fontfile = fontFileOf(layer.font);
    if (fontfile && fontCovers(fontfile, layer.text)) {
      const outlined = textOutlines({ text: layer.text, fontFile: fontfile, size: px, colour: layer.colour, curve: layer.curve ?? 0 });
      return sharp(Buffer.from(outlined.svg)).ensureAlpha().png().toBuffer();
    }
    const text = await sharp({
      text: {
        text: `<span foreground="${layer.colour}">${escapeMarkup(layer.text)}</span>`,
        font: `${layer.font} ${px}`,
        ...(fontfile ? { fontfile } : {}),
        rgba: true,
        dpi: 72,
        align: 'centre',
      },
    })
      .png()
      .toBuffer();
    return text;
  }
  const bytes = await loadUpload(layer.uploadId);
  if (!bytes) return null;
  const width = Math.max(1, Math.round(layer.width * areaWidth));
  const height = Math.max(1, Math.round(imageHeightOf(layer) * areaWidth));
  return sharp(bytes, { density: 300 }).resize(width, height, { fit: 'fill' }).ensureAlpha().png().toBuffer();
}

export async function renderSide(
  garment: StudioGarment,
  area: StudioArea,
  layers: readonly StudioLayer[],
  loadUpload: UploadLoader,
  scale = 1,
): Promise<{ png: Buffer; width: number; height: number }> {
  const size = printSize(garment, area);
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  const overlays: OverlayOptions[] = [];
  for (const layer of layers) {
    const drawn = await layerImage(layer, width, loadUpload);
    if (!drawn) continue;
    const rotated = layer.rotation % 360 === 0
      ? await sharp(drawn).toBuffer({ resolveWithObject: true })
      : await sharp(drawn).rotate(layer.rotation, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer({ resolveWithObject: true });
    const w = rotated.info.width;
    const h = rotated.info.height;
    const left = Math.round(layer.x * width - w / 2);
    const top = Math.round(layer.y * width - h / 2);
    // Only the part inside the print area is printed.
    const x0 = Math.max(0, left);
    const y0 = Math.max(0, top);
    const x1 = Math.min(width, left + w);
    const y1 = Math.min(height, top + h);
    if (x1 <= x0 || y1 <= y0) continue;
    const clipped = x0 === left && y0 === top && x1 === left + w && y1 === top + h
      ? rotated.data
      : await sharp(rotated.data).extract({ left: x0 - left, top: y0 - top, width: x1 - x0, height: y1 - y0 }).png().toBuffer();
    overlays.push({ input: clipped, left: x0, top: y0 });
  }
  const png = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(overlays)
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { png, width, height };
}
