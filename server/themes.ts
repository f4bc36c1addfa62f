import { readJsonFolder } from './schemas/load';
import { fromRoot } from './paths';
import { fontsOfTheme, resolveTheme, themeCssVariables, themeDefaults, type ThemeDoc } from '../src/core/theme';
import type { SchemaRegistry } from '../src/core/schemas/registry';
import type { StoreTheme } from '../src/core/storeData';

export interface ThemeService {
  /** The named theme with schema defaults, parents and #{references} resolved, plus its CSS variables and fonts. */
  resolve(name: string): StoreTheme;
  names(): { name: string; deprecated: boolean }[];
}

export const DEFAULT_THEME = 'naked';

/** Named themes (themes/*.json) are read and resolved once per process; resolution is pure, so it is cached. */
export function createThemeService(registry: SchemaRegistry, dir = fromRoot('themes')): ThemeService {
  const docs = readJsonFolder(dir) as unknown as Record<string, ThemeDoc>;
  const defaults = themeDefaults(registry);
  const cache = new Map<string, StoreTheme>();
  return {
    resolve(name) {
      const key = docs[name] ? name : DEFAULT_THEME;
      let theme = cache.get(key);
      if (!theme) {
        const resolved = resolveTheme(key, (n) => docs[n], defaults);
        theme = { name: key, properties: resolved.properties, variables: themeCssVariables(resolved), fonts: fontsOfTheme(resolved) };
        cache.set(key, theme);
      }
      return theme;
    },
    names: () => Object.entries(docs).map(([name, doc]) => ({ name, deprecated: doc.deprecated === true })),
  };
}
