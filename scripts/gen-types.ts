/**
 * Generates src/core/generated/blockProperties.ts from schemas/blocks/*.json (DESIGN §3: types come from the
 * schemas, never a hand-written twin).
 *
 *   npx tsx scripts/gen-types.ts          write the file
 *   npx tsx scripts/gen-types.ts --check  exit 1 if the file is missing or out of date
 *
 * All block schemas are compiled as one document so shared value types (Colour, Link, Image …) are declared once.
 * $refs into schemas/entities/*.json are resolved here, offline (a small resolver instead of the generator's
 * network/file resolver): each referenced `$defs` entry is copied into the combined document under a PascalCase
 * name and the referring property names that type.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { readSchemaSet } from '../server/schemas/load';
import type { JsonSchema, SchemaSet } from '../src/core/schemas/types';
import { fromRoot } from '../server/paths';

export const OUTPUT = 'src/core/generated/blockProperties.ts';
/** Entity schemas whose types the API and the SPA exchange. */
const ENTITY_TYPES = ['page', 'block', 'menu', 'currency', 'linkPickerResult'] as const;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
/** Keywords the generator has no use for; dropping them keeps names and comments stable. */
const DROP = new Set(['$schema', '$id', 'x-block', 'x-ui', 'x-enumLabels', 'errorMessage', 'x-message', 'x-rule', 'x-expect']);

/** Resolves `../entities/<file>.json#/$defs/<name>` (from a block) or `#/$defs/<name>` (inside an entity file). */
function refTarget(ref: string, fromEntity: string | null): { file: string; def: string } {
  const external = /^\.\.\/entities\/([A-Za-z0-9]+)\.json#\/\$defs\/([A-Za-z0-9]+)$/.exec(ref);
  if (external) return { file: external[1]!, def: external[2]! };
  const local = /^#\/\$defs\/([A-Za-z0-9]+)$/.exec(ref);
  if (local && fromEntity) return { file: fromEntity, def: local[1]! };
  const sibling = /^([A-Za-z0-9]+)\.json#\/\$defs\/([A-Za-z0-9]+)$/.exec(ref);
  if (sibling && fromEntity) return { file: sibling[1]!, def: sibling[2]! };
  throw new Error(`gen-types: cannot resolve $ref ${ref}${fromEntity ? ` in entities/${fromEntity}.json` : ''}`);
}

export function buildCombinedSchema(set: SchemaSet): JSONSchema {
  const shared: Record<string, JSONSchema> = {};
  const sharedName = (file: string, def: string) => (file === 'common' ? pascal(def) : `${pascal(file)}${pascal(def)}`);

  /**
   * Copies a schema for the generator: annotations dropped, $refs rewritten, and titles below the root turned
   * into descriptions (the generator would otherwise declare a named type for every titled property).
   */
  const prepare = (node: unknown, fromEntity: string | null, root: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => prepare(item, fromEntity, false));
    if (!isNode(node)) return node;
    const out: Node = {};
    for (const [key, value] of Object.entries(node)) {
      if (DROP.has(key)) continue;
      if (key === 'default' || key === 'enum' || key === 'const') out[key] = value;
      else if (key === 'title' && !root) continue;
      else if (key === 'properties' || key === '$defs') {
        out[key] = Object.fromEntries(Object.entries(value as Node).map(([name, sub]) => [name, prepare(sub, fromEntity, false)]));
      } else if (key === '$ref') {
        const { file, def } = refTarget(String(value), fromEntity);
        const name = sharedName(file, def);
        if (!(name in shared)) {
          const source = (set.entities[file]?.$defs as Node | undefined)?.[def];
          if (!source) throw new Error(`gen-types: ${String(value)} points at nothing`);
          shared[name] = {}; // reserve first: defs may refer to each other
          shared[name] = { title: name, ...(prepare(source, file, false) as JSONSchema) };
        }
        // tsType, not $ref: the generator merges a $ref with its siblings into a fresh copy of the target,
        // which would declare Colour1, Colour2 … instead of reusing Colour.
        out.tsType = name;
      } else out[key] = prepare(value, fromEntity, false);
    }
    if (!root && typeof node.title === 'string') {
      out.description = typeof node.description === 'string' ? `${node.title}: ${node.description}` : node.title;
    }
    return out;
  };

  const types = Object.keys(set.blocks).sort();
  const blocks: Record<string, JSONSchema> = {};
  for (const type of types) {
    const doc = prepare(set.blocks[type], null, true) as JSONSchema;
    const meta = set.blocks[type]!['x-block'] as { title: string };
    blocks[`${pascal(type)}Properties`] = {
      ...doc,
      title: `${pascal(type)}Properties`,
      description: `Properties of the "${type}" block (${meta.title}). ${String(set.blocks[type]!.description ?? '')}`.trim(),
      // The registry closes block properties (unevaluatedProperties beside BlockSpecialProperties).
      additionalProperties: false,
    };
  }
  // API entities (DESIGN §3: types from schemas, no hand-written twins); their block trees stay loosely typed
  // here because each block's properties are typed by its own schema above.
  const entities: Record<string, JSONSchema> = {};
  for (const name of ENTITY_TYPES) {
    const source = set.entities[name];
    if (!source) throw new Error(`gen-types: schemas/entities/${name}.json is missing`);
    entities[pascal(name)] = { ...(prepare(source, name, true) as JSONSchema), title: pascal(name) };
  }
  const special = set.entities.blockSpecialProperties as JsonSchema;
  blocks.BlockSpecialProperties = { ...(prepare(special, 'blockSpecialProperties', true) as JSONSchema), title: 'BlockSpecialProperties', additionalProperties: false };

  return {
    title: 'BlockPropertiesMap',
    description: 'Block type name → the type of its properties (schemas/blocks/<type>.json).',
    type: 'object',
    properties: Object.fromEntries(types.map((type) => [type, { tsType: `${pascal(type)}Properties` }])),
    required: types,
    additionalProperties: false,
    $defs: { ...blocks, ...entities, ...shared, BlockSpecialProperties: blocks.BlockSpecialProperties! },
  } as JSONSchema;
}

