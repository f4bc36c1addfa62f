/**
 * Block schema versions. Every block type's schema carries `x-block.version`; a block stores the version it was
 * written under (`schemaVersion`; absent means 1). A change that a block saved under the previous version would not
 * pass ships a migration (src/core/blocks/migrations/<type>.ts), and this runner applies them in order, up to the
 * schema's version, whenever a page is read or saved (server) or blocks arrive from outside the page (the builder's
 * clipboard and outside-editor bridge).
 *
 * Pure and copy-on-write: a tree with nothing to upgrade comes back as the very same array (no copy), otherwise only
 * the blocks on the path to an upgraded one are copied — callers may hold frozen state. A block that cannot be
 * upgraded (a version newer than known, a bad version, a migration that refuses it) is left exactly as saved and
 * reported, never dropped.
 */
import special from '../../../schemas/entities/blockSpecialProperties.json';
import { BLOCK_SCHEMA_VERSIONS } from '../generated/blockProperties';
import { isPseudoType } from './messages';
import { BLOCK_MIGRATIONS } from './migrations';

export type Properties = Record<string, unknown>;

/** What the upgrader and the validators say about a block's schema version (kept out of the storefront's messages). */
export const versionMessages = {
  bad: 'Must be a whole number from 1 (the schema version the block was saved under)',
  newer: (type: string, saved: number, known: number) =>
    `This ${type} block was saved under schema version ${saved}, newer than this server knows (${known}). Update the server before editing this page.`,
  notUpgraded: (type: string, saved: number, known: number) =>
    `This ${type} block was saved under schema version ${saved} and has not been upgraded to version ${known}.`,
  noMigration: (type: string, from: number) => `No migration of ${type} blocks from schema version ${from} is registered.`,
  cannotUpgrade: (type: string, from: number, reason: string) => `This ${type} block cannot be upgraded from schema version ${from}: ${reason}`,
} as const;

export interface BlockMigration {
  /** What changed from the version it upgrades from to the next, in one line (docs and reports). */
  change: string;
  /**
   * Pure: a block's own properties as saved under version N → the same block under N + 1. Never mutates its argument.
   * Changes only what version N had, so a block a client wrote in the new shape without a schemaVersion (read as
   * version 1) comes through unharmed. Throws an Error saying why to refuse a block it cannot carry over.
   * The special properties every block may carry (published, conditions, itemFactory) are not passed in: the runner
   * keeps them as they were.
   */
  up(properties: Readonly<Properties>): Properties;
}

/** One block type's migrations, keyed by the version each upgrades from. */
export type BlockMigrations = Readonly<Record<number, BlockMigration>>;

export interface UpgradedBlock {
  /** JSON pointer of the block (`/blocks/2/items/0`). */
  path: string;
  uid: string;
  type: string;
  from: number;
  to: number;
}

export interface UpgradeProblem {
  path: string;
  uid: string;
  type: string;
  /** The schemaVersion as saved. */
  version: unknown;
  message: string;
}

export interface UpgradeResult<T> {
  /** The upgraded tree; the input array itself when nothing was upgraded. */
  blocks: T[];
  upgraded: UpgradedBlock[];
  problems: UpgradeProblem[];
}

export interface BlockUpgrader {
  /** The current schema version of a block type; undefined for unknown and pseudo types (never upgraded). */
  versionOf(type: string): number | undefined;
  upgradeBlocks<T>(blocks: readonly T[], basePath?: string): UpgradeResult<T>;
}

/** Property names any block may carry besides its type's own (schemas/entities/blockSpecialProperties.json). */
export const SPECIAL_PROPERTIES: ReadonlySet<string> = new Set(Object.keys(special.properties));

type Node = Record<string, unknown>;
const isObject = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Whether a block saved under `saved` may be used as a block of the schema's `current` version: null when it may,
 * else the message (the registry's validation and the upgrader say the same thing).
 */
export function versionError(type: string, saved: unknown, current: number): string | null {
  const version = saved ?? 1;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return versionMessages.bad;
  if (version > current) return versionMessages.newer(type, version, current);
  if (version < current) return versionMessages.notUpgraded(type, version, current);
  return null;
}

export function createBlockUpgrader(versions: Readonly<Record<string, number>>, migrations: Readonly<Record<string, BlockMigrations>>): BlockUpgrader {
  const versionOf = (type: string) => (isPseudoType(type) || !Object.hasOwn(versions, type) ? undefined : versions[type]);

  /** The properties carried from version `from` to `to`, or the message saying why they cannot be. */
  const migrate = (type: string, from: number, to: number, properties: Node): Properties | string => {
    let own: Properties = {};
    const kept: Properties = {};
    for (const [key, value] of Object.entries(properties)) (SPECIAL_PROPERTIES.has(key) ? kept : own)[key] = value;
    for (let version = from; version < to; version++) {
      const step = Object.hasOwn(migrations, type) ? migrations[type]![version] : undefined;
      if (!step) return versionMessages.noMigration(type, version);
      let next: unknown;
      try {
        next = step.up(own);
      } catch (error) {
        return versionMessages.cannotUpgrade(type, version, reasonOf(error));
      }
      if (!isObject(next)) return versionMessages.cannotUpgrade(type, version, 'its migration returned no properties');
      own = next;
    }
    return { ...own, ...kept };
  };

  function upgradeBlocks<T>(blocks: readonly T[], basePath = '/blocks'): UpgradeResult<T> {
    const upgraded: UpgradedBlock[] = [];
    const problems: UpgradeProblem[] = [];

    const visit = (raw: unknown, path: string): unknown => {
      if (!isObject(raw)) return raw;
      let block: Node = raw;
      const type = typeof raw.type === 'string' ? raw.type : '';
      const current = versionOf(type);
      const saved = raw.schemaVersion ?? 1;
      if (current !== undefined && saved !== current) {
        const uid = typeof raw.uid === 'string' ? raw.uid : '';
        const older = typeof saved === 'number' && Number.isInteger(saved) && saved >= 1 && saved < current;
        const properties = older ? migrate(type, saved, current, isObject(raw.properties) ? raw.properties : {}) : versionError(type, saved, current)!;
        if (typeof properties === 'string') problems.push({ path, uid, type, version: raw.schemaVersion, message: properties });
        else {
          block = { ...raw, schemaVersion: current, properties };
          upgraded.push({ path, uid, type, from: saved as number, to: current });
        }
      }
      if (Array.isArray(raw.items)) {
        const items = walk(raw.items, `${path}/items`);
        if (items !== raw.items) block = { ...block, items };
      }
      return block;
    };

    const walk = (list: readonly unknown[], path: string): readonly unknown[] => {
      let copy: unknown[] | null = null;
      list.forEach((raw, index) => {
        const next = visit(raw, `${path}/${index}`);
        if (next !== raw) (copy ??= list.slice())[index] = next;
      });
      return copy ?? list;
    };

    return { blocks: walk(blocks, basePath) as T[], upgraded, problems };
  }

  return { versionOf, upgradeBlocks };
}

/** The upgrader of this build: the schemas' versions and the registered migrations. */
export const blockUpgrader: BlockUpgrader = createBlockUpgrader(BLOCK_SCHEMA_VERSIONS, BLOCK_MIGRATIONS);
export const upgradeBlocks = blockUpgrader.upgradeBlocks;
