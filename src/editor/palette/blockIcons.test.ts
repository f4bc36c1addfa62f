import { describe, expect, it } from 'vitest';
import { editorRegistry } from '../schemas';
import { BLOCK_ICONS, blockIcon } from './blockIcons';

describe('palette icons', () => {
  it('has an icon for every block schema, and each is used by one', () => {
    const registry = editorRegistry();
    const named = registry.blockTypes.map((type) => [type, registry.blockMeta(type)?.icon] as const);
    expect(named.filter(([, icon]) => !icon || !BLOCK_ICONS[icon])).toEqual([]);
    const used = new Set(named.map(([, icon]) => icon));
    expect(Object.keys(BLOCK_ICONS).filter((icon) => !used.has(icon))).toEqual([]);
  });
  it('falls back to a neutral square for an unknown name', () => {
    expect(blockIcon('no-such-icon')).toBe(BLOCK_ICONS['square-dashed']);
    expect(blockIcon(undefined)).toBe(BLOCK_ICONS['square-dashed']);
  });
});
