import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from './ajv';
import { toValidationErrors } from './errors';
import type { BlockMeta, JsonSchema, SchemaSet, ValidationError } from './types';
import { blockMessages, GRID_COLUMNS, isPseudoType, smallScreenSize } from '../blocks/messages';
import { canContain } from '../blocks/tree';
import { versionError } from '../blocks/upgrade';
import { OVERRIDE_BREAKPOINTS } from '../blocks/responsive';

/** Every schema document's $id starts here; the folder and file name follow (blocks/banner.json). */
export const SCHEMA_BASE = 'https://schemas.pod.local/';

export { blockMessages, isPseudoType, smallScreenSize, GRID_COLUMNS, GRID_COLUMNS_SMALL, MIN_BLOCK_SIZE } from '../blocks/messages';

export interface BlockLike {
  type?: unknown;
  size?: { x: number; y: number };
  items?: unknown[];
  properties?: Record<string, unknown>;
  [key: string]: unknown;
}

export type SchemaFolder = keyof SchemaSet;

export interface SchemaRegistry {
  /** Block type names, sorted. */
  readonly blockTypes: readonly string[];
  blockMeta(type: string): BlockMeta | undefined;
  blockSchema(type: string): JsonSchema | undefined;
  /** Any document by folder/name ("entities/page", "themes/theme", "rules/email"). */
  schema(ref: string): JsonSchema | undefined;
  /** Validates data against a document (applying its defaults in place). */
  validate(ref: string, data: unknown, basePath?: string): ValidationError[];
  /** Validates one block's properties against its type (applying defaults in place). */
  validateBlockProperties(type: string, properties: unknown, basePath?: string): ValidationError[];
  /** The properties of a type that may differ by device (x-ui.responsive), its own and the special ones (hidden). */
  responsiveProperties(type: string): readonly string[];
  /**
   * Validates a block's per-breakpoint overrides (`responsive`): only responsive properties, each value valid for
   * its property's schema. Fills no defaults (an override holds only what differs).
   */
  validateBlockOverrides(type: string, responsive: unknown, basePath?: string): ValidationError[];
  /** Validates a block tree: envelopes, types, containment, sizes, properties. Fills defaults in place. */
  validateBlocks(blocks: unknown, basePath?: string): ValidationError[];
  /** Validates a whole page document (§3 Page) including its block tree. Fills defaults in place. */
  validatePage(page: unknown, basePath?: string): ValidationError[];
  /** Default desktop/small-screen size of a fresh block of this type. */
  defaultSize(type: string): { x: number; y: number };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

const refOf = (folder: SchemaFolder, name: string) => `${SCHEMA_BASE}${folder}/${name}.json`;

export function createSchemaRegistry(set: SchemaSet): SchemaRegistry {
  const ajv = createAjv();

  const byRef = new Map<string, JsonSchema>();
  for (const folder of Object.keys(set) as SchemaFolder[]) {
    for (const [name, doc] of Object.entries(set[folder])) {
      const id = refOf(folder, name);
      if (doc.$id !== undefined && doc.$id !== id) {
        throw new Error(`Schema ${folder}/${name}.json has $id ${String(doc.$id)}, expected ${id}`);
      }
      const withId = { ...doc, $id: id };
      byRef.set(`${folder}/${name}`, withId);
      ajv.addSchema(withId);
    }
  }

  const compiled = new Map<string, ValidateFunction>();
  const compile = (ref: string): ValidateFunction => {
    let fn = compiled.get(ref);
    if (!fn) {
      fn = ajv.getSchema(`${SCHEMA_BASE}${ref}.json`);
      if (!fn) throw new Error(`No schema ${ref}`);
      compiled.set(ref, fn);
    }
    return fn;
  };

  const blockTypes = Object.keys(set.blocks).sort();
  const meta = new Map<string, BlockMeta>();
  const propertyValidators = new Map<string, ValidateFunction>();
  for (const type of blockTypes) {
    const doc = set.blocks[type] as JsonSchema;
    meta.set(type, doc['x-block'] as BlockMeta);
    // A block's properties are its own schema plus the special properties every block may carry (§3 Block);
    // anything else is a typo or stale data and is reported.
    propertyValidators.set(
      type,
      ajv.compile({
        type: 'object',
        allOf: [{ $ref: refOf('blocks', type) }, { $ref: refOf('entities', 'blockSpecialProperties') }],
        unevaluatedProperties: false,
      }),
    );
  }
  // Compile every other document now, so a broken schema fails at start-up, not on first use.
  for (const ref of byRef.keys()) compile(ref);

  const run = (fn: ValidateFunction, data: unknown, basePath: string): ValidationError[] =>
    fn(data) ? [] : toValidationErrors(fn.errors as ErrorObject[], basePath);

  const defaultSize = (type: string) => {
    const x = meta.get(type)?.size.default ?? GRID_COLUMNS;
    return { x, y: smallScreenSize(x) };
  };

  const validateBlockProperties = (type: string, properties: unknown, basePath = '/properties') => {
    const fn = propertyValidators.get(type);
    if (!fn) return [{ path: basePath.replace(/\/properties$/, '/type'), message: blockMessages.unregistered(type) }];
    return run(fn, properties, basePath);
  };

  const specialDoc = set.entities.blockSpecialProperties as JsonSchema | undefined;
  const propertyDocs = (type: string) => [
    { ref: refOf('blocks', type), properties: (set.blocks[type]?.properties ?? {}) as Record<string, JsonSchema> },
    { ref: refOf('entities', 'blockSpecialProperties'), properties: (specialDoc?.properties ?? {}) as Record<string, JsonSchema> },
  ];
  const isResponsive = (schema: JsonSchema | undefined) => (schema?.['x-ui'] as { responsive?: boolean } | undefined)?.responsive === true;
  const responsiveByType = new Map<string, readonly string[]>();
  const responsiveProperties = (type: string): readonly string[] => {
    let names = responsiveByType.get(type);
    if (!names) {
      names = meta.has(type) ? [...new Set(propertyDocs(type).flatMap((doc) => Object.keys(doc.properties).filter((k) => isResponsive(doc.properties[k]))))] : [];
      responsiveByType.set(type, names);
    }
    return names;
  };
  /** The property's schema document (the block's own wins over the special properties) and its title. */
  const propertyOf = (type: string, key: string) => {
    for (const doc of propertyDocs(type)) {
      const schema = doc.properties[key];
      if (schema) return { ref: `${doc.ref}#/properties/${key}`, title: typeof schema.title === 'string' ? schema.title : key };
    }
    return null;
  };
  // Overrides are checked by a second ajv that fills no defaults (an override holds only what differs; and a
  // property's own schema, compiled on its own, has its default at the root, which strict mode refuses with
  // useDefaults). Its documents compile on first use.
  let plainAjv: ReturnType<typeof createAjv> | null = null;
  const overrideValidators = new Map<string, ValidateFunction>();
  const overrideValidator = (ref: string) => {
    let fn = overrideValidators.get(ref);
    if (!fn) {
      if (!plainAjv) {
        plainAjv = createAjv({ useDefaults: false });
        for (const doc of byRef.values()) plainAjv.addSchema(doc);
      }
      overrideValidators.set(ref, (fn = plainAjv.compile({ $ref: ref })));
    }
    return fn;
  };

  const validateBlockOverrides = (type: string, responsive: unknown, basePath = '/responsive'): ValidationError[] => {
    // The shape (an object of tablet and phone objects) is the envelope's to check: entities/block.json.
    if (!isObject(responsive)) return [];
    const errors: ValidationError[] = [];
    const allowed = responsiveProperties(type);
    for (const breakpoint of OVERRIDE_BREAKPOINTS) {
      const overrides = responsive[breakpoint];
      if (!isObject(overrides)) continue;
      const path = `${basePath}/${breakpoint}`;
      for (const [key, value] of Object.entries(overrides)) {
        const property = propertyOf(type, key);
        if (!property || !allowed.includes(key)) errors.push({ path: `${path}/${key}`, message: blockMessages.notResponsive(property?.title ?? key) });
        else errors.push(...run(overrideValidator(property.ref), value, `${path}/${key}`));
      }
    }
    return errors;
  };

  const validateTree = (blocks: unknown[], basePath: string, parent: string | null, errors: ValidationError[]) => {
    blocks.forEach((raw, index) => {
      const path = `${basePath}/${index}`;
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
        errors.push({ path, message: 'must be object' });
        return;
      }
      const block = raw as BlockLike;
      if (typeof block.type !== 'string' || block.type === '') {
        errors.push({ path: `${path}/type`, message: blockMessages.noType });
        return;
      }
      const type = block.type;
      if (isPseudoType(type)) return; // editor-only, carries no schema
      const blockMeta = meta.get(type);
      if (!blockMeta) {
        errors.push({ path: `${path}/type`, message: blockMessages.unregistered(type) });
        return;
      }
      if (parent !== null && !canContain(parent, type, (t) => meta.get(t))) {
        errors.push({ path: `${path}/type`, message: blockMessages.notAccepted(type, parent) });
      }
      block.size ??= defaultSize(type);
      block.properties ??= {};
      block.items ??= [];
      // A block reaching validation has been upgraded (writes upgrade first), so no version means it was written in
      // the current shape; one saved under another version is reported once, not as a list of property errors.
      if (block.schemaVersion === undefined && blockMeta.version > 1) block.schemaVersion = blockMeta.version;
      const versionProblem = versionError(type, block.schemaVersion, blockMeta.version);
      errors.push(...run(compile('entities/block'), block, path));
      if (block.size && typeof block.size.x === 'number' && block.size.x < blockMeta.size.min) {
        errors.push({ path: `${path}/size/x`, message: blockMessages.tooNarrow(blockMeta.size.min) });
      }
      if (versionProblem) {
        // A malformed version is the envelope schema's to report.
        if (Number.isInteger(block.schemaVersion) && (block.schemaVersion as number) >= 1) errors.push({ path: `${path}/schemaVersion`, message: versionProblem });
      } else {
        errors.push(...validateBlockProperties(type, block.properties, `${path}/properties`));
        if (block.responsive !== undefined) errors.push(...validateBlockOverrides(type, block.responsive, `${path}/responsive`));
      }
      if (Array.isArray(block.items) && block.items.length > 0) {
        if (!blockMeta.container) errors.push({ path: `${path}/items`, message: blockMessages.notContainer(type) });
        else validateTree(block.items, `${path}/items`, type, errors);
      }
    });
  };

  const validateBlocks = (blocks: unknown, basePath = '/blocks') => {
    if (!Array.isArray(blocks)) return [{ path: basePath, message: 'must be array' }];
    const errors: ValidationError[] = [];
    validateTree(blocks, basePath, null, errors);
    return errors;
  };

  return {
    blockTypes,
    blockMeta: (type) => meta.get(type),
    blockSchema: (type) => byRef.get(`blocks/${type}`),
    schema: (ref) => byRef.get(ref),
    validate: (ref, data, basePath = '') => run(compile(ref), data, basePath),
    validateBlockProperties,
    responsiveProperties,
    validateBlockOverrides,
    validateBlocks,
    validatePage(page, basePath = '') {
      const errors = run(compile('entities/page'), page, basePath);
      const blocks = (page as { blocks?: unknown } | null)?.blocks;
      if (Array.isArray(blocks)) errors.push(...validateBlocks(blocks, `${basePath}/blocks`));
      return errors;
    },
    defaultSize,
  };
}
