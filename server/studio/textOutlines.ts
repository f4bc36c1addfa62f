import fs from 'node:fs';
import opentype from 'opentype.js';
import { curvedTextLayout, glyphsOf, type CurvedLayout } from '../../src/core/curvedText';

/**
 * Text for print files from the font's own outlines (opentype.js reads the store's woff file), placed glyph by
 * glyph with the layout the editor uses (straight or curved), as one SVG that sharp rasterises — the same line the
 * shopper saw, at print resolution, never a screenshot.
 */
const fonts = new Map<string, opentype.Font>();
function fontAt(file: string): opentype.Font {
  let font = fonts.get(file);
  if (!font) {
    const bytes = fs.readFileSync(file);
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    fonts.set(file, font);
  }
  return font;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The font's ascent and descent (hhea, in font sizes): the editor sizes a text's box with these, as the print file does. */
export function fontMetrics(fontFile: string): { ascent: number; descent: number } {
  const font = fontAt(fontFile);
  return { ascent: font.ascender / font.unitsPerEm, descent: -font.descender / font.unitsPerEm };
}

/** Whether the font draws every character of the text (else the text goes through Pango, which falls back). */
export function fontCovers(fontFile: string, text: string): boolean {
  const font = fontAt(fontFile);
  return glyphsOf(text).every((c) => /\s/.test(c) || font.charToGlyphIndex(c) > 0);
}

/** An SVG of the line, its box exactly the layout's box (so the layer's centre is the image's centre). */
export function textOutlines(input: { text: string; fontFile: string; size: number; colour: string; curve: number }): { svg: string; width: number; height: number; layout: CurvedLayout } {
  const font = fontAt(input.fontFile);
  const scale = input.size / font.unitsPerEm;
  const chars = glyphsOf(input.text);
  const glyphs = chars.map((c) => font.charToGlyph(c));
  const advances = glyphs.map((g) => (g.advanceWidth ?? 0) * scale);
  const metrics = fontMetrics(input.fontFile);
  const layout = curvedTextLayout(advances, input.size, input.curve, { ascent: metrics.ascent * input.size, descent: metrics.descent * input.size });
  const width = Math.max(1, Math.ceil(layout.width));
  const height = Math.max(1, Math.ceil(layout.height));
  const paths = layout.glyphs
    .map((g, i) => {
      const d = glyphs[i]!.getPath(-advances[i]! / 2, 0, input.size).toPathData(2);
      return d ? `<path d="${d}" transform="translate(${round(width / 2 + g.x)} ${round(height / 2 + g.y)}) rotate(${round(g.angle)})"/>` : '';
    })
    .join('');
  return { layout, svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><g fill="${input.colour}">${paths}</g></svg>`, width, height };
}
