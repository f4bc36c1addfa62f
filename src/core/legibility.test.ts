import { describe, expect, it } from 'vitest';
import { contrastOverTone, legibility, MAX_AUTO_OVERLAY, toneOfPixels, type ImageTone } from './legibility';
import { parseColour } from './colour';
import { MIN_CONTRAST } from './theme/contrast';

const even = (light: string, dark: string): ImageTone => ({ left: { light, dark }, center: { light, dark }, right: { light, dark } });
const base = { align: 'center' as const, textColour: '#ffffff', overlayColour: '#000000', overlayOpacity: 0.15, textShadow: undefined };

describe('text over a measured picture (WCAG AA, §3 overlay and text shadow levels)', () => {
  it('uses exactly 4.5:1, the WCAG AA minimum for normal text', () => expect(MIN_CONTRAST).toBe(4.5));

  it("keeps the owner's overlay when white text already reads on a dark picture", () => {
    const result = legibility({ ...base, tone: even('#3a3a3a', '#101010') });
    expect(result).toMatchObject({ measured: true, passes: true, overlayOpacity: 0.15, textShadow: undefined });
    expect(result.ratio).toBeGreaterThanOrEqual(4.5);
  });

  it('darkens the overlay of a pale picture just enough for white text to reach 4.5:1', () => {
    const tone = even('#f2f7f9', '#4f8aa0');
    const result = legibility({ ...base, tone });
    expect(result.passes).toBe(false);
    expect(result.ratio).toBeLessThan(2);
    expect(result.effectiveRatio).toBeGreaterThanOrEqual(4.5);
    expect(result.overlayOpacity).toBeGreaterThan(0.15);
    expect(result.overlayOpacity).toBeLessThanOrEqual(MAX_AUTO_OVERLAY);
    // One step lighter would not be enough.
    const white = parseColour('#ffffff')!;
    const black = parseColour('#000000')!;
    expect(contrastOverTone(tone.center, white, black, result.overlayOpacity - 0.01)).toBeLessThan(4.5);
  });

  it('measures the side the text is aligned to', () => {
    const tone: ImageTone = { left: { light: '#202020', dark: '#101010' }, center: { light: '#ffffff', dark: '#eeeeee' }, right: { light: '#ffffff', dark: '#eeeeee' } };
    expect(legibility({ ...base, tone, align: 'left' }).passes).toBe(true);
    expect(legibility({ ...base, tone, align: 'right' }).passes).toBe(false);
  });

  it('falls back to the heavy shadow when no overlay can carry the text (dark text under a black overlay)', () => {
    const result = legibility({ ...base, textColour: '#222222', tone: even('#ffffff', '#888888') });
    expect(result).toMatchObject({ passes: false, textShadow: 'heavy', overlayOpacity: 0.15 });
  });

  it('changes nothing for a picture that was never measured', () => {
    expect(legibility({ ...base, overlayOpacity: 0.3, textShadow: 'light', tone: undefined })).toMatchObject({ measured: false, passes: true, overlayOpacity: 0.3, textShadow: 'light' });
  });

  it('takes the 10th and 90th percentile colours of a region', () => {
    const pixels = Array.from({ length: 100 }, (_, i) => ({ r: i, g: i, b: i, a: 1 }));
    expect(toneOfPixels(pixels)).toEqual({ light: '#5a5a5a', dark: '#0a0a0a' });
  });
});
