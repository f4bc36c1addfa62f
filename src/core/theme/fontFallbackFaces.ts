import { FONT_FALLBACKS } from '../generated/fontFallbacks';

/**
 * An installed face standing in for a web font until it arrives: drawn at the web font's size and line metrics
 * (scripts/gen-font-fallbacks.ts), so the swap does not move the page.
 */
export interface FallbackFace {
  /** The family name the stand-in is declared under ("Lora Fallback 1"). */
  family: string;
  /** Local face names to try, by weight: the regular and the bold face of the same installed font. */
  local: { 400: readonly string[]; 700: readonly string[] };
  /** Left out where the installed face already matches (it keeps its own). */
  sizeAdjust?: number;
  ascentOverride?: number;
  descentOverride?: number;
  lineGapOverride?: number;
}

// Theme names are matched without regard to case, as fontStack's generic kinds are.
const facesOf = (family: string): readonly FallbackFace[] => {
  const wanted = family.trim().toLowerCase();
  return Object.entries(FONT_FALLBACKS).find(([name]) => name.toLowerCase() === wanted)?.[1] ?? [];
};

/** The stand-in families of a theme font, in the order they are tried (none for a custom-hosted font). */
export const fallbackFamilies = (family: string): string[] => facesOf(family).map((face) => face.family);

const percent = (value: number) => `${Number((value * 100).toFixed(4))}%`;
const localSources = (names: readonly string[]) => names.map((name) => `local("${name}")`).join(', ');

const DESCRIPTORS = [
  ['sizeAdjust', 'size-adjust'],
  ['ascentOverride', 'ascent-override'],
  ['descentOverride', 'descent-override'],
  ['lineGapOverride', 'line-gap-override'],
] as const;

/** The @font-face rule of one stand-in at one weight. */
function faceRule(face: FallbackFace, weight: 400 | 700): string {
  const metrics = DESCRIPTORS.flatMap(([key, css]) => (face[key] === undefined ? [] : [`${css}:${percent(face[key])}`]));
  return `@font-face{${[`font-family:"${face.family}"`, `src:${localSources(face.local[weight])}`, `font-weight:${weight}`, ...metrics].join(';')}}`;
}

/**
 * The @font-face rules of the stand-ins of `families` (the server's first paint). Only fonts of the generated table
 * have any, so nothing from store data reaches the rules but the choice of font.
 */
export function fallbackFaceCss(families: Iterable<string>): string {
  return [...new Set(families)].flatMap((family) => facesOf(family).flatMap((face) => [faceRule(face, 400), faceRule(face, 700)])).join('');
}
