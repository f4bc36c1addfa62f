import values from '../../../schemas/themes/values.json';
import type { ResolvedTheme } from './types';

// The font catalogue lives in the schema (values.json $defs/font) beside the editor's font list.
const catalogue = values.$defs.font['x-ui'];

/** §9 standard fonts; everything else is a display or custom-hosted font. */
export const STANDARD_FONTS: readonly string[] = catalogue.standard;
/** Every font the theme editor offers (standard and display); any other name is a custom-hosted font. */
export const THEME_FONTS: readonly string[] = values.$defs.font.examples;

export type Generic = 'sans-serif' | 'serif' | 'cursive' | 'monospace';

const GENERIC_OF = new Map<string, Generic>(
  Object.entries(catalogue.generic).flatMap(([generic, names]) => names.map((font): [string, Generic] => [font.toLowerCase(), generic as Generic])),
);

/** A font's generic kind (sans-serif if unknown). */
export const fontGeneric = (family: string): Generic => GENERIC_OF.get(family.toLowerCase()) ?? 'sans-serif';

/** Unique font families a theme uses, in property order: what the page must load. */
export function fontsOfTheme(theme: ResolvedTheme): string[] {
  const fonts = new Set<string>();
  for (const [key, value] of Object.entries(theme.properties)) {
    if (theme.kinds[key] === 'font' && typeof value === 'string' && value !== '') fonts.add(value);
  }
  return [...fonts];
}

/** §9: fonts load timeout "about 3 s"; after it the page reports failure and keeps its fallbacks. */
export const FONT_LOAD_TIMEOUT_MS = 3000;
/** The weights a theme font is drawn in: regular text and bold (headings, buttons). */
export const FONT_WEIGHTS = [400, 700] as const;
export type FontWeight = (typeof FONT_WEIGHTS)[number];

/** "DM Serif Display" → "dm-serif-display": the @fontsource package name and the URL segment. */
export const fontSlug = (family: string): string =>
  family
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export const fontUrl = (family: string, weight: FontWeight): string => `/fonts/${fontSlug(family)}/${weight}.woff2`;

/** The FontFace `src` descriptor (same text as an @font-face rule's src). */
export const fontSource = (family: string, weight: FontWeight): string => `url(${fontUrl(family, weight)}) format("woff2")`;
