import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSide } from './render';
import { CLIP_ART_NAMES } from '../../src/core/clipArt';
import { textOutlines } from './textOutlines';
import { fontCatalogue } from '../api/fonts/catalogue';
import { fontSlug } from '../../src/core/theme/fonts';
import { printSize, type StudioLayer, type TextLayer } from '../../src/core/studio';

/** Print files of clip-art and curved text: drawn from the document at print resolution, where the editor placed them. */
const noUploads = async () => null;
const fontFile = (family: string) => fontCatalogue().file(fontSlug(family), 400)!.replace(/\.woff2$/, '.woff');
const pixels = async (png: Buffer) => sharp(png).raw().toBuffer({ resolveWithObject: true });
/** Every inked pixel (alpha above half) as [x, y]. */
async function ink(png: Buffer): Promise<[number, number][]> {
  const { data, info } = await pixels(png);
  const out: [number, number][] = [];
  for (let y = 0; y < info.height; y++) for (let x = 0; x < info.width; x++) if (data[(y * info.width + x) * 4 + 3]! > 128) out.push([x, y]);
  return out;
}

describe('clip-art in print files', () => {
  it('draws every shape at the layer’s size and place in its ink', async () => {
    const { width } = printSize('tshirt', 'front');
    for (const art of CLIP_ART_NAMES) {
      const layer: StudioLayer = { id: 'c', kind: 'clipart', art, colour: '#2980b9', width: 0.3, x: 0.5, y: 0.5, rotation: 0 };
      const file = await renderSide('tshirt', 'front', [layer], noUploads, 0.25);
      const inked = await ink(file.png);
      expect(inked.length, art).toBeGreaterThan(100);
      // Inside the square the layer spans (0.3 area widths around its centre).
      const half = (0.3 * width * 0.25) / 2;
      const cx = 0.5 * file.width;
      const cy = 0.5 * file.width;
      expect(Math.max(...inked.map(([x, y]) => Math.max(Math.abs(x - cx), Math.abs(y - cy)))), art).toBeLessThanOrEqual(half + 1);
      // Solid pixels carry the ink exactly.
      const { data } = await pixels(file.png);
      let solid = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] === 255 && data[i] === 0x29 && data[i + 1] === 0x80 && data[i + 2] === 0xb9) solid++;
      expect(solid, art).toBeGreaterThan(inked.length / 2);
    }
  });
});

describe('text in print files', () => {
  const text = (curve: number): TextLayer => ({ id: 't', kind: 'text', text: 'CURVED TEXT', font: 'Oswald', colour: '#111111', size: 0.1, x: 0.5, y: 0.4, rotation: 0, curve });
  const oswald = fontFile('Oswald');

  it('draws the shopper’s font: Oswald is a condensed face, so its line is narrower than the fallback’s', async () => {
    const flat = await ink((await renderSide('tshirt', 'front', [text(0)], noUploads, 0.5)).png);
    const xs = flat.map(([x]) => x);
    const outlined = textOutlines({ text: 'CURVED TEXT', fontFile: oswald, size: 0.1 * printSize('tshirt', 'front').width * 0.5, colour: '#111111', curve: 0 });
    expect(Math.abs(Math.max(...xs) - Math.min(...xs) - outlined.width)).toBeLessThan(outlined.width * 0.06);
  });

  it('bends the line on its circle: up arcs the middle above the ends, down below, and every inked pixel lies on the arc', async () => {
    const scale = 0.5;
    const straight = await renderSide('tshirt', 'front', [text(0)], noUploads, scale);
    const flat = await ink(straight.png);
    for (const curve of [0.8, -0.8]) {
      const file = await renderSide('tshirt', 'front', [text(curve)], noUploads, scale);
      expect(file.png.equals(straight.png)).toBe(false);
      const inked = await ink(file.png);
      const xs = inked.map(([x]) => x);
      const left = Math.min(...xs);
      const right = Math.max(...xs);
      const topIn = (from: number, to: number) => Math.min(...inked.filter(([x]) => x >= from && x <= to).map(([, y]) => y));
      const span = right - left;
      const middleTop = topIn(left + span * 0.45, left + span * 0.55);
      const endTop = Math.min(topIn(left, left + span * 0.08), topIn(right - span * 0.08, right));
      if (curve > 0) expect(middleTop).toBeLessThan(endTop - 10);
      else expect(middleTop).toBeGreaterThan(endTop + 10);

      // On the arc: the glyphs' middles run on the layout's circle, so every inked pixel lies within about a font
      // size of it; the straight line of the same words does not.
      const size = 0.1 * file.width;
      const { layout } = textOutlines({ text: 'CURVED TEXT', fontFile: oswald, size, colour: '#111111', curve });
      const cx = 0.5 * file.width + layout.centre.x;
      const cy = 0.4 * file.width + layout.centre.y;
      const off = (points: [number, number][]) => points.filter(([x, y]) => Math.abs(Math.hypot(x - cx, y - cy) - layout.radius) > size * 0.6).length / points.length;
      expect(off(inked)).toBe(0);
      expect(off(flat)).toBeGreaterThan(0.2);
    }
  });
});
