import { describe, expect, it } from 'vitest';
import { applyTheme } from './applyTheme';
import type { StoreTheme } from '../core/storeData';

const theme = { name: 'verde', variables: { '--primary-color': '#1f5f3a', '--font': '"Lato", sans-serif' } } as unknown as StoreTheme;

function fakeRoot() {
  const set: [string, string][] = [];
  return { set, root: { style: { setProperty: (name: string, value: string) => set.push([name, value]) }, dataset: {} as Record<string, string> } };
}

describe('applyTheme', () => {
  it('sets nothing on a server-drawn page that has the theme already (no restyle of the whole page)', () => {
    const { set, root } = fakeRoot();
    const drawn: Record<string, string> = { '--primary-color': '#1f5f3a', '--font': ' "Lato", sans-serif' };
    applyTheme(theme, root as unknown as HTMLElement, { getPropertyValue: (name: string) => drawn[name] ?? '' });
    expect(set).toEqual([]);
    expect(root.dataset.theme).toBe('verde');
  });

  it('sets every value the page does not have yet', () => {
    const { set, root } = fakeRoot();
    applyTheme(theme, root as unknown as HTMLElement, { getPropertyValue: (name: string) => (name === '--font' ? '"Lato", sans-serif' : '') });
    expect(set).toEqual([['--primary-color', '#1f5f3a']]);
  });
});
