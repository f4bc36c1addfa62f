import { describe, expect, it } from 'vitest';
import { referenceOf, resolveReferences, resolveTheme, themeChain, ThemeResolutionError } from './resolve';
import type { ThemeDefaults, ThemeDoc, ThemeLoader } from './types';

const defaults: ThemeDefaults = {
  values: {
    'primary.color': '#1d7a45',
    'contrast.color': '#ffffff',
    'text.color': '#222222',
    'button.primary.background': '#{primary.color}',
    'button.primary.text': '#{contrast.color}',
    'button.secondary.background': '#{text.color}',
    'footer.visible': true,
  },
  kinds: { 'primary.color': 'colour', 'contrast.color': 'colour', 'text.color': 'colour', 'footer.visible': 'boolean' },
};

const loaderOf = (...docs: ThemeDoc[]): ThemeLoader => (name) => docs.find((doc) => doc.name === name);

describe('references', () => {
  it('recognises only a whole #{dotted.key} value', () => {
    expect(referenceOf('#{primary.color}')).toBe('primary.color');
    expect(referenceOf('#{announcementV2.text.color}')).toBe('announcementV2.text.color');
    for (const value of ['#fff', 'x #{a}', '#{a} x', '#{}', '#{a..b}', '{a}', true, null, 3, { src: '#{a}' }]) {
      expect(referenceOf(value as never), String(value)).toBeUndefined();
    }
  });

  it('resolves transitively, keeping non-string values', () => {
    const image = { src: '/logo.png', alt: 'Logo' };
    expect(resolveReferences({ a: '#{b}', b: '#{c}', c: '#123', d: '#{e}', e: image, f: false }, 't')).toEqual({
      a: '#123',
      b: '#123',
      c: '#123',
      d: image,
      e: image,
      f: false,
    });
  });

  it('reports a cycle with its path instead of hanging', () => {
    expect(() => resolveReferences({ x: '#{a}', a: '#{b}', b: '#{a}' }, 'loop')).toThrow(
      new ThemeResolutionError('Theme "loop": reference cycle a → b → a'),
    );
    expect(() => resolveReferences({ a: '#{a}' }, 'self')).toThrow('Theme "self": reference cycle a → a');
  });

  it('reports a reference to a key that does not exist', () => {
    expect(() => resolveReferences({ 'button.radius': '#{border.radus}' }, 'typo')).toThrow(
      'Theme "typo": button.radius refers to #{border.radus}, which is not a theme property',
    );
  });
});

describe('resolveTheme', () => {
  it('fills schema defaults and resolves their references', () => {
    const theme = resolveTheme('plain', loaderOf({ name: 'plain', properties: {} }), defaults);
    expect(theme.properties['button.primary.background']).toBe('#1d7a45');
    expect(theme.properties['button.secondary.background']).toBe('#222222');
    expect(theme).toMatchObject({ name: 'plain', chain: ['plain'], deprecated: false, kinds: defaults.kinds });
  });

  it('merges root first and resolves references late, so a child re-colours inherited references', () => {
    const load = loaderOf(
      { name: 'base', properties: { 'primary.color': '#000000', 'text.color': '#333333' } },
      { name: 'middle', parent: 'base', properties: { 'button.primary.background': '#{text.color}' } },
      { name: 'leaf', parent: 'middle', deprecated: true, properties: { 'text.color': '#444444' } },
    );
    const theme = resolveTheme('leaf', load, defaults);
    expect(theme.chain).toEqual(['base', 'middle', 'leaf']);
    expect(theme.deprecated).toBe(true);
    expect(theme.properties['primary.color']).toBe('#000000');
    expect(theme.properties['button.primary.background']).toBe('#444444');
    expect(theme.properties['button.secondary.background']).toBe('#444444');
    expect(theme.properties['footer.visible']).toBe(true);
  });

  it('does not modify the documents or the defaults it merges', () => {
    const image = { src: '/a.png' };
    const doc: ThemeDoc = { name: 'img', properties: { logo: image, 'primary.color': '#{text.color}' } };
    const before = structuredClone(doc);
    const defaultsBefore = structuredClone(defaults);
    resolveTheme('img', loaderOf(doc), defaults);
    expect(doc).toEqual(before);
    expect(defaults).toEqual(defaultsBefore);
  });

  it('reports a parent cycle naming it, and missing themes', () => {
    const load = loaderOf({ name: 'a', parent: 'b', properties: {} }, { name: 'b', parent: 'c', properties: {} }, { name: 'c', parent: 'a', properties: {} });
    expect(() => themeChain('a', load)).toThrow('Theme "a": parent cycle a → b → c → a');
    expect(() => resolveTheme('self', loaderOf({ name: 'self', parent: 'self', properties: {} }), defaults)).toThrow(
      'Theme "self": parent cycle self → self',
    );
    expect(() => resolveTheme('nope', loaderOf(), defaults)).toThrow('Theme "nope" does not exist');
    expect(() => resolveTheme('orphan', loaderOf({ name: 'orphan', parent: 'gone', properties: {} }), defaults)).toThrow(
      'Theme "orphan" has parent "gone", which does not exist',
    );
  });

  it('reports a cycle that only appears once parent and child are merged', () => {
    const load = loaderOf(
      { name: 'parent', properties: { 'primary.color': '#{text.color}' } },
      { name: 'child', parent: 'parent', properties: { 'text.color': '#{primary.color}' } },
    );
    expect(() => resolveTheme('child', load, defaults)).toThrow('Theme "child": reference cycle primary.color → text.color → primary.color');
    expect(() => resolveTheme('parent', load, defaults)).not.toThrow();
  });
});
