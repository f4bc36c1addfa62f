/**
 * Form schemas for rjsf. The schema documents refer to each other with relative `$ref`s
 * ("../entities/common.json#/$defs/colour"), which rjsf cannot follow (it resolves only local "#/…" refs),
 * so a form schema is the document with every `$ref` inlined: the target, then the referring node's own
 * keywords on top (title, default, x-ui …; x-ui objects are merged so `{group}` beside a ref keeps the
 * target's `{widget}`). Theme value kinds ("if reference, else the literal") become the literal: the theme
 * editor edits resolved values, never references.
 *
 * Validation does not use these: panels validate with the registry (the same messages the server gives).
 */
import { SCHEMA_BASE, type SchemaRegistry } from '../../core/schemas/registry';
import type { JsonSchema } from '../../core/schemas/types';

type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The document a ref (absolute URL) points into, by its registry name (folder/name). */
function documentOf(registry: SchemaRegistry, url: string): JsonSchema | undefined {
  if (!url.startsWith(SCHEMA_BASE)) return undefined;
  return registry.schema(url.slice(SCHEMA_BASE.length).replace(/\.json$/, ''));
}

function pointer(doc: unknown, fragment: string): unknown {
  if (fragment === '' || fragment === '/') return doc;
  let at: unknown = doc;
  for (const raw of fragment.replace(/^\//, '').split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    at = isNode(at) ? at[key] : Array.isArray(at) ? at[Number(key)] : undefined;
    if (at === undefined) return undefined;
  }
  return at;
}

/** A reference value kind of values.json: `{ if: { $ref: "#/$defs/reference" }, else: literal }`. */
function isReferenceIf(node: Node, base: string): boolean {
  const cond = node.if;
  if (!isNode(cond) || typeof cond.$ref !== 'string') return false;
  return new URL(cond.$ref, base).href.endsWith('themes/values.json#/$defs/reference');
}

const ANNOTATIONS_TO_DROP = new Set(['$id', '$schema', '$defs', 'x-block', 'x-family', 'examples', '$comment']);

/** Inlines every $ref of `node` (relative to `base`), simplifying theme value kinds to their literal branch. */
export function inlineRefs(registry: SchemaRegistry, node: unknown, base: string, stack: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineRefs(registry, item, base, stack));
  if (!isNode(node)) return node;
  let out: Node = {};
  let own: Node = node;
  if (typeof node.$ref === 'string') {
    const url = new URL(node.$ref, base).href;
    const [docUrl = '', fragment = ''] = url.split('#');
    const { $ref: _ref, ...siblings } = node;
    own = siblings;
    if (!stack.includes(url)) {
      const doc = documentOf(registry, docUrl);
      const target = doc ? pointer(doc, fragment) : undefined;
      if (isNode(target)) out = inlineRefs(registry, target, docUrl, [...stack, url]) as Node;
    }
  }
  // Theme value kinds: keep the literal branch (references are resolved before the editor shows a value).
  if (isReferenceIf(own, base)) {
    const { if: _if, else: literal, then: _then, ...rest } = own;
    out = { ...out, ...(inlineRefs(registry, literal, base, stack) as Node) };
    own = rest;
  }
  // "null or X" (theme images: null for no image): X, also allowing null.
  if (isNode(own.if) && (own.if as Node).type === 'null' && own.else !== undefined) {
    const { if: _if, else: literal, then: _then, ...rest } = own;
    const lit = inlineRefs(registry, literal, base, stack) as Node;
    out = { ...out, ...lit, type: [typeof lit.type === 'string' ? lit.type : 'object', 'null'] };
    own = rest;
  }
  for (const [key, value] of Object.entries(own)) {
    if (ANNOTATIONS_TO_DROP.has(key)) continue;
    const inlined = inlineRefs(registry, value, base, stack);
    if (key === 'x-ui' && isNode(out['x-ui']) && isNode(inlined)) out[key] = { ...out['x-ui'], ...inlined };
    else out[key] = inlined;
  }
  return out;
}

const formCache = new WeakMap<SchemaRegistry, Map<string, JsonSchema>>();

/** The inlined form schema of a document ("blocks/banner", "entities/page", "themes/primary"), cached. */
export function formSchemaOf(registry: SchemaRegistry, ref: string): JsonSchema {
  let cache = formCache.get(registry);
  if (!cache) formCache.set(registry, (cache = new Map()));
  let schema = cache.get(ref);
  if (!schema) {
    const doc = registry.schema(ref);
    if (!doc) throw new Error(`No schema ${ref}`);
    schema = inlineRefs(registry, doc, `${SCHEMA_BASE}${ref}.json`) as JsonSchema;
    cache.set(ref, schema);
  }
  return schema;
}

/** Special properties drawn in every block's form (published and conditions have their own controls). */
const FORM_SPECIAL_PROPERTIES = ['hidden'] as const;

const blockForms = new WeakMap<SchemaRegistry, Map<string, JsonSchema>>();

/** A block type's form: its properties, then the special ones every block has in its form (hidden on a device). */
export function blockFormSchema(registry: SchemaRegistry, type: string): JsonSchema {
  let cache = blockForms.get(registry);
  if (!cache) blockForms.set(registry, (cache = new Map()));
  let schema = cache.get(type);
  if (!schema) {
    const own = formSchemaOf(registry, `blocks/${type}`);
    const special = (formSchemaOf(registry, 'entities/blockSpecialProperties').properties ?? {}) as Record<string, unknown>;
    const extra = Object.fromEntries(FORM_SPECIAL_PROPERTIES.filter((k) => special[k] && !(k in ((own.properties ?? {}) as object))).map((k) => [k, special[k]]));
    schema = { ...own, properties: { ...(own.properties as object), ...extra } };
    cache.set(type, schema);
  }
  return schema;
}

/** Only some properties of a document (the page panel shows §3 Page properties, not the block tree). */
export function pickProperties(schema: JsonSchema, keys: readonly string[]): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (properties[key] !== undefined) picked[key] = properties[key];
  return { type: 'object', properties: picked };
}
