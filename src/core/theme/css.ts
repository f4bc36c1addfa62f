import { hoverColour, parseColour, toCssColour } from '../colour';
import { fontStack } from './fontStack';
import type { ResolvedTheme, ThemeImage, ThemeValue } from './types';

export type CssVariables = Record<`--${string}`, string>;

/** primary.color → --primary-color (the renderer's stylesheets rely on this naming). */
export const cssVariableName = (key: string): `--${string}` => `--${key.replace(/\./g, '-')}`;

/**
 * Shadow strengths as a value valid for both text-shadow and box-shadow (no spread), so one
 * scale serves text.shadow and the card, gate … shadows.
 */
export const SHADOWS: Record<string, string> = {
  none: 'none',
  light: '0 1px 3px rgba(0, 0, 0, 0.16)',
  medium: '0 2px 8px rgba(0, 0, 0, 0.24)',
  heavy: '0 6px 20px rgba(0, 0, 0, 0.36)',
};

const cssString = (text: string) => `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"`;

const imageValue = (value: ThemeValue) => (value && typeof value === 'object' ? `url(${cssString((value as ThemeImage).src)})` : 'none');

/**
 * CSS custom properties of a resolved theme. Colours also get a `-hover` variant (colour.ts
 * hoverColour, §3 factor 0.6); an empty colour is `transparent`. Booleans, numbers, texts and
 * choices (footer.visible, productPage.*) are not styling: components read them from the theme.
 */
export function themeCssVariables(theme: ResolvedTheme): CssVariables {
  const out: CssVariables = {};
  for (const [key, value] of Object.entries(theme.properties)) {
    const name = cssVariableName(key);
    switch (theme.kinds[key]) {
      case 'colour': {
        const colour = parseColour(String(value));
        if (colour) {
          out[name] = toCssColour(colour);
          out[`${name}-hover`] = toCssColour(hoverColour(colour));
        } else {
          out[name] = out[`${name}-hover`] = 'transparent';
        }
        break;
      }
      case 'font':
        out[name] = fontStack(String(value));
        break;
      case 'shadow':
        out[name] = SHADOWS[String(value)] ?? 'none';
        break;
      case 'image':
        out[name] = imageValue(value);
        break;
      case 'length':
      case 'transform':
        out[name] = String(value);
        break;
      default:
        break;
    }
  }
  return out;
}
