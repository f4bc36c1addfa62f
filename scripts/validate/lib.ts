/**
 * The QA validator behind `scripts/validate.ts`: finds JSON files, works out what each document is, validates it
 * with the schema registry and reports `file: path: message` lines. Kept free of process/exit handling so tests
 * can drive it directly.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SchemaRegistry } from '../../src/core/schemas/registry';
import type { ValidationError } from '../../src/core/schemas/types';
import { validateThemeDocument } from '../../src/core/theme';
import { upgradeAndValidateBlocks, upgradeAndValidatePage, type UpgradeValidation } from '../../src/core/schemas/upgradeAndValidate';

export type DocumentKind =
  | { kind: 'page' }
  | { kind: 'block' }
  | { kind: 'blocks' }
  | { kind: 'theme' }
  /** Properties of one block type: `$schema` names blocks/<type>.json. */
  | { kind: 'blockProperties'; type: string }
  /** A block schema document itself (schemas/blocks/<type>.json), checked against entities/blockType.json. */
  | { kind: 'blockType' }
  | { kind: 'unknown'; reason: string };

/** Top-level keys that describe a document rather than belong to it; removed before validation. */
export const ANNOTATION_KEYS = ['$schema', 'x-expect'] as const;
const JSON_SCHEMA_DIALECT = /^https?:\/\/json-schema\.org\//;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** What a `$schema` value (relative path or $id) names, or null when it names none of ours. */
export function kindFromSchemaRef(ref: string): DocumentKind | null {
  const clean = ref.split('#')[0]!.replace(/\\/g, '/');
  if (/(^|\/)entities\/page\.json$/.test(clean)) return { kind: 'page' };
  if (/(^|\/)entities\/block\.json$/.test(clean)) return { kind: 'block' };
  if (/(^|\/)themes\/theme\.json$/.test(clean)) return { kind: 'theme' };
  const block = /(^|\/)blocks\/([A-Za-z0-9_]+)\.json$/.exec(clean);
  if (block) return { kind: 'blockProperties', type: block[2]! };
  return null;
}

/** Works out the kind of a parsed document from its `$schema`, else from its shape. */
export function detectKind(doc: unknown): DocumentKind {
  if (Array.isArray(doc)) return { kind: 'blocks' };
  if (!isObject(doc)) return { kind: 'unknown', reason: 'not a JSON object or array' };
  const ref = doc.$schema;
  if (typeof ref === 'string') {
    if (JSON_SCHEMA_DIALECT.test(ref)) {
      return isObject(doc['x-block']) ? { kind: 'blockType' } : { kind: 'unknown', reason: 'a JSON Schema document that is not a block type' };
    }
    return kindFromSchemaRef(ref) ?? { kind: 'unknown', reason: `unknown $schema ${ref}` };
  }
  if ('url' in doc && 'blocks' in doc) return { kind: 'page' };
  if ('type' in doc && 'uid' in doc) return { kind: 'block' };
  const props = doc.properties;
  const dotted = isObject(props) && Object.keys(props).some((key) => key.includes('.'));
  if (dotted || (('parent' in doc || 'deprecated' in doc) && 'name' in doc)) return { kind: 'theme' };
  return { kind: 'unknown', reason: 'cannot tell what this document is (add a $schema)' };
}

/**
 * Splits a document into the data to validate and the errors an invalid fixture declares in x-expect.
 * A block schema document keeps its $schema: there it is content (the dialect), not a pointer to our schemas.
 */
export function splitAnnotations(doc: unknown, kind: DocumentKind['kind'] = detectKind(doc).kind): { data: unknown; expect: ValidationError[] | undefined } {
  if (!isObject(doc)) return { data: doc, expect: undefined };
  const data: Record<string, unknown> = { ...doc };
  for (const key of ANNOTATION_KEYS) if (!(key === '$schema' && kind === 'blockType')) delete data[key];
  const expect = Array.isArray(doc['x-expect']) ? (doc['x-expect'] as ValidationError[]) : undefined;
  return { data, expect };
}

/** A block of a validated document: where it is, its type and the schema version it was checked under. */
export interface BlockVersion {
  path: string;
  type: string;
  version: number;
  /** The version it was saved under, when it was upgraded first. */
  from?: number;
}

