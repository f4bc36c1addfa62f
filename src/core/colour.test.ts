import { describe, expect, it } from 'vitest';
import {
  composite,
  contrastRatio,
  darken,
  HOVER_FACTOR,
  hoverColour,
  isLight,
  lighten,
  MIN_HOVER_STEP,
  mix,
  parseColour,
  relativeLuminance,
  toCssColour,
  toHex,
  toRgbaString,
  WHITE,
  BLACK,
  type Rgba,
} from './colour';

const c = (hex: string): Rgba => {
  const parsed = parseColour(hex);
  if (!parsed) throw new Error(`bad colour ${hex}`);
  return parsed;
};

describe('parseColour (§5.2)', () => {
  it('reads all four hex lengths; the last two of 8 (last one of 4) are opacity', () => {
    expect(parseColour('#f80')).toEqual({ r: 255, g: 136, b: 0, a: 1 });
    expect(parseColour('#f808')).toEqual({ r: 255, g: 136, b: 0, a: 0x88 / 255 });
    expect(parseColour('#1A2b3C')).toEqual({ r: 26, g: 43, b: 60, a: 1 });
    expect(parseColour('#1a2b3c80')).toEqual({ r: 26, g: 43, b: 60, a: 128 / 255 });
  });

  it('treats opacity 0 as transparent', () => {
    expect(toCssColour(c('#12345600'))).toBe('transparent');
    expect(toCssColour(c('#0000'))).toBe('transparent');
    expect(toCssColour(c('#123456ff'))).toBe('#123456');
  });

  it('rejects anything that is not a 3, 4, 6 or 8 digit hex', () => {
    for (const bad of ['', '#', '#12', '#12345', '#1234567', '#123456789', '123456', 'red', '#ggg', 'rgb(0,0,0)']) {
      expect(parseColour(bad), bad).toBeUndefined();
    }
  });

  it('writes rgba and hex', () => {
    expect(toRgbaString(c('#1a2b3c80'))).toBe('rgba(26, 43, 60, 0.502)');
    expect(toHex(c('#ABC'))).toBe('#aabbcc');
    expect(toHex(c('#aabbcc80'))).toBe('#aabbcc80');
    expect(toCssColour(c('#aabbcc80'))).toBe('rgba(170, 187, 204, 0.502)');
  });
});

describe('luminance and contrast (WCAG 2)', () => {
  it('matches the reference values', () => {
    expect(relativeLuminance(WHITE)).toBeCloseTo(1, 6);
    expect(relativeLuminance(BLACK)).toBe(0);
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 6);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    // #767676 on white is the well-known lightest grey that passes AA.
    expect(contrastRatio(c('#767676'), WHITE)).toBeCloseTo(4.54, 2);
  });

  it('is symmetric and composites translucent colours first', () => {
    expect(contrastRatio(c('#1d7a45'), WHITE)).toBeCloseTo(contrastRatio(WHITE, c('#1d7a45')), 10);
    // Black at 50 % over white reads as mid grey, not as black.
    expect(composite(c('#00000080'), WHITE)).toEqual({ r: 127, g: 127, b: 127, a: 1 });
    expect(contrastRatio(c('#00000080'), WHITE)).toBeCloseTo(contrastRatio(c('#7f7f7f'), WHITE), 6);
    expect(contrastRatio(BLACK, c('#ffffff00'))).toBeCloseTo(21, 6);
  });
});

describe('mix, darken, lighten', () => {
  it('interpolates linearly and keeps opacity where asked', () => {
    expect(mix(BLACK, WHITE, 0.5)).toEqual({ r: 128, g: 128, b: 128, a: 1 });
    expect(mix(BLACK, WHITE, 2)).toEqual(WHITE);
    expect(darken(c('#ff000080'), 0.5)).toEqual({ r: 128, g: 0, b: 0, a: 0.502 });
    expect(lighten(c('#000000'), 0.25)).toEqual({ r: 64, g: 64, b: 64, a: 1 });
  });
});

describe('hover derivation (§3 factor 0.6)', () => {
  it('uses the spec factor', () => {
    expect(HOVER_FACTOR).toBe(0.6);
  });

  it('keeps 60 % of a dark colour and mixes in 40 % black', () => {
    const green = c('#1d7a45');
    expect(isLight(green)).toBe(false);
    expect(hoverColour(green)).toEqual(mix(green, BLACK, 1 - HOVER_FACTOR));
    expect(toHex(hoverColour(green))).toBe('#114929');
  });

  it('keeps 60 % of a light colour and mixes in 40 % white', () => {
    const pink = c('#f28cb1');
    expect(isLight(pink)).toBe(true);
    expect(hoverColour(pink)).toEqual(mix(pink, WHITE, 1 - HOVER_FACTOR));
  });

  it('moves colours at their pole the other way, by the smallest visible step', () => {
    for (const [hex, darker] of [['#ffffff', true], ['#000000', false], ['#111111', false], ['#f4f0e6', true]] as const) {
      const base = c(hex);
      const hover = hoverColour(base);
      expect(relativeLuminance(hover) < relativeLuminance(base), hex).toBe(darker);
      expect(contrastRatio(hover, base), hex).toBeGreaterThanOrEqual(MIN_HOVER_STEP);
      expect(contrastRatio(hover, base), hex).toBeLessThan(MIN_HOVER_STEP + 0.02);
    }
  });

  it('keeps text readable: white on a dark button gains contrast on hover', () => {
    const button = c('#1d7a45');
    expect(contrastRatio(WHITE, hoverColour(button))).toBeGreaterThan(contrastRatio(WHITE, button));
  });

  it('keeps opacity and leaves transparent alone', () => {
    expect(hoverColour(c('#1d7a4580')).a).toBeCloseTo(128 / 255, 3);
    expect(hoverColour(c('#1d7a4500'))).toEqual(c('#1d7a4500'));
  });
});
