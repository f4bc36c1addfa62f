import { describe, expect, it } from 'vitest';
import { paletteEntries } from './Palette';

const STAFF_ONLY = ['announcementV2', 'gate', 'remillReturn', 'storeHidden', 'studioSuggestion'];

describe('palette offers blocks by page kind and role', () => {
  it("hides blocks the platform places itself from a store's owner, and offers them to staff", () => {
    const owner = paletteEntries(false).map((e) => e.type);
    const staff = paletteEntries(false, true).map((e) => e.type);
    expect(owner.filter((t) => STAFF_ONLY.includes(t))).toEqual([]);
    expect(staff).toEqual(expect.arrayContaining(STAFF_ONLY));
    expect(owner).toEqual(expect.arrayContaining(['banner', 'row', 'textBlock']));
  });

  it('offers mail pages mail blocks only', () => {
    const mail = paletteEntries(true);
    expect(mail.every((e) => e.meta.compatibility.includes('mail'))).toBe(true);
    expect(mail.map((e) => e.type)).toContain('feature');
    expect(paletteEntries(false).map((e) => e.type)).not.toContain('feature');
  });
});
