/**
 * Curved text in the studio: the glyphs of a line stand on a circle, upright to it. The editor and the print-file
 * renderer both place glyphs with this one function, each measuring advances with its own font engine, so the
 * print file bends exactly as the shopper saw it.
 *
 * `curve` runs from −1 to 1: positive arcs up (a rainbow, ∩), negative arcs down (a smile, ∪), 0 is straight. The
 * circle's radius is the font size divided by the curve's strength (at full curve the radius is
 * MIN_RADIUS_EMS font sizes), so short words bend gently and a long line can close almost into a ring, never over it.
 */
export const MAX_CURVE = 1;
export const MIN_RADIUS_EMS = 1.6;
/** The longest arc a line may take (radians): a long text at full curve grows its circle instead of overlapping. */
const MAX_SWEEP = Math.PI * 1.8;

export interface CurvedGlyph {
  /** The glyph's baseline centre, relative to the layout's centre (pixels). */
  x: number;
  y: number;
  /** Clockwise rotation in degrees. */
  angle: number;
}

export interface CurvedLayout {
  glyphs: CurvedGlyph[];
  /** The box around every glyph (ascent to descent) once bent. */
  width: number;
  height: number;
  /** The circle the glyphs' middles run on, relative to the layout's centre. */
  centre: { x: number; y: number };
  radius: number;
}

export const clampCurve = (curve: number): number => Math.max(-MAX_CURVE, Math.min(MAX_CURVE, curve));

/** The radius of the circle through the glyphs' middles, for a line of `lineWidth` pixels at `size` pixels. */
export function curveRadius(size: number, curve: number, lineWidth: number): number {
  const strength = Math.abs(clampCurve(curve));
  if (strength === 0) return Infinity;
  return Math.max((size * MIN_RADIUS_EMS) / strength, lineWidth / MAX_SWEEP);
}

/**
 * Places glyphs of the given advances (pixels) on the arc. `ascent` and `descent` (both positive, pixels) bound
 * each glyph vertically from its baseline, for the layout's box.
 */
export function curvedTextLayout(advances: readonly number[], size: number, curve: number, metrics: { ascent: number; descent: number }): CurvedLayout {
  const lineWidth = advances.reduce((a, b) => a + b, 0);
  const radius = curveRadius(size, curve, lineWidth);
  const up = curve >= 0;
  // Advances are laid along the circle through the glyphs' middle (so an arc down does not crowd its tops, nor an
  // arc up spread them); baselines stand on the circle below (arc up) or beyond (arc down) it. First in "apex"
  // coordinates: the middle of that circle's top (or bottom) at (0, 0), its centre straight below (or above).
  const middle = metrics.ascent * 0.4;
  const baselineRadius = up ? radius - middle : radius + middle;
  const raw: CurvedGlyph[] = [];
  let along = -lineWidth / 2;
  for (const advance of advances) {
    const t = along + advance / 2;
    along += advance;
    if (!Number.isFinite(radius)) {
      raw.push({ x: t, y: 0, angle: 0 });
      continue;
    }
    const phi = t / radius;
    raw.push({
      x: baselineRadius * Math.sin(phi),
      y: up ? radius - baselineRadius * Math.cos(phi) : -radius + baselineRadius * Math.cos(phi),
      angle: ((up ? 1 : -1) * phi * 180) / Math.PI,
    });
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  raw.forEach((g, i) => {
    const half = advances[i]! / 2;
    const a = (g.angle * Math.PI) / 180;
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    for (const [dx, dy] of [[-half, -metrics.ascent], [half, -metrics.ascent], [-half, metrics.descent], [half, metrics.descent]] as const) {
      const x = g.x + dx * cos - dy * sin;
      const y = g.y + dx * sin + dy * cos;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  });
  if (raw.length === 0) return { glyphs: [], width: 0, height: 0, centre: { x: 0, y: 0 }, radius };
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  return {
    glyphs: raw.map((g) => ({ x: g.x - cx, y: g.y - cy, angle: g.angle })),
    width: maxX - minX,
    height: maxY - minY,
    centre: { x: -cx, y: (up ? radius : -radius) - cy },
    radius,
  };
}

/** Characters as the layout places them (code points, so an accented letter or emoji stays one glyph). */
export const glyphsOf = (text: string): string[] => Array.from(text);
