/**
 * The model registry and the one read path of §7 `POST /omnis/v3/models/fetch/`.
 *
 * For each row the viewer gets a level (public < self < store < staff, see ./types.ts); the model decides
 * from it whether the row is visible and which fields may be read. Fields not asked for that the viewer may
 * not read are left out silently; a field asked for by name that the viewer may not read is a 403 naming it.
 * Relations load the related models through this same path, so they pass the same rules.
 */
import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { hasDashboardAccess, membershipOf } from '../auth/roles';
import type { AuthUser } from '../auth/types';
import { LEVEL_RANK, type Level, type ModelDef, type ReadableField } from './types';
import { blogPost, collection, product, productVariant } from './catalogue';
import { division, page } from './store';
import { order, orderItem, paymentAttempt, statusLog } from './orders';
import { user } from './users';
import { customer, manufacturer } from './business';
import { factoryLabel } from './factory';

/** Most ids one call may ask for. */
export const MAX_IDS = 100;
/** Most related rows one relation reads in one call (over all parents). */
export const MAX_RELATED = 1000;
/** Deepest relation path (`items.product.collections`). */
export const MAX_RELATION_DEPTH = 3;

export const MODELS: readonly ModelDef[] = [product, productVariant, collection, blogPost, division, page, order, orderItem, paymentAttempt, statusLog, user, customer, manufacturer, factoryLabel];

const REGISTRY = new Map(MODELS.map((m) => [m.type, m]));
/** Other names clients use for the same model. */
const ALIASES: Readonly<Record<string, string>> = { store: 'division', order_status_log: 'status_log', project: 'manufacturer' };

for (const m of MODELS) {
  for (const [name, rel] of Object.entries(m.relations ?? {})) {
    if (!REGISTRY.has(rel.model)) throw new Error(`model ${m.type}: relation ${name} names unknown model ${rel.model}`);
  }
}

export const modelMessages = {
  unknownType: 'Unknown model type',
  unknownAttribute: (type: string, name: string) => `Unknown attribute "${name}" for ${type}`,
  unknownRelation: (type: string, name: string) => `Unknown relation "${name}" for ${type}`,
  relationTooDeep: `Relations may be nested at most ${MAX_RELATION_DEPTH} deep`,
  forbidden: (type: string, name: string) => `Permission denied: you may not read "${name}" of ${type}`,
  notFound: (title: string) => `${title} not found`,
} as const;

export function modelOf(type: string): ModelDef | null {
  return REGISTRY.get(ALIASES[type] ?? type) ?? null;
}

/**
 * The viewer's level towards a row of store `divisionId` belonging to user `ownerId`: staff for internal
 * users; store for an owner or editor of that store with dashboard access (§6 login → verified → EULA);
 * self when the row is the viewer's own; public otherwise.
 */
export function levelOf(viewer: AuthUser | null, divisionId: number | null, ownerId: number | null): Level {
  if (!viewer) return 'public';
  if (viewer.internal) return 'staff';
  if (divisionId !== null && hasDashboardAccess(viewer) && membershipOf(viewer, divisionId)) return 'store';
  if (ownerId !== null && ownerId === viewer.id) return 'self';
  return 'public';
}

/** Accepts snake_case (`payment_attempts`) and camelCase (`paymentAttempts`) names. */
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export type ModelRecord = Record<string, unknown>;

export interface FetchRequest {
  type: string;
  ids: number[];
  attributes?: string[];
  relations?: string[];
}

type RelationTree = Map<string, RelationTree>;

/** Parses and checks `relations` (dotted paths) against the models, 400 naming the first unknown one. */
function relationTree(def: ModelDef, paths: string[]): RelationTree {
  const root: RelationTree = new Map();
  for (const path of paths) {
    const parts = path.split('.');
    if (parts.length > MAX_RELATION_DEPTH) throw new ApiError(400, modelMessages.relationTooDeep, { relations: [modelMessages.relationTooDeep] });
    let model = def;
    let node = root;
    for (const raw of parts) {
      const name = camel(raw);
      const rel = Object.hasOwn(model.relations ?? {}, name) ? model.relations![name]! : null;
      if (!rel) {
        const message = modelMessages.unknownRelation(model.type, raw);
        throw new ApiError(400, message, { relations: [message] });
      }
      if (!node.has(name)) node.set(name, new Map());
      node = node.get(name)!;
      model = modelOf(rel.model)!;
    }
  }
  return root;
}

/** Checks `attributes` against the model: unknown → 400, secret → 403, each naming the field. */
function attributeList(def: ModelDef, attributes: string[]): string[] {
  const names = [...new Set(attributes.map(camel))];
  const unknown = attributes.filter((a) => !Object.hasOwn(def.fields, camel(a)));
  if (unknown.length > 0) {
    const messages = unknown.map((a) => modelMessages.unknownAttribute(def.type, a));
    throw new ApiError(400, messages[0]!, { attributes: messages });
  }
  const secret = names.find((n) => def.fields[n]!.read === 'never');
  if (secret) throw forbidden(def, secret);
  return names;
}

