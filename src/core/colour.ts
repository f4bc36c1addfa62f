/**
 * §5.2 colours: hex of 3, 4, 6 or 8 digits; the last two of 8 (the last one of 4) are opacity,
 * and opacity 0 means transparent. Pure functions, no DOM, so the server, the editor and the
 * theme pipeline share one implementation.
 */

/** Channels 0–255, alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export const BLACK: Rgba = Object.freeze({ r: 0, g: 0, b: 0, a: 1 });
export const WHITE: Rgba = Object.freeze({ r: 255, g: 255, b: 255, a: 1 });

/** Parses a §5.2 hex colour; undefined for anything else (including the empty "not set" value). */
export function parseColour(value: string): Rgba | undefined {
  const match = HEX.exec(value.trim());
  if (!match) return undefined;
  let digits = match[1]!;
  // Short forms double each digit: #f80 = #ff8800, #f808 = #ff880088.
  if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
  const byte = (i: number) => parseInt(digits.slice(i, i + 2), 16);
  return { r: byte(0), g: byte(2), b: byte(4), a: digits.length === 8 ? byte(6) / 255 : 1 };
}

export const isColour = (value: string): boolean => parseColour(value) !== undefined;

export const isTransparent = (colour: Rgba): boolean => colour.a === 0;

const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;

/** `rgba(r, g, b, a)` with alpha rounded to 3 places. */
export const toRgbaString = ({ r, g, b, a }: Rgba): string => `rgba(${r}, ${g}, ${b}, ${round(a)})`;

/** Lower-case #rrggbb, or #rrggbbaa when not opaque. */
export function toHex({ r, g, b, a }: Rgba): string {
  const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}${a < 1 ? hex(a * 255) : ''}`;
}

/** The CSS value for a theme colour: `transparent` for opacity 0, hex when opaque, rgba() otherwise. */
export function toCssColour(colour: Rgba): string {
  if (isTransparent(colour)) return 'transparent';
  return colour.a === 1 ? toHex(colour) : toRgbaString(colour);
}

/** WCAG 2 relative luminance of the colour's RGB (alpha ignored; composite first if it matters). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Paints `top` over an opaque `bottom` (source-over); the result is opaque. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const base = bottom.a < 1 ? composite(bottom, WHITE) : bottom;
  const over = (t: number, u: number) => Math.round(t * top.a + u * (1 - top.a));
  return { r: over(top.r, base.r), g: over(top.g, base.g), b: over(top.b, base.b), a: 1 };
}

/**
 * WCAG 2 contrast ratio (1–21) of text `foreground` on `background`. Translucent colours are
 * composited first (the background over white), because that is what the reader sees.
 */
export function contrastRatio(foreground: Rgba, background: Rgba): number {
  const bg = background.a < 1 ? composite(background, WHITE) : background;
  const fg = foreground.a < 1 ? composite(foreground, bg) : foreground;
  const [hi, lo] = [relativeLuminance(fg), relativeLuminance(bg)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Linear RGB mix: weight 0 gives `from`, 1 gives `to`. Alpha is mixed too. */
export function mix(from: Rgba, to: Rgba, weight: number): Rgba {
  const w = Math.min(1, Math.max(0, weight));
  const lerp = (x: number, y: number) => x + (y - x) * w;
  return { r: Math.round(lerp(from.r, to.r)), g: Math.round(lerp(from.g, to.g)), b: Math.round(lerp(from.b, to.b)), a: round(lerp(from.a, to.a)) };
}

/** Mixes in `amount` (0–1) of black, keeping the colour's own opacity. */
export const darken = (colour: Rgba, amount: number): Rgba => mix(colour, { ...BLACK, a: colour.a }, amount);

/** Mixes in `amount` (0–1) of white, keeping the colour's own opacity. */
export const lighten = (colour: Rgba, amount: number): Rgba => mix(colour, { ...WHITE, a: colour.a }, amount);

/**
 * Luminance at which black and white text have equal contrast ((L+0.05)/0.05 = 1.05/(L+0.05)).
 * Above it a colour is "light" (carries dark text), below it "dark" (carries light text).
 */
export const LIGHT_LUMINANCE = Math.sqrt(1.05 * 0.05) - 0.05;

export const isLight = (colour: Rgba): boolean => relativeLuminance(colour) > LIGHT_LUMINANCE;

/** §3 "Hover-colour derivation factor 0.6". */
export const HOVER_FACTOR = 0.6;

/** Contrast between a colour and its hover shade below which the change is too faint to notice. */
export const MIN_HOVER_STEP = 1.2;

/**
 * The hover shade of an interactive colour (§3, factor 0.6).
 *
 * It keeps HOVER_FACTOR (60 %) of the colour and mixes in 1 − HOVER_FACTOR (40 %) of the colour's
 * own pole: black for a dark colour, white for a light one (see LIGHT_LUMINANCE). Moving away from
 * mid-grey means the text that reads on the colour (light on dark, dark on light) reads better
 * still on hover.
 *
 * A colour at or near its pole (white, near-black) would barely change that way (contrast with
 * its hover below MIN_HOVER_STEP), so it moves towards the other pole instead, by the smallest
 * amount that is visible (contrast MIN_HOVER_STEP, at most 1 − HOVER_FACTOR): text on it loses
 * at most that factor of contrast. Opacity is kept; a transparent colour stays transparent.
 */
export function hoverColour(colour: Rgba): Rgba {
  if (isTransparent(colour)) return colour;
  const maxWeight = 1 - HOVER_FACTOR;
  const light = isLight(colour);
  const step = (hover: Rgba) => contrastRatio({ ...hover, a: 1 }, { ...colour, a: 1 });
  const away = light ? lighten(colour, maxWeight) : darken(colour, maxWeight);
  if (step(away) >= MIN_HOVER_STEP) return away;
  const towards = (weight: number) => (light ? darken(colour, weight) : lighten(colour, weight));
  // The step grows with the weight, so bisect for the smallest visible one.
  let [low, high] = [0, maxWeight];
  if (step(towards(high)) < MIN_HOVER_STEP) return towards(high);
  for (let i = 0; i < 20; i++) {
    const mid = (low + high) / 2;
    if (step(towards(mid)) >= MIN_HOVER_STEP) high = mid;
    else low = mid;
  }
  return towards(high);
}
