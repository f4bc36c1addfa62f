import { describe, expect, it } from 'vitest';
import { createBlockUpgrader, versionMessages, type BlockMigrations } from './upgrade';

/** A made-up type at version 3 whose history is recorded as it runs, so the order of the steps shows. */
const calls: string[] = [];
const gauge: BlockMigrations = {
  1: {
    change: 'size (small | large) → width (number)',
    up({ size, ...rest }) {
      calls.push('1→2');
      if (size !== undefined && size !== 'small' && size !== 'large') throw new Error(`size ${JSON.stringify(size)} is not small or large`);
      return size === undefined ? rest : { ...rest, width: size === 'large' ? 200 : 100 };
    },
  },
  2: {
    change: 'width (px) → widthRem (rem)',
    up({ width, ...rest }) {
      calls.push('2→3');
      return typeof width === 'number' ? { ...rest, widthRem: width / 16 } : rest;
    },
  },
};
const upgrader = createBlockUpgrader({ gauge: 3, note: 1, gap: 3 }, { gauge, gap: { 1: gauge[1]! } });
const { upgradeBlocks } = upgrader;

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
};

describe('upgradeBlocks', () => {
  it('applies every migration in order, from the saved version up to the schema version, and stamps it', () => {
    calls.length = 0;
    const saved = deepFreeze([{ uid: 'g', type: 'gauge', properties: { size: 'large', label: 'Speed' } }]);
    const result = upgradeBlocks(saved);
    expect(calls).toEqual(['1→2', '2→3']);
    expect(result.blocks).toEqual([{ uid: 'g', type: 'gauge', schemaVersion: 3, properties: { label: 'Speed', widthRem: 12.5 } }]);
    expect(result.upgraded).toEqual([{ path: '/blocks/0', uid: 'g', type: 'gauge', from: 1, to: 3 }]);
    expect(result.problems).toEqual([]);
  });

  it('starts from the stored version: a block at 2 runs only the later step', () => {
    calls.length = 0;
    const { blocks } = upgradeBlocks([{ uid: 'g', type: 'gauge', schemaVersion: 2, properties: { width: 32 } }]);
    expect(calls).toEqual(['2→3']);
    expect(blocks[0]).toMatchObject({ schemaVersion: 3, properties: { widthRem: 2 } });
  });

  it('returns the very same array, and no copy of any block, when nothing is old', () => {
    const blocks = deepFreeze([
      { uid: 'n', type: 'note', properties: { text: 'hi' } },
      { uid: 'g', type: 'gauge', schemaVersion: 3, properties: {}, items: [{ uid: 'c', type: 'note', schemaVersion: 1, properties: {} }] },
      { uid: 'p', type: '_shadow_', properties: {} },
      { uid: 'u', type: 'unknownType', properties: {} },
    ]);
    const result = upgradeBlocks(blocks);
    expect(result.blocks).toBe(blocks);
    expect(result.upgraded).toEqual([]);
    expect(result.problems).toEqual([]);
  });

  it('copies only the path to an old block inside a container; its siblings keep their identity', () => {
    const sibling = { uid: 's', type: 'note', properties: {} };
    const untouched = { uid: 't', type: 'note', properties: {} };
    const blocks = deepFreeze([
      untouched,
      { uid: 'row', type: 'note', properties: {}, items: [sibling, { uid: 'old', type: 'gauge', properties: { size: 'small' } }] },
    ]);
    const result = upgradeBlocks(blocks, '/page/blocks');
    expect(result.blocks).not.toBe(blocks);
    expect(result.blocks[0]).toBe(untouched);
    const row = result.blocks[1] as { items: unknown[] };
    expect(row.items[0]).toBe(sibling);
    expect(row.items[1]).toMatchObject({ uid: 'old', schemaVersion: 3, properties: { widthRem: 6.25 } });
    expect(result.upgraded).toEqual([{ path: '/page/blocks/1/items/1', uid: 'old', type: 'gauge', from: 1, to: 3 }]);
  });

  it('keeps the special properties every block may carry, whatever the migration returns', () => {
    const { blocks } = upgradeBlocks([{ uid: 'g', type: 'gauge', properties: { size: 'small', published: false, conditions: ['logged-in'], itemFactory: { source: 'products' } } }]);
    expect((blocks[0] as { properties: unknown }).properties).toEqual({ widthRem: 6.25, published: false, conditions: ['logged-in'], itemFactory: { source: 'products' } });
  });

  it('refuses a block saved under a version newer than the schema: reported, left as saved, never dropped', () => {
    const newer = { uid: 'g', type: 'gauge', schemaVersion: 4, properties: { depth: 3 } };
    const blocks = [newer, { uid: 'o', type: 'gauge', properties: {} }];
    const result = upgradeBlocks(blocks);
    expect(result.blocks).toHaveLength(2);
    expect(result.blocks[0]).toBe(newer);
    expect(result.problems).toEqual([{ path: '/blocks/0', uid: 'g', type: 'gauge', version: 4, message: versionMessages.newer('gauge', 4, 3) }]);
    expect(result.upgraded.map((u) => u.uid)).toEqual(['o']);
  });

  it('reports a migration that refuses a block, with its reason, and leaves that block as saved', () => {
    const odd = { uid: 'g', type: 'gauge', properties: { size: 'huge' } };
    const result = upgradeBlocks([odd]);
    expect(result.blocks[0]).toBe(odd);
    expect(result.problems[0]!.message).toBe(versionMessages.cannotUpgrade('gauge', 1, 'size "huge" is not small or large'));
  });

  it('reports a missing step and a malformed version instead of guessing', () => {
    const result = upgradeBlocks([
      { uid: 'a', type: 'gap', properties: {} },
      { uid: 'b', type: 'gauge', schemaVersion: 0, properties: {} },
      { uid: 'c', type: 'gauge', schemaVersion: '2', properties: {} },
    ]);
    expect(result.problems.map((p) => p.message)).toEqual([versionMessages.noMigration('gap', 2), versionMessages.bad, versionMessages.bad]);
    expect(result.upgraded).toEqual([]);
  });

  it('knows the current version of each type, and none for pseudo and unknown types', () => {
    expect(upgrader.versionOf('gauge')).toBe(3);
    expect(upgrader.versionOf('_gauge')).toBeUndefined();
    expect(upgrader.versionOf('toString')).toBeUndefined();
  });
});
