import { composite, contrastRatio, parseColour, relativeLuminance, toHex, type Rgba } from './colour';
import { MIN_CONTRAST } from './theme/contrast';

/**
 * Text over a picture (banners and slides): whether it meets WCAG AA, and the overlay and §3 text shadow that make
 * it do so whatever the picture. The picture is described by its tone, measured once when it is uploaded or seeded:
 * per text position, the light and dark ends of the colours behind the text.
 */

export type TextPosition = 'left' | 'center' | 'right';
export const TEXT_POSITIONS: readonly TextPosition[] = ['left', 'center', 'right'];
/** The light (90th percentile by luminance) and dark (10th) colours behind text at one position, as #rrggbb. */
export interface ToneRange {
  light: string;
  dark: string;
}
export type ImageTone = Record<TextPosition, ToneRange>;
export type TextShadowLevel = 'none' | 'light' | 'medium' | 'heavy';

/** The darkest overlay the storefront adds on its own: beyond it the picture would be lost. */
export const MAX_AUTO_OVERLAY = 0.7;

/**
 * Where a measured region sits in the picture, as fractions of its width and height: the text block of a banner
 * covers the middle band, towards its alignment side.
 */
export const TONE_REGIONS: Record<TextPosition, { x0: number; x1: number; y0: number; y1: number }> = {
  left: { x0: 0, x1: 0.6, y0: 0.2, y1: 0.8 },
  center: { x0: 0.2, x1: 0.8, y0: 0.2, y1: 0.8 },
  right: { x0: 0.4, x1: 1, y0: 0.2, y1: 0.8 },
};

/** The tone of one region from its pixels (RGB triplets): the colours at the 10th and 90th percentile of luminance. */
export function toneOfPixels(pixels: readonly Rgba[]): ToneRange {
  if (pixels.length === 0) return { light: '#ffffff', dark: '#ffffff' };
  const sorted = [...pixels].sort((a, b) => relativeLuminance(a) - relativeLuminance(b));
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { light: toHex(at(0.9)).slice(0, 7), dark: toHex(at(0.1)).slice(0, 7) };
}

export interface LegibilityInput {
  tone: ImageTone | undefined;
  align: TextPosition | undefined;
  textColour: string;
  overlayColour: string;
  overlayOpacity: number;
  textShadow: TextShadowLevel | undefined;
}

export interface Legibility {
  /** Whether the tone is known (an image picked by address only has none). */
  measured: boolean;
  /** The worst contrast with the owner's own settings. */
  ratio: number;
  passes: boolean;
  /** What the storefront draws: the owner's overlay, darkened only as far as AA needs (and never past MAX_AUTO_OVERLAY). */
  overlayOpacity: number;
  /** The owner's shadow, raised to heavy when even the darkest allowed overlay is not enough. */
  textShadow: TextShadowLevel | undefined;
  /** The worst contrast with what the storefront draws. */
  effectiveRatio: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The worst contrast of the text over both ends of the picture's tone under the overlay. */
export function contrastOverTone(range: ToneRange, text: Rgba, overlay: Rgba, opacity: number): number {
  const tinted = (hex: string) => composite({ ...overlay, a: Math.max(0, Math.min(1, opacity)) }, parseColour(hex) ?? { r: 255, g: 255, b: 255, a: 1 });
  return Math.min(contrastRatio(text, tinted(range.light)), contrastRatio(text, tinted(range.dark)));
}

/** WCAG AA for the banner or slide text over its picture, and the overlay and shadow that reach it. */
export function legibility(input: LegibilityInput): Legibility {
  const owner = { overlayOpacity: input.overlayOpacity, textShadow: input.textShadow };
  const range = input.tone?.[input.align ?? 'center'];
  if (!range) return { measured: false, ratio: 0, passes: true, effectiveRatio: 0, ...owner };
  const text = parseColour(input.textColour) ?? { r: 255, g: 255, b: 255, a: 1 };
  const overlay = parseColour(input.overlayColour) ?? { r: 0, g: 0, b: 0, a: 1 };
  const ratio = contrastOverTone(range, text, overlay, input.overlayOpacity);
  if (ratio >= MIN_CONTRAST) return { measured: true, ratio: round2(ratio), passes: true, effectiveRatio: round2(ratio), ...owner };
  // Darken (or lighten, with a light overlay) step by step until AA holds.
  for (let opacity = Math.ceil(input.overlayOpacity * 100) / 100; opacity <= MAX_AUTO_OVERLAY + 1e-9; opacity = round2(opacity + 0.01)) {
    const reached = contrastOverTone(range, text, overlay, opacity);
    if (reached >= MIN_CONTRAST) return { measured: true, ratio: round2(ratio), passes: false, overlayOpacity: opacity, textShadow: input.textShadow, effectiveRatio: round2(reached) };
  }
  // The overlay cannot carry it alone: keep whichever opacity reads better, and outline every letter with the heaviest shadow.
  const darkest = contrastOverTone(range, text, overlay, MAX_AUTO_OVERLAY);
  const overlayOpacity = darkest > ratio ? MAX_AUTO_OVERLAY : input.overlayOpacity;
  return { measured: true, ratio: round2(ratio), passes: false, overlayOpacity, textShadow: 'heavy', effectiveRatio: round2(Math.max(darkest, ratio)) };
}