export interface DocumentResult {
  kind: DocumentKind['kind'];
  errors: ValidationError[];
  /** Set when the document could not be checked (for example its schema is not there yet). */
  skipped?: string;
  /** The blocks of a page, block or block list, so each message can name the block and its schema version. */
  blocks?: BlockVersion[];
}

/** Every block of a tree with its path and version: upgraded and validated, or as saved when it could not be upgraded. */
function blockVersions(blocks: unknown, basePath: string, { upgraded, problems }: Pick<UpgradeValidation, 'upgraded' | 'problems'>): BlockVersion[] {
  const out: BlockVersion[] = [];
  const from = new Map(upgraded.map((u) => [u.path, u.from]));
  const saved = new Map(problems.map((p) => [p.path, typeof p.version === 'number' ? p.version : 1]));
  const walk = (list: unknown, path: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((block: unknown, index) => {
      if (!isObject(block) || typeof block.type !== 'string') return;
      const at = `${path}/${index}`;
      const version = saved.get(at) ?? (typeof block.schemaVersion === 'number' ? block.schemaVersion : 1);
      out.push({ path: at, type: block.type, version, ...(from.has(at) ? { from: from.get(at)! } : {}) });
      walk(block.items, `${at}/items`);
    });
  };
  walk(blocks, basePath);
  return out;
}

/**
 * Validates one parsed document (annotations already stripped), as the server would take it: blocks saved under an
 * older schema version are upgraded first. Defaults are filled into `data` in place (a page's blocks are replaced).
 */
export function validateDocument(registry: SchemaRegistry, data: unknown, detected = detectKind(data)): DocumentResult {
  switch (detected.kind) {
    case 'page': {
      if (!isObject(data)) return { kind: 'page', errors: registry.validatePage(data) };
      const checked = upgradeAndValidatePage(registry, data);
      return { kind: 'page', errors: checked.errors, blocks: blockVersions(data.blocks, '/blocks', checked) };
    }
    case 'blocks': {
      const checked = upgradeAndValidateBlocks(registry, data as unknown[], '');
      return { kind: 'blocks', errors: checked.errors, blocks: blockVersions(checked.blocks, '', checked) };
    }
    case 'block': {
      // The registry walks block trees; a lone block is a tree of one, reported relative to the block itself.
      const checked = upgradeAndValidateBlocks(registry, [data], '');
      const relative = (path: string) => path.replace(/^\/0(?=\/|$)/, '');
      return {
        kind: 'block',
        errors: checked.errors.map((e) => ({ ...e, path: relative(e.path) })),
        blocks: blockVersions(checked.blocks, '', checked).map((b) => ({ ...b, path: relative(b.path) })),
      };
    }
    case 'blockProperties': {
      const version = registry.blockMeta(detected.type)?.version;
      const blocks = version === undefined ? undefined : [{ path: '', type: detected.type, version }];
      return { kind: 'blockProperties', errors: registry.validateBlockProperties(detected.type, data, ''), ...(blocks ? { blocks } : {}) };
    }
    case 'blockType':
      return { kind: 'blockType', errors: registry.validate('entities/blockType', data) };
    case 'theme':
      if (!registry.schema('themes/theme')) return { kind: 'theme', errors: [], skipped: 'no theme schema (schemas/themes/theme.json) to validate against' };
      return { kind: 'theme', errors: validateThemeDocument(registry, data) };
    case 'unknown':
      return { kind: 'unknown', errors: [{ path: '', message: detected.reason }] };
  }
}

/** Order-insensitive comparison key for error lists. */
const errorKey = (e: ValidationError) => `${e.path}\u0000${e.message}`;
export const sameErrors = (a: readonly ValidationError[], b: readonly ValidationError[]): boolean =>
  a.length === b.length && [...a].map(errorKey).sort().join('\n') === [...b].map(errorKey).sort().join('\n');

export interface FileResult extends DocumentResult {
  file: string;
  /** The x-expect list of an invalid fixture, if it has one. */
  expect?: ValidationError[];
  /** true when the file passes: no errors, or (in expect mode) exactly its x-expect errors. */
  ok: boolean;
}

