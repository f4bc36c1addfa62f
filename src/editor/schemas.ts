/**
 * The browser schema registry — for the editor chunk ONLY (the storefront never imports this file: it pulls in
 * every schema document and ajv). No CSP is set, so ajv compiles at runtime here.
 */
import { createSchemaRegistry, type SchemaRegistry } from '../core/schemas/registry';
import type { JsonSchema, SchemaSet } from '../core/schemas/types';
import { blockMessages, isPseudoType } from '../core/blocks/messages';
import type { BlockData } from '../core/storeData';
import type { MetaOf } from '../core/blocks/tree';

const FOLDERS: (keyof SchemaSet)[] = ['blocks', 'entities', 'themes', 'rules'];

/** Groups Vite's glob result ('/schemas/blocks/banner.json' → blocks.banner). */
export function schemaSetFromModules(modules: Record<string, unknown>): SchemaSet {
  const set: SchemaSet = { blocks: {}, entities: {}, themes: {}, rules: {} };
  for (const [file, doc] of Object.entries(modules)) {
    const match = /\/schemas\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const folder = match[1] as keyof SchemaSet;
    if (!FOLDERS.includes(folder)) continue; // fixtures/ and anything else are not schemas
    set[folder][match[2]!] = doc as JsonSchema;
  }
  return set;
}

let registry: SchemaRegistry | undefined;

/** The editor's registry, built (and every schema compiled) on first use. */
export function editorRegistry(): SchemaRegistry {
  registry ??= createSchemaRegistry(
    schemaSetFromModules(import.meta.glob('/schemas/**/*.json', { eager: true, import: 'default' })),
  );
  return registry;
}

/** Replaces the registry (Node scripts such as the bench, where Vite's glob import is not available). */
export function setEditorRegistry(next: SchemaRegistry): void {
  registry = next;
}

/** Containment metadata for the tree operations. */
export const metaOf: MetaOf = (type) => editorRegistry().blockMeta(type);

/** A fresh uid (crypto.randomUUID, with a fallback for non-secure contexts). */
export function newUid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `b-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * A complete new block of `type`: fresh uid, the type's default size, every envelope and property default
 * filled from the schemas. Throws Error(blockMessages.noType) without a type and Error(blockMessages.noBuilder)
 * for a type without a schema (§8).
 */
export function makeBlock(type: string | undefined | null): BlockData {
  if (!type) throw new Error(blockMessages.noType);
  const reg = editorRegistry();
  if (isPseudoType(type) || !reg.blockMeta(type)) throw new Error(blockMessages.noBuilder);
  const properties: Record<string, unknown> = {};
  reg.validateBlockProperties(type, properties); // fills defaults in place; a fresh block may still lack required values
  const block: Record<string, unknown> = { uid: newUid(), type, size: reg.defaultSize(type), items: [], properties };
  const { version } = reg.blockMeta(type)!;
  if (version > 1) block.schemaVersion = version; // written under the current schema (absent would read as version 1)
  reg.validate('entities/block', block); // fills the envelope defaults (order, flags, unpublished, padding, …)
  return block as unknown as BlockData;
}
