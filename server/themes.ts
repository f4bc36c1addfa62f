import { readJsonFolder } from './schemas/load';
import { fromRoot } from './paths';

import type { StoreTheme } from '../src/core/storeData';

export type ResolvedTheme = StoreTheme;

export interface ThemeService {
  /** The named theme with parents and references resolved; unknown names fall back to the default theme. */
  resolve(name: string): ResolvedTheme;
  names(): { name: string; deprecated: boolean }[];
}

export const DEFAULT_THEME = 'naked';

type ThemeDoc = { name?: string; parent?: string; deprecated?: boolean; properties?: Record<string, unknown> };

export function createThemeService(dir = fromRoot('themes')): ThemeService {
  const docs = readJsonFolder(dir) as Record<string, ThemeDoc>;
  const cache = new Map<string, ResolvedTheme>();
  const merge = (name: string, seen: string[] = []): Record<string, unknown> => {
    const doc = docs[name];
    if (!doc) return {};
    if (seen.includes(name)) throw new Error(`Theme parent cycle: ${[...seen, name].join(' → ')}`);
    return { ...(doc.parent ? merge(doc.parent, [...seen, name]) : {}), ...(doc.properties ?? {}) };
  };
  return {
    resolve(name) {
      const key = docs[name] ? name : DEFAULT_THEME;
      let theme = cache.get(key);
      if (!theme) {
        const properties = merge(key);
        theme = { name: key, properties, variables: {}, fonts: [] };
        cache.set(key, theme);
      }
      return theme;
    },
    names: () => Object.entries(docs).map(([name, doc]) => ({ name, deprecated: doc.deprecated === true })),
  };
}
