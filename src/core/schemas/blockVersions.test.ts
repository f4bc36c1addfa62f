import { describe, expect, it } from 'vitest';
import { createSchemaRegistry } from './registry';
import { versionMessages } from '../blocks/upgrade';
import type { SchemaSet } from './types';
import { readSchemaSet } from '../../../server/schemas/load';

const set: SchemaSet = readSchemaSet();
const registry = createSchemaRegistry(set);

/** The real schemas with the quote block's schema at version 3 (its properties unchanged), to test the version rules. */
const quoteAt3 = structuredClone(set);
(quoteAt3.blocks.quote!['x-block'] as { version: number }).version = 3;
const bumped = createSchemaRegistry(quoteAt3);

describe('block schema versions', () => {
  it('every block type states its version, a whole number from 1', () => {
    for (const type of registry.blockTypes) {
      const version = registry.blockMeta(type)!.version;
      expect(Number.isInteger(version) && version >= 1, `${type}: x-block.version ${String(version)}`).toBe(true);
    }
  });

  it('a block type schema without x-block.version is refused, so a new type cannot forget it', () => {
    const doc = structuredClone(set.blocks.spacer!) as { 'x-block': Record<string, unknown> };
    delete doc['x-block'].version;
    expect(registry.validate('entities/blockType', doc)).toEqual([{ path: '/x-block/version', message: 'This field is required' }]);
  });

  it('a block saved under a newer version than the schema is refused by validation with the version named', () => {
    const blocks = [{ uid: 'q', type: 'quote', schemaVersion: 4, properties: { text: 'Hi' } }];
    expect(bumped.validateBlocks(blocks)).toEqual([{ path: '/blocks/0/schemaVersion', message: versionMessages.newer('quote', 4, 3) }]);
  });

  it('a block saved under an older version that was not upgraded is reported once, not as property errors', () => {
    const blocks = [{ uid: 'q', type: 'quote', schemaVersion: 2, properties: { text: 'Hi', notAProperty: true } }];
    expect(bumped.validateBlocks(blocks)).toEqual([{ path: '/blocks/0/schemaVersion', message: versionMessages.notUpgraded('quote', 2, 3) }]);
  });

  it('a block validated without a version was written in the current shape: it is stamped with the version when above 1', () => {
    const blocks: Record<string, unknown>[] = [{ uid: 'q', type: 'quote', properties: { text: 'Hi' } }, { uid: 's', type: 'spacer', properties: {} }];
    expect(bumped.validateBlocks(blocks)).toEqual([]);
    expect(blocks[0]!.schemaVersion).toBe(3);
    expect(blocks[1]).not.toHaveProperty('schemaVersion');
  });

  it('a malformed version is an envelope error, reported once', () => {
    expect(registry.validateBlocks([{ uid: 's', type: 'spacer', schemaVersion: 0, properties: {} }])).toEqual([
      { path: '/blocks/0/schemaVersion', message: 'Min 1' },
    ]);
  });
});
