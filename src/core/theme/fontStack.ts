import { fallbackFamilies } from './fontFallbackFaces';
import { fontGeneric, type Generic } from './fonts';

// Its own module: the stand-ins' table (fontFallbackFaces.ts) stays out of code that only loads fonts.

// Widely installed faces of the same shape, so text keeps its character while the web font loads
// (§9: load timeout about 3 s) or when it fails.
const FALLBACKS: Record<Generic, string> = {
  'sans-serif': '"Helvetica Neue", Arial, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  cursive: '"Brush Script MT", cursive',
  monospace: 'Menlo, Consolas, monospace',
};

const quote = (family: string) => `"${family.replace(/["\\]/g, '\\$&')}"`;

/**
 * A CSS font-family value: the family quoted, its installed faces scaled to its metrics (fontFallbackFaces.ts), then
 * fallbacks of its generic kind.
 */
export const fontStack = (family: string): string =>
  [quote(family), ...fallbackFamilies(family).map(quote), FALLBACKS[fontGeneric(family)]].join(', ');

