/**
 * Theme documents (§3 Theme) and what resolution makes of them. The keys and value rules live in
 * schemas/themes/*.json; these types only describe the envelope, which the schema checks too.
 */

/** §3 image value. */
export interface ThemeImage {
  src: string;
  alt?: string;
  [extra: string]: unknown;
}

/** A literal, a `#{other.key}` reference (a string), an image, or null for "no image". */
export type ThemeValue = string | number | boolean | ThemeImage | null;

/** The dotted-key map, e.g. { "primary.color": "#1d7a45", "button.radius": "#{border.radius}" }. */
export type ThemeProperties = Record<string, ThemeValue>;

/** One themes/<name>.json document. */
export interface ThemeDoc {
  $schema?: string;
  name: string;
  uuid?: string;
  id?: number;
  /** Name of the theme this one inherits from. */
  parent?: string;
  deprecated?: boolean;
  properties: ThemeProperties;
}

export type ThemeLoader = (name: string) => ThemeDoc | undefined;

/**
 * What a property holds, taken from its schema: the values.json kind it refers to, or its JSON type.
 * Decides how it becomes CSS (colour, font, length, shadow, transform, image) or whether it is
 * read by components directly (boolean, number, text, choice).
 */
export type ThemeKind = 'colour' | 'font' | 'length' | 'shadow' | 'transform' | 'image' | 'boolean' | 'number' | 'text' | 'choice';

/** Every property's schema default (possibly a reference) and kind. */
export interface ThemeDefaults {
  values: ThemeProperties;
  kinds: Readonly<Record<string, ThemeKind>>;
}

/** A theme with defaults and parents merged and every reference replaced by its value. */
export interface ResolvedTheme {
  name: string;
  deprecated: boolean;
  /** Theme names from the root ancestor to this theme. */
  chain: string[];
  properties: ThemeProperties;
  kinds: Readonly<Record<string, ThemeKind>>;
}

/** A named theme as the theme picker lists it (GET /omnis/v3/themes/). */
export interface NamedThemeSummary {
  name: string;
  deprecated: boolean;
  swatches: { primary: string; contrast: string; background: string; text: string };
  font: string;
}

/** A store's theme choice (GET/PUT /omnis/v3/divisions/{id}/theme/). */
export interface StoreThemeDocument {
  /** The named theme the store builds on. */
  name: string;
  /** The store's own overrides (empty: the named theme as is). */
  properties: ThemeProperties;
  /** What subdomains.theme holds: the custom theme's name, or the named theme. */
  theme: string;
  updatedAt: string | null;
}
