import { describe, expect, it } from 'vitest';
import { upgradeBlocks, versionMessages } from '../upgrade';
import { buttonMigrations } from './button';

const fromV1 = buttonMigrations[1]!;

describe('button migration 1 → 2 (primary → buttonStyle)', () => {
  it.each([
    [1, 'primary'],
    [0, 'secondary'],
    [true, 'primary'],
    [false, 'secondary'],
  ] as const)('primary %s becomes buttonStyle %s', (primary, buttonStyle) => {
    expect(fromV1.up({ text: 'Go', primary })).toEqual({ text: 'Go', buttonStyle });
  });

  it('never mutates the saved properties', () => {
    const saved = Object.freeze({ text: 'Go', primary: 1 });
    fromV1.up(saved);
    expect(saved).toEqual({ text: 'Go', primary: 1 });
  });

  it('leaves a block written in the new shape without a version alone (read as version 1, nothing of version 1 in it)', () => {
    expect(fromV1.up({ text: 'Go', buttonStyle: 'warning' })).toEqual({ text: 'Go', buttonStyle: 'warning' });
  });

  it('refuses a primary it cannot read, with the value in the reason', () => {
    expect(() => fromV1.up({ primary: 'yes' })).toThrow('primary must be 1 or 0, found "yes"');
    const result = upgradeBlocks([{ uid: 'b', type: 'button', properties: { primary: 'yes' } }]);
    expect(result.problems.map((p) => p.message)).toEqual([versionMessages.cannotUpgrade('button', 1, 'primary must be 1 or 0, found "yes"')]);
  });
});
