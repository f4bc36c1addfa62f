import type { SchemaRegistry } from '../schemas/registry';
import type { JsonSchema, ValidationError } from '../schemas/types';
import type { ThemeDefaults, ThemeKind, ThemeProperties, ThemeValue } from './types';

type PropertySchema = JsonSchema & { $ref?: string; type?: string; enum?: unknown[]; default?: ThemeValue };

const VALUE_KIND = /^values\.json#\/\$defs\/(colour|font|length|shadow|transform|image)$/;

function kindOf(key: string, schema: PropertySchema): ThemeKind {
  const fromRef = schema.$ref && VALUE_KIND.exec(schema.$ref)?.[1];
  if (fromRef) return fromRef as ThemeKind;
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'integer' || schema.type === 'number') return 'number';
  if (schema.type === 'string') return schema.enum ? 'choice' : 'text';
  throw new Error(`Theme property ${key} has a schema of no known kind`);
}

/** The family documents themes/theme.json composes, in panel order. */
export function themeFamilies(registry: SchemaRegistry): { name: string; schema: JsonSchema }[] {
  const theme = registry.schema('themes/theme') as { properties?: { properties?: { allOf?: { $ref: string }[] } } } | undefined;
  const refs = theme?.properties?.properties?.allOf;
  if (!refs) throw new Error('themes/theme.json does not compose any family schemas');
  return refs.map(({ $ref }) => {
    const name = $ref.replace(/\.json$/, '');
    const schema = registry.schema(`themes/${name}`);
    if (!schema) throw new Error(`themes/theme.json refers to ${$ref}, which is not loaded`);
    return { name, schema };
  });
}

/**
 * Defaults and kinds of every theme property, read from the family schemas so there is no second
 * copy to drift. A property without a default is a schema bug: a resolved theme must be complete.
 */
export function themeDefaults(registry: SchemaRegistry): ThemeDefaults {
  const values: ThemeProperties = {};
  const kinds: Record<string, ThemeKind> = {};
  for (const { name, schema } of themeFamilies(registry)) {
    for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, PropertySchema>)) {
      if (!('default' in property)) throw new Error(`Theme property ${key} (themes/${name}.json) has no default`);
      values[key] = structuredClone(property.default as ThemeValue);
      kinds[key] = kindOf(key, property);
    }
  }
  return { values, kinds };
}

/**
 * Validates a theme document against themes/theme.json. Works on a copy: the registry fills schema
 * defaults in place, and a document with a parent must keep only what it sets itself, or it
 * would shadow everything it inherits.
 */
export function validateThemeDocument(registry: SchemaRegistry, doc: unknown): ValidationError[] {
  return registry.validate('themes/theme', structuredClone(doc));
}
