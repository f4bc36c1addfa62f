import { openPglite, openPostgres, type Database } from './db/database';
import { migrate } from './db/migrate';
import { seedDemoStore } from './db/seed/seed';
import { schemaRegistry } from './schemas/load';
import { createThemeService } from './themes';
import type { AppContext } from './context';
import { fromRoot } from './paths';
import { sanitizeStoredPages } from './pages/sanitizeStoredPages';

export interface BootOptions {
  databaseUrl?: string;
  /** null: PGlite in memory (tests). */
  dataDir?: string | null;
  seed?: boolean;
}

/** Opens the database (PGlite unless DATABASE_URL is set), migrates it, seeds the demo store, cleans the HTML of pages saved before sanitise-on-write, builds the context. */
export async function boot(options: BootOptions = {}): Promise<AppContext> {
  const registry = schemaRegistry();
  const db: Database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir === undefined ? fromRoot('data') : options.dataDir);
  try {
    await migrate(db);
    if (options.seed !== false) await seedDemoStore(db, registry);
    await sanitizeStoredPages(db, registry);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return { db, registry, themes: createThemeService(registry) };
}
