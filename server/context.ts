import type { Database } from './db/database';
import type { SchemaRegistry } from '../src/core/schemas/registry';
import type { ThemeService } from './themes';

/** What every route module is given: no globals, so tests build as many apps as they like. */
export interface AppContext {
  db: Database;
  registry: SchemaRegistry;
  themes: ThemeService;
}