const BANNER = `/* eslint-disable */
/**
 * Generated by scripts/gen-types.ts from schemas/blocks/*.json and schemas/entities/*.json.
 * Do not edit by hand: change the schemas and run \`npm run gen:types\`.
 */`;

export async function generate(set: SchemaSet = readSchemaSet()): Promise<string> {
  const combined = buildCombinedSchema(set);
  const source = await compile(combined, 'BlockPropertiesMap', {
    bannerComment: BANNER,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    strictIndexSignatures: true,
    ignoreMinAndMaxItems: true, // maxItems would spell out every tuple length
    unknownAny: true,
    style: { singleQuote: true, printWidth: 120 },
  });
  const types = Object.keys(set.blocks).sort();
  const versionOf = (type: string) => (set.blocks[type]!['x-block'] as { version?: unknown }).version;
  const special = Object.keys(responsiveOf(set.entities.blockSpecialProperties as JsonSchema));
  const responsive = types.map((type) => `  ${type}: ${[...Object.keys(responsiveOf(set.blocks[type]!)), ...special].map((name) => `'${name}'`).join(' | ')};`);
  return `${source.trimEnd()}

/** Every block type name that has a schema. */
export type BlockTypeName = keyof BlockPropertiesMap;
export const BLOCK_TYPE_NAMES = [
${types.map((type) => `  '${type}',`).join('\n')}
] as const satisfies readonly BlockTypeName[];

/** The current schema version of each block type (x-block.version): what src/core/blocks/upgrade.ts upgrades to. */
export const BLOCK_SCHEMA_VERSIONS: Readonly<Record<BlockTypeName, number>> = {
${types.map((type) => `  ${type}: ${JSON.stringify(versionOf(type) ?? 1)},`).join('\n')}
};
/** Per block type, the properties that may differ by device (x-ui.responsive), its own and the special ones. */
export interface ResponsivePropertiesMap {
${responsive.join('\n')}
}
/** One breakpoint's overrides of a block of type T: only responsive properties, only those that differ. */
export type BlockOverrides<T extends BlockTypeName> = Partial<Pick<BlockPropertiesMap[T] & BlockSpecialProperties, Extract<keyof (BlockPropertiesMap[T] & BlockSpecialProperties), ResponsivePropertiesMap[T]>>>;
/** A block's per-breakpoint overrides (entities/block.json \`responsive\`): desktop is its properties, tablet inherits desktop, phone tablet. */
export interface BlockResponsive<T extends BlockTypeName> {
  tablet?: BlockOverrides<T>;
  phone?: BlockOverrides<T>;
}
`;
}

/** The properties of a schema document whose x-ui says responsive. */
function responsiveOf(doc: JsonSchema): Record<string, unknown> {
  const properties = (doc.properties ?? {}) as Record<string, Node>;
  return Object.fromEntries(Object.entries(properties).filter(([, schema]) => (schema['x-ui'] as { responsive?: boolean } | undefined)?.responsive === true));
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes('--check');
  const target = fromRoot(OUTPUT);
  const next = await generate();
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
  if (check) {
    if (current === next) {
      console.log(`${OUTPUT} is up to date`);
      return 0;
    }
    console.error(`${OUTPUT} is out of date: run npm run gen:types`);
    return 1;
  }
  if (current === next) {
    console.log(`${OUTPUT} unchanged`);
    return 0;
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, next);
  console.log(`wrote ${OUTPUT}`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
