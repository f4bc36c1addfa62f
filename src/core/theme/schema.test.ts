import { describe, expect, it } from 'vitest';
import { readSchemaSet } from '../../../server/schemas/load';
import { parseColour } from '../colour';
import { createSchemaRegistry } from '../schemas/registry';
import { cssVariableName, themeCssVariables } from './css';
import { fontsOfTheme } from './fonts';
import { resolveTheme } from './resolve';
import { themeDefaults, themeFamilies, validateThemeDocument } from './schema';
import type { ThemeDoc } from './types';

// Only the documents themes depend on, so a half-edited block schema elsewhere cannot break these tests.
const { entities, themes } = readSchemaSet();
const registry = createSchemaRegistry({ blocks: {}, rules: {}, entities: { common: entities.common! }, themes });
const defaults = themeDefaults(registry);
const plain = resolveTheme('plain', (name) => (name === 'plain' ? { name, properties: {} } : undefined), defaults);

/** Keys the renderer's stylesheets already use. */
const RENDERER_KEYS = [
  'primary.color', 'contrast.color', 'primary.font', 'logo.text.color', 'border.radius', 'page.background',
  'heading1.font', 'heading1.transform', 'heading2.font', 'heading2.transform', 'heading3.font', 'heading3.transform',
  'text.font', 'text.color', 'text.shadow', 'text.radius', 'text.background', 'text.fullBackground',
  'menu.background', 'menu.text.font', 'menu.text.color', 'menu.text.transform',
  'image.radius', 'image.default', 'image.defaultVideo', 'banner.text.color', 'banner.overlay.color',
  'button.primary.background', 'button.primary.text', 'button.secondary.background', 'button.secondary.text', 'button.radius',
  'footer.visible', 'footer.text.color', 'footer.background', 'box.background', 'border.color',
  'error.color', 'error.dark', 'warning.color', 'warning.dark', 'success.color', 'success.dark',
  'form.background', 'form.border', 'form.text', 'form.error',
];

describe('theme family schemas', () => {
  it('define every key the renderer relies on', () => {
    expect(RENDERER_KEYS.filter((key) => !(key in defaults.values))).toEqual([]);
  });

  it('cover every §3 family, one schema each, with a title and an editor widget grouped by family', () => {
    const names = themeFamilies(registry).map((family) => family.name);
    for (const family of ['primary', 'page', 'heading', 'text', 'menu', 'image', 'banner', 'button', 'feature', 'quote', 'announcement',
      'announcementV2', 'card', 'newsletter', 'gate', 'tag', 'footer', 'form', 'status', 'chat', 'productPage']) {
      expect(names).toContain(family);
    }
    for (const { name, schema } of themeFamilies(registry)) {
      for (const [key, property] of Object.entries(schema.properties as Record<string, Record<string, unknown>>)) {
        expect(property['x-ui'], key).toMatchObject({ group: name, widget: expect.any(String) });
        expect(property.title, key).toEqual(expect.any(String));
      }
    }
  });

  it('have the §3 defaults', () => {
    expect(defaults.values).toMatchObject({
      'primary.font': 'Lato',
      'border.radius': '4px',
      'menu.text.transform': 'uppercase',
      'footer.visible': true,
      'productPage.communityTitle': 'From the community',
      'productPage.quantitySelector': true,
      'productPage.descriptionPlacement': 'aboveSelectors',
      'productPage.thumbnails': 'grid',
      'announcement.radius': '4px', // §9 announcement radius
    });
    // §3 "primary colour green", dark enough for white button text.
    expect(defaults.values['primary.color']).toBe('#1d7a45');
    const { r, g, b } = parseColour('#1d7a45')!;
    expect(g).toBeGreaterThan(r + b);
  });

  it('resolve, without a theme, to the quote block defaults of §3 (text #222, background #fff, 4px, Lato)', () => {
    expect(plain.properties).toMatchObject({
      'quote.text.color': '#222222',
      'quote.background': '#ffffff',
      'quote.radius': '4px',
      'quote.font': 'Lato',
      'button.primary.background': '#1d7a45',
      'heading1.font': 'Lato',
    });
  });

  it('have defaults that are valid values themselves', () => {
    expect(validateThemeDocument(registry, { name: 'defaults', properties: defaults.values })).toEqual([]);
    expect(validateThemeDocument(registry, { name: 'resolved', properties: plain.properties })).toEqual([]);
  });
});

