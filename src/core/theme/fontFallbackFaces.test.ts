import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate, OUTPUT } from '../../../scripts/gen-font-fallbacks';
import { fallbackFaceCss, fallbackFamilies } from './fontFallbackFaces';
import { THEME_FONTS } from './fonts';
import { fontStack } from './fontStack';

describe('font stand-ins drawn to the web fonts’ metrics', () => {
  it('come from a table that is what Capsize’s metrics give (run scripts/gen-font-fallbacks.ts when it is not)', () => {
    expect(fs.readFileSync(OUTPUT, 'utf8')).toBe(generate());
  });

  it('cover every font the theme editor offers that Capsize knows, each with an installed face per kind of system', () => {
    const covered = THEME_FONTS.filter((family) => fallbackFamilies(family).length > 0);
    expect(covered.length).toBeGreaterThanOrEqual(THEME_FONTS.length - 2);
    expect(fallbackFamilies('Lora')).toEqual(['Lora Fallback 1', 'Lora Fallback 2', 'Lora Fallback 3']);
    expect(fallbackFamilies('lato')).toEqual(['Lato Fallback 1', 'Lato Fallback 2']);
  });

  it('come first in a theme font’s stack, before the generic fallbacks; a custom font has none', () => {
    expect(fontStack('Lora')).toBe('"Lora", "Lora Fallback 1", "Lora Fallback 2", "Lora Fallback 3", Georgia, "Times New Roman", serif');
    expect(fontStack('My Brand')).toBe('"My Brand", "Helvetica Neue", Arial, sans-serif');
    expect(fallbackFaceCss(['My Brand', '</style>'])).toBe('');
  });

  it('are declared at both weights, each from the installed face of that weight, scaled to the web font', () => {
    const css = fallbackFaceCss(['Lora', 'Lora']);
    expect(css.match(/@font-face/g)).toHaveLength(6);
    expect(css).toMatch(/^@font-face\{font-family:"Lora Fallback 1";src:local\("Georgia"\);font-weight:400;size-adjust:\d+(\.\d+)?%;ascent-override:\d+(\.\d+)?%;descent-override:\d+(\.\d+)?%\}/);
    expect(css).toContain('font-family:"Lora Fallback 1";src:local("Georgia Bold"), local("Georgia-Bold");font-weight:700;');
    expect(css).toContain('local("Liberation Serif")');
  });
});
