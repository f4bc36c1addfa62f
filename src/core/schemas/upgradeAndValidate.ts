/**
 * What a write does with blocks from outside — a save body, the builder's clipboard, an outside editor, a QA file:
 * upgrade them to the current schema versions (src/core/blocks/upgrade.ts), then validate them (filling defaults in
 * place). A block that cannot be upgraded is reported once, at its schemaVersion, instead of by the validator.
 */
import { upgradeBlocks, type UpgradedBlock, type UpgradeProblem, type UpgradeResult } from '../blocks/upgrade';
import type { SchemaRegistry } from './registry';
import type { ValidationError } from './types';

export interface UpgradeValidation {
  errors: ValidationError[];
  /** The blocks that were upgraded, with their paths and versions. */
  upgraded: UpgradedBlock[];
  /** The blocks left as saved because they could not be upgraded (also among `errors`). */
  problems: UpgradeProblem[];
}

function merge(errors: ValidationError[], upgrade: UpgradeResult<unknown> | null): UpgradeValidation {
  if (!upgrade) return { errors, upgraded: [], problems: [] };
  const { upgraded, problems } = upgrade;
  if (problems.length === 0) return { errors, upgraded, problems };
  // The validator's word on a block left as saved (its version, its old-shape properties) says less than why.
  const replaced = (path: string) => problems.some((p) => path === `${p.path}/schemaVersion` || path.startsWith(`${p.path}/properties`));
  return {
    errors: [...problems.map((p) => ({ path: `${p.path}/schemaVersion`, message: p.message })), ...errors.filter((e) => !replaced(e.path))],
    upgraded,
    problems,
  };
}

/** Upgrades `page.blocks` (replacing the array when anything was old) and validates the page. */
export function upgradeAndValidatePage(registry: SchemaRegistry, page: Record<string, unknown>, basePath = ''): UpgradeValidation {
  const upgrade = Array.isArray(page.blocks) ? upgradeBlocks(page.blocks, `${basePath}/blocks`) : null;
  if (upgrade) page.blocks = upgrade.blocks;
  return merge(registry.validatePage(page, basePath), upgrade);
}

/** Upgrades and validates a block list; use the returned `blocks` (a new array when anything was old). */
export function upgradeAndValidateBlocks<T>(registry: SchemaRegistry, blocks: T[], basePath = '/blocks'): UpgradeValidation & { blocks: T[] } {
  if (!Array.isArray(blocks)) return { blocks, errors: registry.validateBlocks(blocks, basePath), upgraded: [], problems: [] };
  const upgrade = upgradeBlocks(blocks, basePath);
  return { blocks: upgrade.blocks, ...merge(registry.validateBlocks(upgrade.blocks, basePath), upgrade) };
}
