import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../../server/paths';
import { readJsonFolder, readSchemaSet } from '../../../server/schemas/load';
import values from '../../../schemas/themes/values.json';
import { createSchemaRegistry } from '../schemas/registry';
import { CONTRAST_PAIRS, contrastIssues } from './contrast';
import { themeCssVariables } from './css';
import { fontsOfTheme } from './fonts';
import { resolveTheme } from './resolve';
import { themeDefaults, validateThemeDocument } from './schema';
import type { ThemeDoc } from './types';

/** §3 Theme: the named themes, then the deprecated ones. */
const NAMED = [
  'naked', 'punch', 'outland', 'daze', 'joy', 'tropic', 'simply', 'charcoal', 'verde', 'spring', 'academia', 'dunes',
  'angelo', 'neonCity', 'salt', 'atlantic', 'california', 'municipal', 'nordic', 'popart', 'wildWood', 'wanderlust',
  'gallery', 'apothecary', 'popsicle', 'good', 'bubble', 'quiet', 'sol', 'clay', 'lux',
  'light', 'pro', 'dark', 'pro-dark', 'atlas', 'atlasDark',
];
const DEPRECATED = ['deepSpace', 'vantage', 'tokyo', 'mocha', 'boho'];
const ALL = [...NAMED, ...DEPRECATED];

const docs = readJsonFolder(fromRoot('themes')) as unknown as Record<string, ThemeDoc>;
const { entities, themes } = readSchemaSet();
const registry = createSchemaRegistry({ blocks: {}, rules: {}, entities: { common: entities.common! }, themes });
const defaults = themeDefaults(registry);
const resolve = (name: string) => resolveTheme(name, (n) => docs[n], defaults);

describe('named themes (§3)', () => {
  it('exist as themes/<name>.json, and nothing else does', () => {
    expect(ALL.filter((name) => !(name in docs))).toEqual([]);
    expect(Object.keys(docs).sort()).toEqual([...ALL].sort());
  });

  it.each(ALL)('%s is a valid theme document named after its file', (name) => {
    const doc = docs[name]!;
    expect(doc.name).toBe(name);
    expect(doc.$schema).toBe('../schemas/themes/theme.json');
    expect(validateThemeDocument(registry, doc)).toEqual([]);
  });

  it('flag exactly the deprecated ones', () => {
    expect(ALL.filter((name) => docs[name]!.deprecated === true)).toEqual(DEPRECATED);
    for (const name of DEPRECATED) expect(resolve(name).deprecated, name).toBe(true);
  });

  it('inherit where they are variants', () => {
    expect(resolve('pro-dark').chain).toEqual(['light', 'dark', 'pro-dark']);
    expect(resolve('atlasDark').chain).toEqual(['atlas', 'atlasDark']);
    expect(resolve('pro').chain).toEqual(['light', 'pro']);
  });

  it('resolve to complete, valid property maps', () => {
    for (const name of ALL) {
      const { properties } = resolve(name);
      expect(Object.keys(properties).sort(), name).toEqual(Object.keys(defaults.values).sort());
      expect(validateThemeDocument(registry, { name, properties }), name).toEqual([]);
    }
  });

  it('check at least body text on the page and text on both buttons', () => {
    for (const [text, background] of [
      ['text.color', 'page.background'],
      ['button.primary.text', 'button.primary.background'],
      ['button.secondary.text', 'button.secondary.background'],
    ]) {
      expect(CONTRAST_PAIRS).toContainEqual(expect.objectContaining({ text, background }));
    }
  });

  it.each(ALL)('%s reaches WCAG AA (4.5:1) for every text/background pair, hovered buttons included', (name) => {
    expect(contrastIssues(resolve(name))).toEqual([]);
  });

  it('each look different: no two share primary colour, page background and heading font', () => {
    const looks = ALL.map((name) => {
      const p = resolve(name).properties;
      return `${String(p['primary.color'])} ${String(p['page.background'])} ${String(p['heading1.font'])}`;
    });
    expect(new Set(looks).size).toBe(ALL.length);
    const css = new Set(ALL.map((name) => JSON.stringify(themeCssVariables(resolve(name)))));
    expect(css.size).toBe(ALL.length);
  });

  it('use only fonts the font picker offers (standard or listed display fonts)', () => {
    const offered = new Set<string>(values.$defs.font.examples);
    const unknown = ALL.flatMap((name) => fontsOfTheme(resolve(name)).filter((font) => !offered.has(font)).map((font) => `${name}: ${font}`));
    expect(unknown).toEqual([]);
  });
});
