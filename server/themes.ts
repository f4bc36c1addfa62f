import { readJsonFolder } from './schemas/load';
import { fromRoot } from './paths';
import { fontsOfTheme, resolveTheme, themeCssVariables, themeDefaults, type ThemeDoc } from '../src/core/theme';
import type { SchemaRegistry } from '../src/core/schemas/registry';
import type { StoreTheme } from '../src/core/storeData';
import type { Queryable } from './db/database';

export interface ThemeService {
  /** The named theme with schema defaults, parents and #{references} resolved, plus its CSS variables and fonts. */
  resolve(name: string): StoreTheme;
  names(): { name: string; deprecated: boolean }[];
  /** The named theme documents (themes/*.json), by name. */
  docs(): Readonly<Record<string, ThemeDoc>>;
  /** Resolves a document that is not a named theme (a store's custom theme) on top of the named ones; throws if it cannot. */
  resolveDoc(doc: ThemeDoc): StoreTheme;
}

export const DEFAULT_THEME = 'naked';

/** Named themes (themes/*.json) are read and resolved once per process; resolution is pure, so it is cached. */
export function createThemeService(registry: SchemaRegistry, dir = fromRoot('themes')): ThemeService {
  const docs = readJsonFolder(dir) as unknown as Record<string, ThemeDoc>;
  const defaults = themeDefaults(registry);
  const cache = new Map<string, StoreTheme>();
  const toStoreTheme = (name: string, resolved: ReturnType<typeof resolveTheme>): StoreTheme => ({
    name,
    properties: resolved.properties,
    variables: themeCssVariables(resolved),
    fonts: fontsOfTheme(resolved),
  });
  return {
    resolve(name) {
      const key = docs[name] ? name : DEFAULT_THEME;
      let theme = cache.get(key);
      if (!theme) {
        theme = toStoreTheme(key, resolveTheme(key, (n) => docs[n], defaults));
        cache.set(key, theme);
      }
      return theme;
    },
    names: () => Object.entries(docs).map(([name, doc]) => ({ name, deprecated: doc.deprecated === true })),
    docs: () => docs,
    resolveDoc: (doc) => toStoreTheme(doc.name, resolveTheme(doc.name, (n) => (n === doc.name ? doc : docs[n]), defaults)),
  };
}

type CustomRow = { name: string; parent: string | null; properties: ThemeDoc['properties']; updated_at: string | Date };

/** A store's custom theme row (at most one per store), if it has one. */
export async function customThemeOf(db: Queryable, divisionId: number): Promise<CustomRow | undefined> {
  const { rows } = await db.query<CustomRow>('select name, parent, properties, updated_at from themes where division_id = $1 order by id desc limit 1', [divisionId]);
  return rows[0];
}

// Resolved custom themes, keyed by store, name and updated_at (the row changes on every save).
const resolvedCustom = new Map<string, StoreTheme>();

/**
 * The theme a store is drawn in: its custom theme (a themes row named as subdomains.theme) on top of its parent
 * named theme, else the named theme. A custom theme that no longer resolves falls back to its parent.
 */
export async function resolveStoreTheme(ctx: { db: Queryable; themes: ThemeService }, store: { id: number; subdomain: { theme: string } }): Promise<StoreTheme> {
  const name = store.subdomain.theme;
  if (ctx.themes.docs()[name]) return ctx.themes.resolve(name);
  const custom = await customThemeOf(ctx.db, store.id);
  if (!custom || custom.name !== name) return ctx.themes.resolve(name);
  const key = `${store.id}:${custom.name}:${new Date(custom.updated_at).getTime()}`;
  const cached = resolvedCustom.get(key);
  if (cached) return cached;
  const parent = custom.parent ?? DEFAULT_THEME;
  try {
    const theme = ctx.themes.resolveDoc({ name: custom.name, parent, properties: custom.properties });
    if (resolvedCustom.size > 500) resolvedCustom.clear();
    resolvedCustom.set(key, theme);
    return theme;
  } catch {
    return ctx.themes.resolve(parent);
  }
}
