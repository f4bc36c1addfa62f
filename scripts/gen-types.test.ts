import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSchemaSet } from '../server/schemas/load';
import { fromRoot } from '../server/paths';
import { BLOCK_TYPE_NAMES, type BlockOverrides } from '../src/core/generated/blockProperties';
import { OUTPUT, generate } from './gen-types';

describe('generated block property types', () => {
  it(`${OUTPUT} is up to date with the schemas (npm run gen:types)`, async () => {
    expect(fs.readFileSync(fromRoot(OUTPUT), 'utf8')).toBe(await generate());
  });

  it('names every block type that has a schema', () => {
    expect([...BLOCK_TYPE_NAMES]).toEqual(Object.keys(readSchemaSet().blocks).sort());
  });

  it('types per-device overrides: only the properties a schema marks x-ui.responsive', async () => {
    const source = await generate();
    expect(source).toContain("  banner: 'fontScale' | 'textAlign' | 'hidden';");
    expect(source).toContain("  youtube: 'hidden';");
    const phone: BlockOverrides<'banner'> = { textAlign: 'left', hidden: true };
    // @ts-expect-error a banner's title is the same on every device (checked by tsc)
    const title: BlockOverrides<'banner'> = { title: 'Sale' };
    expect([phone, title]).toHaveLength(2);
  });
});
