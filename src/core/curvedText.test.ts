import { describe, expect, it } from 'vitest';
import { MIN_RADIUS_EMS, curveRadius, curvedTextLayout } from './curvedText';

const metrics = { ascent: 80, descent: 20 };
const advances = [50, 60, 40, 70, 50];

describe('curved text layout', () => {
  it('lays a straight line when the curve is 0: one baseline, no rotation, the advances side by side', () => {
    const layout = curvedTextLayout(advances, 100, 0, metrics);
    expect(layout.width).toBeCloseTo(270);
    expect(layout.height).toBeCloseTo(100);
    expect(new Set(layout.glyphs.map((g) => g.y)).size).toBe(1);
    expect(layout.glyphs.every((g) => g.angle === 0)).toBe(true);
    expect(layout.glyphs.map((g) => Math.round(g.x))).toEqual([-110, -55, -5, 50, 110]);
  });

  it('arcs up with the middle above the ends and glyphs turned outwards; arcs down mirrored', () => {
    for (const [curve, sign] of [[0.7, 1], [-0.7, -1]] as const) {
      const { glyphs, centre, radius } = curvedTextLayout(advances, 100, curve, metrics);
      expect(radius).toBeCloseTo((100 * MIN_RADIUS_EMS) / 0.7);
      expect(sign * (glyphs[0]!.y - glyphs[2]!.y)).toBeGreaterThan(5);
      expect(sign * glyphs[0]!.angle).toBeLessThan(0);
      expect(sign * glyphs[4]!.angle).toBeGreaterThan(0);
      // Each glyph's middle (0.4 ascent above its baseline, along its own up) lies on the circle.
      for (const g of glyphs) {
        const a = (g.angle * Math.PI) / 180;
        const mx = g.x + 0.4 * metrics.ascent * Math.sin(a);
        const my = g.y - 0.4 * metrics.ascent * Math.cos(a);
        expect(Math.hypot(mx - centre.x, my - centre.y)).toBeCloseTo(radius, 6);
      }
    }
  });

  it('never wraps a long line over itself: the circle grows instead', () => {
    const long = Array.from({ length: 60 }, () => 60);
    expect(curveRadius(100, 1, 3600)).toBeGreaterThan(100 * MIN_RADIUS_EMS);
    const { glyphs } = curvedTextLayout(long, 100, 1, metrics);
    expect(glyphs.at(-1)!.angle - glyphs[0]!.angle).toBeLessThan(360);
  });
});