describe('theme documents', () => {
  it('accept references, images and null images', () => {
    const doc = {
      name: 'ok',
      parent: 'light',
      properties: {
        'button.radius': '#{border.radius}',
        'image.default': { src: '/media/placeholder.png', alt: 'Placeholder' },
        'image.defaultVideo': null,
        'primary.color': '#1d7a4580',
        'text.background': '',
      },
    };
    expect(validateThemeDocument(registry, doc)).toEqual([]);
  });

  it('report misspelt keys and wrong values in the spec words', () => {
    const errors = validateThemeDocument(registry, {
      name: 'bad',
      properties: { 'primary.colour': '#fff', 'primary.color': 'green', 'border.radius': '4', 'footer.visible': 'yes', 'image.default': { alt: 'x' } },
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: '/properties/primary.colour', message: 'is not a known property' },
        { path: '/properties/primary.color', message: 'Must be a hex colour such as #1a2b3c' },
        { path: '/properties/border.radius', message: 'Must be a length such as 4px, 0.5rem or 50%' },
        { path: '/properties/footer.visible', message: 'Must be on or off' },
        { path: '/properties/image.default', message: 'No src found in image property value' },
      ]),
    );
    expect(validateThemeDocument(registry, { name: 'x', properties: { 'productPage.thumbnails': 'masonry' } })).toEqual([
      { path: '/properties/productPage.thumbnails', message: 'must be one of: grid, strip, none' },
    ]);
    expect(validateThemeDocument(registry, { properties: {}, colour: 1 })).toEqual(
      expect.arrayContaining([
        { path: '/name', message: 'This field is required' },
        { path: '/colour', message: 'is not a known property' },
      ]),
    );
  });

  it('are validated without baking defaults in, so a child keeps inheriting', () => {
    const doc: ThemeDoc = { name: 'child', parent: 'dark', properties: { 'primary.color': '#ff0000' } };
    expect(validateThemeDocument(registry, doc)).toEqual([]);
    expect(doc.properties).toEqual({ 'primary.color': '#ff0000' });
  });
});

describe('CSS variables of the default theme', () => {
  const css = themeCssVariables(plain);

  it('name every styling key --dotted-key-with-dashes', () => {
    expect(cssVariableName('button.primary.background')).toBe('--button-primary-background');
    expect(css).toMatchObject({
      '--primary-color': '#1d7a45',
      '--primary-color-hover': '#114929',
      '--button-primary-background': '#1d7a45',
      '--button-primary-background-hover': '#114929',
      '--border-radius': '4px',
      '--menu-text-transform': 'uppercase',
      '--primary-font': '"Lato", "Lato Fallback 1", "Lato Fallback 2", "Helvetica Neue", Arial, sans-serif',
      '--text-background': 'transparent',
      '--text-shadow': 'none',
      '--image-default': 'none',
      '--gate-overlay-color': 'rgba(0, 0, 0, 0.702)',
    });
    for (const key of RENDERER_KEYS.filter((k) => k !== 'footer.visible')) expect(css, key).toHaveProperty([cssVariableName(key)]);
  });

  it('leave out what is not styling', () => {
    expect(css).not.toHaveProperty(['--footer-visible']);
    expect(css).not.toHaveProperty(['--productPage-communityTitle']);
    expect(css).toHaveProperty(['--productPage-selectorRadius'], '4px');
  });

  it('list the fonts to load once', () => {
    expect(fontsOfTheme(plain)).toEqual(['Lato']);
  });
});