export interface ValidateOptions {
  /** Fixture mode: a file with x-expect passes when it produces exactly those errors. */
  expect?: boolean;
}

export function validateFile(registry: SchemaRegistry, file: string, options: ValidateOptions = {}): FileResult {
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ? `cannot read file (${(error as NodeJS.ErrnoException).code})` : `invalid JSON: ${(error as Error).message}`;
    return { file, kind: 'unknown', errors: [{ path: '', message: reason }], ok: false };
  }
  const detected = detectKind(doc);
  const { data, expect } = splitAnnotations(doc, detected.kind);
  const result = validateDocument(registry, data, detected);
  const ok =
    result.kind !== 'unknown' && (options.expect && expect ? sameErrors(result.errors, expect) : result.errors.length === 0);
  return { file, ...result, ...(expect ? { expect } : {}), ok };
}

/** Expands the command-line arguments into .json files (folders recursively, sorted); missing paths are reported. */
export function collectFiles(args: readonly string[]): { files: string[]; missing: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith('.json')) files.push(full);
    }
  };
  for (const arg of args) {
    if (!fs.existsSync(arg)) missing.push(arg);
    else if (fs.statSync(arg).isDirectory()) walk(arg);
    else files.push(arg);
  }
  return { files, missing };
}

/** The deepest block holding `path` (a JSON pointer), named for a message: "button block, schema version 2 (upgraded from 1)". */
export function blockNameAt(blocks: readonly BlockVersion[] | undefined, path: string): string | null {
  let found: BlockVersion | undefined;
  for (const block of blocks ?? []) {
    const inside = block.path === '' || path === block.path || path.startsWith(`${block.path}/`);
    if (inside && (!found || block.path.length > found.path.length)) found = block;
  }
  if (!found) return null;
  return `${found.type} block, schema version ${found.version}${found.from !== undefined ? ` (upgraded from ${found.from})` : ''}`;
}

/** The report lines of one file: one per error (or per expectation mismatch in expect mode). */
export function formatResult(result: FileResult, options: ValidateOptions = {}): string[] {
  const line = (p: string, message: string) => {
    const block = blockNameAt(result.blocks, p);
    return `${result.file}: ${p || '/'}: ${message}${block ? ` [${block}]` : ''}`;
  };
  if (result.skipped) return [`${result.file}: skipped: ${result.skipped}`];
  if (result.ok) return [];
  if (options.expect && result.expect && result.kind !== 'unknown') {
    const produced = new Set(result.errors.map(errorKey));
    const wanted = new Set(result.expect.map(errorKey));
    return [
      ...result.expect.filter((e) => !produced.has(errorKey(e))).map((e) => line(e.path, `expected error not produced: ${e.message}`)),
      ...result.errors.filter((e) => !wanted.has(errorKey(e))).map((e) => line(e.path, `unexpected error: ${e.message}`)),
    ];
  }
  return result.errors.map((e) => line(e.path, e.message));
}

export interface RunOutput {
  log: (line: string) => void;
  error: (line: string) => void;
}

/** Runs the whole command; returns the exit code (0 when every file passes, 1 otherwise). */
export function run(registry: SchemaRegistry, args: readonly string[], out: RunOutput): number {
  const options: ValidateOptions = { expect: args.includes('--expect') };
  const targets = args.filter((arg) => !arg.startsWith('--'));
  if (targets.length === 0) {
    out.error('usage: validate [--expect] <file or folder>…');
    return 1;
  }
  const { files, missing } = collectFiles(targets);
  for (const target of missing) out.error(`${target}: cannot read file (ENOENT)`);
  if (files.length === 0 && missing.length === 0) {
    out.error(`no .json files found in ${targets.join(', ')}`);
    return 1;
  }
  let failed = missing.length;
  let skipped = 0;
  for (const file of files) {
    const result = validateFile(registry, file, options);
    for (const text of formatResult(result, options)) (result.ok ? out.log : out.error)(text);
    if (result.skipped) skipped += 1;
    else if (!result.ok) failed += 1;
  }
  const checked = files.length - skipped;
  out.log(
    `${files.length + missing.length} file(s): ${checked - (failed - missing.length)} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
  return failed > 0 ? 1 : 0;
}
