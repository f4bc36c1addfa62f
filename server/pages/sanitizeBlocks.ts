import { JSDOM } from 'jsdom';
import type { SchemaRegistry } from '../../src/core/schemas/registry';
import type { JsonSchema } from '../../src/core/schemas/types';
import { walkBlocks } from '../../src/core/blocks/tree';
import { createHtmlSanitizers, type HtmlSanitizers, type PurifierWindow } from '../../src/core/html/purify';

/**
 * Sanitise on write: every HTML property of a page's blocks is cleaned when the page is saved, so the stored page
 * already holds safe HTML and shoppers' browsers draw it without a sanitiser. Which properties hold HTML comes from
 * the block schemas: the rich-text widget (`x-ui.widget: "richtext"`) and free HTML (`x-ui.html: "free"`, the html
 * block). One jsdom window serves every call.
 */
let sanitizers: HtmlSanitizers | null = null;
const html = () => (sanitizers ??= createHtmlSanitizers(new JSDOM('').window as unknown as PurifierWindow));

type Node = { type?: string; properties?: unknown; items?: unknown[] };

/** Cleans the blocks in place; true when some HTML changed (something unsafe or malformed was in it). */
export function sanitizeBlockHtml(registry: SchemaRegistry, blocks: readonly Node[]): boolean {
  let changed = false;
  for (const block of walkBlocks(blocks)) {
    const schema = block.type ? registry.blockSchema(block.type) : undefined;
    const properties = schema?.properties as Record<string, JsonSchema> | undefined;
    if (properties && isObject(block.properties)) changed = sanitizeObject(properties, block.properties) || changed;
  }
  return changed;
}

function sanitizeObject(schemaProperties: Record<string, JsonSchema>, value: Record<string, unknown>): boolean {
  let changed = false;
  for (const [key, schema] of Object.entries(schemaProperties)) {
    const v = value[key];
    if (typeof v === 'string') {
      const kind = htmlKind(schema);
      if (!kind) continue;
      const clean = kind === 'free' ? html().html(v) : html().richText(v);
      if (clean !== v) {
        value[key] = clean;
        changed = true;
      }
    } else if (Array.isArray(v)) {
      const itemProperties = (schema.items as JsonSchema | undefined)?.properties as Record<string, JsonSchema> | undefined;
      if (itemProperties) for (const item of v) if (isObject(item)) changed = sanitizeObject(itemProperties, item) || changed;
    } else if (isObject(v) && schema.properties) {
      changed = sanitizeObject(schema.properties as Record<string, JsonSchema>, v) || changed;
    }
  }
  return changed;
}

function htmlKind(schema: JsonSchema): 'free' | 'rich' | null {
  const ui = schema['x-ui'] as { widget?: string; html?: string } | undefined;
  if (ui?.html === 'free') return 'free';
  if (ui?.widget === 'richtext') return 'rich';
  return null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
