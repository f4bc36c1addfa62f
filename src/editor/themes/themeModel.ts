/**
 * The theme editor's pure parts: families in panel order, their form schemas, live resolution of a named
 * theme plus the store's overrides (the same pipeline the server runs), and applying the result to the canvas.
 */
import type { SchemaRegistry } from '../../core/schemas/registry';
import type { JsonSchema, ValidationError } from '../../core/schemas/types';
import { contrastIssues, resolveTheme, themeCssVariables, themeDefaults, themeFamilies, type ContrastIssue, type NamedThemeSummary, type StoreThemeDocument, type ThemeDoc, type ThemeProperties } from '../../core/theme';
import { formSchemaOf } from '../panels/formSchema';

export type { NamedThemeSummary, StoreThemeDocument };

export interface ThemeFamily {
  name: string;
  title: string;
  order: number;
  keys: string[];
  schema: JsonSchema;
}

const stripDefaults = (schema: JsonSchema): JsonSchema => {
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)) {
    const { default: _d, ...rest } = value;
    properties[key] = rest;
  }
  return { type: 'object', properties };
};

const familyCache = new WeakMap<SchemaRegistry, ThemeFamily[]>();
/** themes/theme.json's families sorted by x-family.order, each with a form schema (no defaults: values are resolved). */
export function themeFamilyForms(registry: SchemaRegistry): ThemeFamily[] {
  let families = familyCache.get(registry);
  if (!families) {
    families = themeFamilies(registry)
      .map(({ name, schema }) => {
        const form = stripDefaults(formSchemaOf(registry, `themes/${name}`));
        return {
          name,
          title: typeof schema.title === 'string' ? schema.title : name,
          order: (schema['x-family'] as { order?: number } | undefined)?.order ?? 99,
          keys: Object.keys((schema.properties ?? {}) as object),
          schema: form,
        };
      })
      .sort((a, b) => a.order - b.order);
    familyCache.set(registry, families);
  }
  return families;
}

const defaultsCache = new WeakMap<SchemaRegistry, ReturnType<typeof themeDefaults>>();
const defaultsOf = (registry: SchemaRegistry) => {
  let d = defaultsCache.get(registry);
  if (!d) defaultsCache.set(registry, (d = themeDefaults(registry)));
  return d;
};

export const PREVIEW_THEME = 'store-preview';

/** The named theme (its document chain, root first) with the overrides on top, resolved. */
export function resolvePreview(registry: SchemaRegistry, chain: ThemeDoc[], overrides: ThemeProperties) {
  const docs = new Map(chain.map((d) => [d.name, d]));
  const parent = chain.at(-1)?.name;
  const custom: ThemeDoc = { name: PREVIEW_THEME, ...(parent ? { parent } : {}), properties: overrides };
  const resolved = resolveTheme(PREVIEW_THEME, (n) => (n === PREVIEW_THEME ? custom : docs.get(n)), defaultsOf(registry));
  return { properties: resolved.properties, variables: themeCssVariables(resolved), contrast: contrastIssues(resolved) };
}

/** A theme's name as owners read it: "atlasDark" → "Atlas Dark", "pro-dark" → "Pro Dark". */
export function themeDisplayName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A theme property's title from its family schema ("Logo text colour"), the key when it has none. */
export function themePropertyTitle(registry: SchemaRegistry, key: string): string {
  for (const family of themeFamilyForms(registry)) {
    const title = ((family.schema.properties ?? {}) as Record<string, { title?: unknown }>)[key]?.title;
    if (typeof title === 'string') return title;
  }
  return key;
}

/** "Logo text colour on Menu background (hover)". */
export function contrastPairLabel(registry: SchemaRegistry, issue: ContrastIssue): string {
  const hover = issue.background.endsWith(' (hover)');
  const background = hover ? issue.background.slice(0, -' (hover)'.length) : issue.background;
  return `${themePropertyTitle(registry, issue.text)} on ${themePropertyTitle(registry, background).replace(/^./, (c) => c.toLowerCase())}${hover ? ' (hover)' : ''}`;
}

/** A family's values as the validator sees them (copy: validation fills defaults in place). */
export function familyErrors(registry: SchemaRegistry, family: string, data: Record<string, unknown>): ValidationError[] {
  return registry.validate(`themes/${family}`, structuredClone(data));
}

export const PREVIEW_STYLE_ID = 'editor-theme-preview';
export const CANVAS_SELECTOR = '[data-canvas-root]';

/** The CSS rule putting the variables on the canvas only (Engineer B's Canvas marks its root data-canvas-root). */
export const previewCss = (variables: Record<string, string>): string =>
  `${CANVAS_SELECTOR}{${Object.entries(variables)
    .filter(([name, value]) => /^--[A-Za-z0-9-]+$/.test(name) && !/[<>{};]/.test(value.replace(/"(?:[^"\\]|\\.)*"/g, '')))
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;

/**
 * Live preview: a style element scoped to the canvas root, so the dashboard around it keeps its own look and
 * the preview survives the canvas re-rendering. null removes it.
 */
export function applyPreview(variables: Record<string, string> | null, doc: Document = document) {
  let style = doc.getElementById(PREVIEW_STYLE_ID) as HTMLStyleElement | null;
  if (!variables) {
    style?.remove();
    return;
  }
  if (!style) {
    style = doc.createElement('style');
    style.id = PREVIEW_STYLE_ID;
    doc.head.appendChild(style);
  }
  style.textContent = previewCss(variables);
}
