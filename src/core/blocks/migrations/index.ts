/**
 * Every block type's migrations, by type name (see src/core/blocks/upgrade.ts). A type's module is named after it
 * and exports its migrations keyed by the version each upgrades from; `migrations.test.ts` checks that each type
 * has exactly one migration for every version below its schema's (x-block.version).
 */
import type { BlockMigrations } from '../upgrade';
import { buttonMigrations } from './button';

export const BLOCK_MIGRATIONS: Readonly<Record<string, BlockMigrations>> = {
  button: buttonMigrations,
};
