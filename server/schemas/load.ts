import fs from 'node:fs';
import path from 'node:path';
import { createSchemaRegistry, type SchemaRegistry } from '../../src/core/schemas/registry';
import type { JsonSchema, SchemaSet } from '../../src/core/schemas/types';
import { fromRoot } from '../paths';

const FOLDERS: (keyof SchemaSet)[] = ['blocks', 'entities', 'themes', 'rules'];

/** Reads every JSON document of one folder, keyed by file name without .json. */
export function readJsonFolder(dir: string): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  if (!fs.existsSync(dir)) return out;
  for (const file of fs.readdirSync(dir).sort()) {
    if (!file.endsWith('.json')) continue;
    const full = path.join(dir, file);
    try {
      out[file.slice(0, -5)] = JSON.parse(fs.readFileSync(full, 'utf8')) as JsonSchema;
    } catch (error) {
      throw new Error(`${full}: ${(error as Error).message}`, { cause: error });
    }
  }
  return out;
}

export function readSchemaSet(root = fromRoot('schemas')): SchemaSet {
  const set = {} as SchemaSet;
  for (const folder of FOLDERS) set[folder] = readJsonFolder(path.join(root, folder));
  return set;
}

let shared: SchemaRegistry | undefined;
/** The process-wide registry: schemas are read and compiled once. */
export function schemaRegistry(): SchemaRegistry {
  shared ??= createSchemaRegistry(readSchemaSet());
  return shared;
}
