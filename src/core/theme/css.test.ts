import { describe, expect, it } from 'vitest';
import { contrastIssues } from './contrast';
import { SHADOWS, themeCssVariables } from './css';
import { fontsOfTheme, STANDARD_FONTS } from './fonts';
import { fontStack } from './fontStack';
import type { ResolvedTheme, ThemeKind, ThemeProperties } from './types';

const theme = (properties: ThemeProperties, kinds: Record<string, ThemeKind>): ResolvedTheme => ({
  name: 't',
  deprecated: false,
  chain: ['t'],
  properties,
  kinds,
});

describe('themeCssVariables', () => {
  it('turns each kind into a CSS value', () => {
    const css = themeCssVariables(
      theme(
        {
          'menu.background': '#fff',
          'gate.overlay.color': '#000000b3',
          'text.background': '',
          'heading1.font': 'Playfair Display',
          'banner.font': 'Pacifico',
          'card.shadow': 'medium',
          'button.radius': '999px',
          'menu.text.transform': 'uppercase',
          'image.default': { src: '/media/a "b".png', alt: '' },
          'image.defaultVideo': null,
          'footer.visible': false,
        },
        {
          'menu.background': 'colour',
          'gate.overlay.color': 'colour',
          'text.background': 'colour',
          'heading1.font': 'font',
          'banner.font': 'font',
          'card.shadow': 'shadow',
          'button.radius': 'length',
          'menu.text.transform': 'transform',
          'image.default': 'image',
          'image.defaultVideo': 'image',
          'footer.visible': 'boolean',
        },
      ),
    );
    expect(css).toEqual({
      '--menu-background': '#ffffff',
      '--menu-background-hover': '#eaeaea',
      '--gate-overlay-color': 'rgba(0, 0, 0, 0.702)',
      '--gate-overlay-color-hover': 'rgba(26, 26, 26, 0.702)',
      '--text-background': 'transparent',
      '--text-background-hover': 'transparent',
      '--heading1-font': '"Playfair Display", "Playfair Display Fallback 1", "Playfair Display Fallback 2", "Playfair Display Fallback 3", Georgia, "Times New Roman", serif',
      '--banner-font': '"Pacifico", "Pacifico Fallback 1", "Pacifico Fallback 2", "Brush Script MT", cursive',
      '--card-shadow': SHADOWS.medium,
      '--button-radius': '999px',
      '--menu-text-transform': 'uppercase',
      '--image-default': 'url("/media/a \\"b\\".png")',
      '--image-defaultVideo': 'none',
    });
  });
});

describe('fonts', () => {
  it('lists the §9 standard fonts', () => {
    expect(STANDARD_FONTS).toEqual(['Lato', 'Montserrat', 'Roboto', 'Open Sans']);
  });

  it('quotes the family and falls back to its generic kind, sans-serif when unknown', () => {
    // After each theme font, its stand-ins drawn to its metrics (fontFallbackFaces.ts).
    expect(fontStack('Open Sans')).toBe('"Open Sans", "Open Sans Fallback 1", "Open Sans Fallback 2", "Helvetica Neue", Arial, sans-serif');
    expect(fontStack('Space Mono')).toBe('"Space Mono", "Space Mono Fallback 1", Menlo, Consolas, monospace');
    expect(fontStack('My "Shop" Font')).toBe('"My \\"Shop\\" Font", "Helvetica Neue", Arial, sans-serif');
  });

  it('collects each font family once, only from font properties', () => {
    const t = theme(
      { 'primary.font': 'Lato', 'heading1.font': 'Oswald', 'text.font': 'Lato', 'productPage.communityTitle': 'Roboto' },
      { 'primary.font': 'font', 'heading1.font': 'font', 'text.font': 'font', 'productPage.communityTitle': 'text' },
    );
    expect(fontsOfTheme(t)).toEqual(['Lato', 'Oswald']);
  });
});

describe('contrastIssues', () => {
  it('reports pairs below 4.5:1, painting empty backgrounds with the page', () => {
    const t = theme(
      { 'page.background': '#ffffff', 'text.color': '#999999', 'text.background': '', 'button.primary.text': '#ffffff', 'button.primary.background': '#1d7a45' },
      {},
    );
    const issues = contrastIssues(t);
    expect(issues).toContainEqual({ text: 'text.color', background: 'page.background', ratio: 2.85 });
    expect(issues).toContainEqual({ text: 'text.color', background: 'text.background', ratio: 2.85 });
    expect(issues.find((issue) => issue.text === 'button.primary.text')).toBeUndefined();
  });
});
