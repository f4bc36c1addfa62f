/**
 * The declarative model tables behind §7 `POST /omnis/v3/models/fetch/` (docs/commerce-contract.md, "Models fetch").
 *
 * Every model says, in data: where its rows live (a FROM clause), which store a row belongs to and which user
 * owns it (so each viewer gets an access level per row), when a row is visible at all, and for every field
 * the least level that may read it. All SQL here is fixed text written in this folder; request input only
 * ever reaches the database as bound parameters.
 */
import type { AuthUser } from '../auth/types';

/**
 * A viewer's standing towards one row, weakest first:
 * - `public`: anyone, signed in or not;
 * - `self`: the row is the viewer's own (their user record, their order and its items, attempts and log);
 * - `store`: the viewer owns or edits the row's store (with dashboard access: verified + EULA);
 * - `staff`: an internal user (§6), any store;
 * - `never`: secrets (password hashes, 2FA secrets, recovery codes, sessions, tokens, basket ids) — no one.
 */
export type Level = 'public' | 'self' | 'store' | 'staff' | 'never';

export const LEVEL_RANK: Readonly<Record<Level, number>> = { public: 0, self: 1, store: 2, staff: 3, never: 99 };

export const atLeast = (level: Level, needed: Level) => LEVEL_RANK[level] >= LEVEL_RANK[needed];

/** A readable field: its SQL expression over the model's FROM clause and the least level that reads it. */
export interface ReadableField {
  read: Exclude<Level, 'never'>;
  sql: string;
  /** Turns the database value into the API value (numeric strings, derived facts). */
  map?: (value: unknown) => unknown;
}

/** A field no viewer may read: it is never selected, and asking for it answers 403. */
export interface SecretField {
  read: 'never';
}

export type FieldDef = ReadableField | SecretField;

export interface RelationDef {
  /** The related model's type. */
  model: string;
  /** A list of models, or one model (or null). */
  many: boolean;
  /**
   * SQL returning `parent` and `id` columns — the related ids of the parents in `$1::int[]` — in the order
   * they are shown. At most MAX_RELATED rows per relation are read.
   */
  sql: string;
}

/** Facts about one row that decide who may see it. */
export interface RowFacts {
  /** The level of the viewer towards this row. */
  level: Level;
  /** Values of the model's `facts` expressions. */
  facts: Record<string, unknown>;
  viewer: AuthUser | null;
}

export interface ModelDef {
  /** The snake-case name clients send as `type`. */
  type: string;
  /** Used in messages: "Order not found". */
  title: string;
  /** FROM clause; the model's own table is aliased `t`. */
  from: string;
  /** SQL of the row's id (an integer). */
  id: string;
  /** SQL of the store (division id) the row belongs to, or null when rows belong to no store. */
  division: string | null;
  /** SQL of the user the row belongs to (a `self` viewer), or null. */
  owner: string | null;
  /** Extra SQL values the visibility rule reads (boolean flags and the like). */
  facts?: Record<string, string>;
  /** Whether the viewer may see the row at all. Hidden rows are left out (a single id answers 404). */
  visible: (row: RowFacts) => boolean;
  fields: Record<string, FieldDef>;
  relations?: Record<string, RelationDef>;
}

/** Defines a model, checking that field and relation names are plain identifiers (they become SQL aliases). */
export function defineModel(def: ModelDef): ModelDef {
  for (const name of [...Object.keys(def.fields), ...Object.keys(def.relations ?? {}), ...Object.keys(def.facts ?? {})]) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(name)) throw new Error(`model ${def.type}: bad name ${name}`);
  }
  if (!def.fields.id) throw new Error(`model ${def.type}: an id field is required`);
  return def;
}

/** Visible to anyone when `fact` holds, otherwise from `level` up. */
export const publicWhen =
  (fact: string, level: Level = 'store') =>
  (row: RowFacts) =>
    row.facts[fact] === true || atLeast(row.level, level);

/** Visible from `level` up only. */
export const visibleFrom = (level: Level) => (row: RowFacts) => atLeast(row.level, level);

/** Common value maps. */
export const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
export const toIso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());
