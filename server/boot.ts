import { openPglite, openPostgres, type Database } from './db/database';
import { migrate } from './db/migrate';
import { seedDemoStore } from './db/seed/seed';
import { schemaRegistry } from './schemas/load';
import { createThemeService } from './themes';
import type { AppContext } from './context';
import type { SchemaRegistry } from '../src/core/schemas/registry';
import { fromRoot } from './paths';
import { sanitizeStoredPages } from './pages/sanitizeStoredPages';

export interface BootOptions {
  databaseUrl?: string;
  /** null: PGlite in memory (tests). */
  dataDir?: string | null;
  seed?: boolean;
  /** With dataDir null: start from this dump of a database already booted (see pgliteSnapshot). */
  snapshot?: Blob;
}

/** Opens the database (PGlite unless DATABASE_URL is set), migrates it, seeds the demo store, cleans the HTML of pages saved before sanitise-on-write, builds the context. */
export async function boot(options: BootOptions = {}): Promise<AppContext> {
  const registry = schemaRegistry();
  const db: Database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir === undefined ? fromRoot('data') : options.dataDir, options.snapshot);
  try {
    await prepareDatabase(db, registry, options.seed !== false);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return { db, registry, themes: createThemeService(registry) };
}

/** Migrations, the demo store when `seed`, and the clean-up of pages saved before sanitise-on-write; each finds finished work and skips it. */
export async function prepareDatabase(db: Database, registry: SchemaRegistry, seed: boolean): Promise<void> {
  await migrate(db);
  if (seed) await seedDemoStore(db, registry);
  await sanitizeStoredPages(db, registry);
}