function forbidden(def: ModelDef, field: string) {
  const message = modelMessages.forbidden(def.type, field);
  return new ApiError(403, message, { attributes: [message] });
}

interface LoadedRow {
  id: number;
  level: Level;
  values: Record<string, unknown>;
}

/** The rows of `def` with these ids that the viewer may see, with the readable columns selected. */
async function loadVisible(db: Queryable, def: ModelDef, ids: number[], viewer: AuthUser | null): Promise<Map<number, LoadedRow>> {
  const out = new Map<number, LoadedRow>();
  if (ids.length === 0) return out;
  const readable = Object.entries(def.fields).filter((e): e is [string, ReadableField] => e[1].read !== 'never');
  const facts = Object.entries(def.facts ?? {});
  // Every expression below is fixed text of the model tables; the ids are the only input and are bound.
  const columns = [
    `${def.id} as "__id"`,
    `${def.division ?? 'null'}::int as "__division"`,
    `${def.owner ?? 'null'}::int as "__owner"`,
    ...facts.map(([name, sql]) => `${sql} as "__fact_${name}"`),
    ...readable.map(([name, field]) => `${field.sql} as "${name}"`),
  ];
  const { rows } = await db.query<Record<string, unknown>>(`select ${columns.join(', ')} from ${def.from} where ${def.id} = any($1::int[])`, [ids]);
  for (const row of rows) {
    const level = levelOf(viewer, row.__division as number | null, row.__owner as number | null);
    const factValues = Object.fromEntries(facts.map(([name]) => [name, row[`__fact_${name}`]]));
    if (!def.visible({ level, facts: factValues, viewer })) continue;
    const values: Record<string, unknown> = {};
    for (const [name, field] of readable) {
      if (LEVEL_RANK[field.read] > LEVEL_RANK[level]) continue;
      const value = row[name];
      values[name] = field.map ? field.map(value) : (value ?? null);
    }
    out.set(row.__id as number, { id: row.__id as number, level, values });
  }
  return out;
}

/** Loads records of `def` (visible ones only) with their relations embedded. */
async function loadRecords(
  db: Queryable,
  def: ModelDef,
  ids: number[],
  viewer: AuthUser | null,
  attributes: string[] | null,
  relations: RelationTree,
): Promise<Map<number, ModelRecord>> {
  const rows = await loadVisible(db, def, ids, viewer);
  if (attributes) {
    // Asked for by name: every visible row must allow it (an owner asking for the cost of another store's product is refused).
    for (const row of rows.values()) {
      const denied = attributes.find((name) => LEVEL_RANK[def.fields[name]!.read] > LEVEL_RANK[row.level]);
      if (denied) throw forbidden(def, denied);
    }
  }
  const records = new Map<number, ModelRecord>();
  for (const row of rows.values()) {
    const record: ModelRecord = { id: row.id };
    for (const [name, value] of Object.entries(row.values)) if (!attributes || attributes.includes(name)) record[name] = value;
    records.set(row.id, record);
  }
  const parentIds = [...records.keys()];
  for (const [name, children] of relations) {
    const rel = def.relations![name]!;
    const target = modelOf(rel.model)!;
    const { rows: pairs } =
      parentIds.length === 0 ? { rows: [] } : await db.query<{ parent: number; id: number }>(`${rel.sql} limit ${MAX_RELATED}`, [parentIds]);
    const related = await loadRecords(db, target, [...new Set(pairs.map((p) => p.id))], viewer, null, children);
    for (const [id, record] of records) {
      const mine = pairs.filter((p) => p.parent === id).flatMap((p) => related.get(p.id) ?? []);
      record[name] = rel.many ? mine : (mine[0] ?? null);
    }
  }
  return records;
}

/**
 * §7 models/fetch: the visible models of `type` with these ids, in the order asked. One id answers one
 * model (404 when the viewer may not see it), several a list (hidden ones left out).
 */
export async function fetchModels(db: Queryable, viewer: AuthUser | null, request: FetchRequest): Promise<ModelRecord | ModelRecord[]> {
  const def = modelOf(request.type);
  if (!def) throw new ApiError(400, modelMessages.unknownType, { type: [modelMessages.unknownType] });
  const attributes = request.attributes && request.attributes.length > 0 ? attributeList(def, request.attributes) : null;
  const relations = relationTree(def, request.relations ?? []);
  const ids = [...new Set(request.ids)];
  const records = await loadRecords(db, def, ids, viewer, attributes, relations);
  if (request.ids.length === 1) {
    const record = records.get(request.ids[0]!);
    if (!record) throw new ApiError(404, modelMessages.notFound(def.title));
    return record;
  }
  return ids.flatMap((id): ModelRecord[] => {
    const record = records.get(id);
    return record ? [record] : [];
  });
}

/** The access table as data, for docs and tests: model → field → least level. */
export function accessTable(): Record<string, Record<string, Level>> {
  return Object.fromEntries(MODELS.map((m) => [m.type, Object.fromEntries(Object.entries(m.fields).map(([name, f]) => [name, f.read]))]));
}
