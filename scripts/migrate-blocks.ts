/**
 * Upgrades every stored page and page revision to the current block schema versions (server/pages/migrateBlocks.ts)
 * and prints a report: pages scanned and changed, blocks by type and version, blocks that cannot be upgraded.
 *
 *   npm run migrate:blocks                      write, then report
 *   npm run migrate:blocks -- --dry-run         report only: nothing is written
 *   npm run migrate:blocks -- --batch-size 500  pages read per query (default 200)
 *
 * The database is the server's: DATABASE_URL (PostgreSQL; safe while servers run), else the embedded PGlite in
 * DATA_DIR (./data), which serves one process at a time — stop the server first. Exits 1 when a block cannot be
 * upgraded (it is left as saved) or the database cannot be opened.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openPglite, openPostgres, StartupError, type Database } from '../server/db/database';
import { fromRoot } from '../server/paths';
import { formatBlockMigrationReport, migrateStoredBlocks } from '../server/pages/migrateBlocks';

export const USAGE = 'usage: npm run migrate:blocks [-- --dry-run] [--batch-size N] [--no-revisions]';

export interface MigrateArgs {
  dryRun: boolean;
  batchSize: number;
  revisions: boolean;
}

export function parseArgs(argv: readonly string[]): MigrateArgs | string {
  const args: MigrateArgs = { dryRun: false, batchSize: 200, revisions: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--dry-run') args.dryRun = true;
    else if (arg === '--no-revisions') args.revisions = false;
    else if (arg === '--batch-size' || arg.startsWith('--batch-size=')) {
      const value = Number(arg.includes('=') ? arg.split('=')[1] : argv[++i]);
      if (!Number.isInteger(value) || value < 1 || value > 10_000) return `--batch-size must be a whole number from 1 to 10000\n${USAGE}`;
      args.batchSize = value;
    } else return `unknown argument ${arg}\n${USAGE}`;
  }
  return args;
}

/**
 * The server's database. PGlite is refused while another process has the folder open (PGlite writes
 * postmaster.pid while open and removes it on close): two instances on one folder would corrupt it.
 */
export async function openServerDatabase(env: NodeJS.ProcessEnv = process.env): Promise<{ db: Database; where: string }> {
  if (env.DATABASE_URL) return { db: await openPostgres(env.DATABASE_URL), where: 'PostgreSQL (DATABASE_URL)' };
  const dir = env.DATA_DIR ? path.resolve(env.DATA_DIR) : fromRoot('data');
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new StartupError(`No database in ${dir}: start the server once to create it, or set DATA_DIR or DATABASE_URL.`);
  if (fs.existsSync(path.join(dir, 'postmaster.pid'))) {
    throw new StartupError(
      `The database in ${dir} is open in another process (a running server?). The embedded database serves one process at a time: ` +
        `stop the server and run this again, or run it against PostgreSQL (DATABASE_URL), where it is safe beside running servers. ` +
        `If no server is running (it was stopped abruptly), remove ${path.join(dir, 'postmaster.pid')} first.`,
    );
  }
  return { db: await openPglite(dir), where: `embedded PGlite in ${dir}` };
}

export async function main(argv: readonly string[], out: { log: (line: string) => void; error: (line: string) => void } = console): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    out.error(args);
    return 1;
  }
  let opened: Awaited<ReturnType<typeof openServerDatabase>>;
  try {
    opened = await openServerDatabase();
  } catch (error) {
    out.error(`Cannot migrate blocks: ${(error as Error).message}`);
    return 1;
  }
  try {
    out.log(`Database: ${opened.where}`);
    const report = await migrateStoredBlocks(opened.db, args);
    for (const line of formatBlockMigrationReport(report)) out.log(line);
    return report.unmigratable.length > 0 ? 1 : 0;
  } finally {
    await opened.db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
