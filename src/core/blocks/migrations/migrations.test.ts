import { describe, expect, it } from 'vitest';
import { BLOCK_SCHEMA_VERSIONS } from '../../generated/blockProperties';
import type { JsonSchema } from '../../schemas/types';
import { BLOCK_MIGRATIONS } from './index';
import { upgradeBlocks } from '../upgrade';

const schemas = import.meta.glob<JsonSchema>('../../../../schemas/blocks/*.json', { eager: true, import: 'default' });
const versionsInSchemas = Object.fromEntries(
  Object.entries(schemas).map(([file, doc]) => [file.replace(/^.*\/([^/]+)\.json$/, '$1'), (doc['x-block'] as { version: number }).version]),
);

/**
 * Old-version fixtures: schemas/fixtures/migrations/<type>/v<N>.json holds blocks as saved under version N, and
 * v<N>.upgraded.json the same blocks as the current schema has them. `npm run validate:fixtures` checks that both
 * pass validation; here the migrations must turn the one into the other.
 */
const fixtures = import.meta.glob<unknown[]>('../../../../schemas/fixtures/migrations/*/*.json', { eager: true, import: 'default' });
const oldFixtures = Object.keys(fixtures).filter((file) => /\/v\d+\.json$/.test(file));

describe('registered block migrations', () => {
  it('follow the versions in the schemas (npm run gen:types)', () => {
    expect(BLOCK_SCHEMA_VERSIONS).toEqual(versionsInSchemas);
  });

  it.each(Object.entries(versionsInSchemas))('%s has one migration for each version below %i, and none above', (type, version) => {
    const registered = Object.keys(BLOCK_MIGRATIONS[type] ?? {}).map(Number).sort((a, b) => a - b);
    expect(registered).toEqual(Array.from({ length: version - 1 }, (_, i) => i + 1));
  });

  it('are registered only for block types that exist', () => {
    for (const type of Object.keys(BLOCK_MIGRATIONS)) expect(versionsInSchemas, type).toHaveProperty(type);
  });

  it('have an old-version fixture for each version a migration starts from', () => {
    for (const [type, steps] of Object.entries(BLOCK_MIGRATIONS)) {
      for (const from of Object.keys(steps)) {
        expect(oldFixtures.some((file) => file.endsWith(`/migrations/${type}/v${from}.json`)), `schemas/fixtures/migrations/${type}/v${from}.json`).toBe(true);
      }
    }
  });
});

describe.each(oldFixtures.map((file) => [file.replace(/^.*fixtures\//, ''), file] as const))('fixture %s', (_name, file) => {
  const saved = fixtures[file]!;
  const expected = fixtures[file.replace(/\.json$/, '.upgraded.json')];

  it('upgrades to its .upgraded.json twin, without a problem', () => {
    expect(expected, `${file.replace(/\.json$/, '.upgraded.json')} is missing`).toBeDefined();
    const result = upgradeBlocks(structuredClone(saved));
    expect(result.problems).toEqual([]);
    expect(result.blocks).toEqual(expected);
  });

  it('leaves the saved blocks as they were (migrations are pure)', () => {
    const copy = structuredClone(saved);
    upgradeBlocks(copy);
    expect(copy).toEqual(saved);
  });

  it('is already current once upgraded: a second run changes nothing', () => {
    const once = upgradeBlocks(structuredClone(saved)).blocks;
    expect(upgradeBlocks(once).blocks).toBe(once);
  });
});
