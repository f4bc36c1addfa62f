import { describe, expect, it } from 'vitest';
import { blockMessages } from '../core/blocks/messages';
import { editorRegistry, makeBlock, metaOf, newUid, schemaSetFromModules } from './schemas';

describe('editor schema registry', () => {
  it('loads every block type from the schema folders (fixtures excluded)', () => {
    const registry = editorRegistry();
    expect(registry.blockTypes).toContain('textBlock');
    expect(registry.blockTypes).toContain('slideshow');
    expect(registry.blockTypes.length).toBeGreaterThanOrEqual(48);
    expect(registry.schema('entities/page')).toBeDefined();
    expect(metaOf('row')?.container?.accepts).toEqual(['*']);
    expect(editorRegistry()).toBe(registry); // built once
  });
  it('groups glob modules by folder', () => {
    const set = schemaSetFromModules({ '/schemas/blocks/a.json': { x: 1 }, '/schemas/fixtures/valid/b.json': {}, '/schemas/rules/c.json': {} });
    expect(Object.keys(set.blocks)).toEqual(['a']);
    expect(Object.keys(set.rules)).toEqual(['c']);
    expect(set.entities).toEqual({});
  });
});

describe('makeBlock', () => {
  it('makes a complete block: fresh uid, default size, envelope and property defaults', () => {
    const a = makeBlock('button');
    const b = makeBlock('button');
    expect(a.uid).not.toBe(b.uid);
    expect(a).toMatchObject({ type: 'button', order: 0, size: { x: 6, y: 6 }, items: [], flags: {}, unpublished: false, padding: true, fullWidth: false, fullBackgroundColor: '' });
    expect(a.properties).toMatchObject({ text: 'Button Text', href: '#' });
    expect(editorRegistry().validateBlocks([structuredClone(a)])).toEqual([]);
  });
  it('writes the schema version a new block is made under when its type is past version 1', () => {
    expect(makeBlock('button').schemaVersion).toBe(editorRegistry().blockMeta('button')!.version);
    expect(makeBlock('button').schemaVersion).toBeGreaterThan(1);
    expect(makeBlock('spacer')).not.toHaveProperty('schemaVersion');
  });
  it('uses the small-screen size rule for narrow types', () => {
    expect(makeBlock('pod').size).toEqual({ x: 3, y: 3 });
    expect(makeBlock('quote').size).toEqual({ x: 6, y: 6 });
    expect(makeBlock('slideshow').properties).toMatchObject({ speed: 5000, mode: 'slideshow', compact: true });
  });
  it('throws the §8 messages for unknown and missing types', () => {
    expect(() => makeBlock('noSuchType')).toThrow(blockMessages.noBuilder);
    expect(() => makeBlock('_pseudo')).toThrow(blockMessages.noBuilder);
    expect(() => makeBlock('')).toThrow(blockMessages.noType);
    expect(() => makeBlock(undefined)).toThrow(blockMessages.noType);
  });
  it('makes uuid uids', () => {
    expect(newUid()).toMatch(/^[0-9a-f-]{36}$/);
  });
});
