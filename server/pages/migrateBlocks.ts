/**
 * `npm run migrate:blocks`: brings every stored page (and page revision) up to the current block schema versions
 * (src/core/blocks/upgrade.ts), so old blocks stop being upgraded on every read. Pages are read in batches by id and
 * each changed page is written in its own short transaction, conditional on the page version it was read at (the
 * optimistic check a save uses, without bumping the version: the content is the same, so an owner with the builder
 * open saves without a conflict). A page saved meanwhile was upgraded by that save; it is read again, never
 * overwritten. Revisions are immutable rows, rewritten one at a time. With `dryRun` nothing is written.
 */
import type { Database, Queryable } from '../db/database';
import { upgradeBlocks, type UpgradeResult } from '../../src/core/blocks/upgrade';

export interface BlockUpgradeCount {
  type: string;
  from: number;
  to: number;
  pages: number;
  revisions: number;
}

export interface UnmigratableBlock {
  pageId: number;
  url: string;
  /** The revision's version, or null for the page itself. */
  revision: number | null;
  path: string;
  uid: string;
  type: string;
  message: string;
}

export interface BlockMigrationReport {
  dryRun: boolean;
  pages: {
    scanned: number;
    /** Pages written (or that would be, in a dry run). */
    changed: number;
    /** Pages saved by someone else between our read and our write: read again (that save had upgraded them). */
    savedMeanwhile: number;
  };
  /** null when the database has no page_revisions table yet. */
  revisions: { scanned: number; changed: number } | null;
  upgrades: BlockUpgradeCount[];
  unmigratable: UnmigratableBlock[];
}

export interface MigrateBlocksOptions {
  dryRun?: boolean;
  /** Pages (or revisions) read per query. */
  batchSize?: number;
  revisions?: boolean;
  /** Called after each batch, e.g. to show progress. */
  onProgress?: (report: BlockMigrationReport) => void;
}

/** A write that lost to a concurrent save is retried this often before the page is left to its next read. */
const ATTEMPTS = 5;

type Blocks = unknown[];

export async function migrateStoredBlocks(db: Database, options: MigrateBlocksOptions = {}): Promise<BlockMigrationReport> {
  const { dryRun = false, batchSize = 200, onProgress } = options;
  const hasRevisions = options.revisions !== false && (await tableExists(db, 'page_revisions'));
  const report: BlockMigrationReport = { dryRun, pages: { scanned: 0, changed: 0, savedMeanwhile: 0 }, revisions: hasRevisions ? { scanned: 0, changed: 0 } : null, upgrades: [], unmigratable: [] };
  const counts = new Map<string, BlockUpgradeCount>();

  const tally = (result: UpgradeResult<unknown>, where: 'pages' | 'revisions', page: { id: number; url: string }, revision: number | null) => {
    for (const u of result.upgraded) {
      const key = `${u.type}\u0000${u.from}\u0000${u.to}`;
      const count = counts.get(key) ?? { type: u.type, from: u.from, to: u.to, pages: 0, revisions: 0 };
      count[where] += 1;
      counts.set(key, count);
    }
    for (const p of result.problems) report.unmigratable.push({ pageId: page.id, url: page.url, revision, path: p.path, uid: p.uid, type: p.type, message: p.message });
  };

  let after = 0;
  for (;;) {
    const { rows } = await db.query<{ id: number; url: string; version: number; blocks: Blocks }>('select id, url, version, blocks from pages where id > $1 order by id limit $2', [after, batchSize]);
    if (rows.length === 0) break;
    for (let row of rows) {
      report.pages.scanned += 1;
      for (let attempt = 1; ; attempt++) {
        const result = upgradeBlocks(row.blocks ?? []);
        const changed = result.blocks !== row.blocks;
        if (dryRun || !changed || (await writePage(db, row.id, row.version, result.blocks))) {
          tally(result, 'pages', row, null);
          if (changed) report.pages.changed += 1;
          break;
        }
        report.pages.savedMeanwhile += 1;
        const fresh = (await db.query<typeof row>('select id, url, version, blocks from pages where id = $1', [row.id])).rows[0];
        if (!fresh || attempt === ATTEMPTS) break; // deleted meanwhile, or busy: its next read upgrades it
        row = fresh;
      }
    }
    after = rows[rows.length - 1]!.id;
    onProgress?.(report);
  }

  if (report.revisions) {
    let last = { pageId: 0, version: 0 };
    for (;;) {
      const { rows } = await db.query<{ page_id: number; version: number; url: string | null; blocks: Blocks | null }>(
        `select r.page_id, r.version, p.url, r.document->'blocks' as blocks from page_revisions r left join pages p on p.id = r.page_id
         where (r.page_id, r.version) > ($1, $2) order by r.page_id, r.version limit $3`,
        [last.pageId, last.version, batchSize],
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        report.revisions.scanned += 1;
        const result = upgradeBlocks(row.blocks ?? []);
        tally(result, 'revisions', { id: row.page_id, url: row.url ?? '' }, row.version);
        if (result.blocks === row.blocks || !row.blocks) continue;
        report.revisions.changed += 1;
        if (!dryRun) {
          await db.transaction((tx) =>
            tx.query(`update page_revisions set document = jsonb_set(document, '{blocks}', $3::jsonb) where page_id = $1 and version = $2`, [row.page_id, row.version, JSON.stringify(result.blocks)]),
          );
        }
      }
      const end = rows[rows.length - 1]!;
      last = { pageId: end.page_id, version: end.version };
      onProgress?.(report);
    }
  }

  report.upgrades = [...counts.values()].sort((a, b) => a.type.localeCompare(b.type) || a.from - b.from);
  return report;
}

/** Writes the upgraded blocks unless the page was saved since it was read (then false: read it again). */
async function writePage(db: Database, id: number, version: number, blocks: Blocks): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query('update pages set blocks = $3 where id = $1 and version = $2 returning id', [id, version, JSON.stringify(blocks)]);
    return rows.length > 0;
  });
}

async function tableExists(db: Queryable, table: string): Promise<boolean> {
  const { rows } = await db.query<{ found: string | null }>('select to_regclass($1)::text as found', [table]);
  return rows[0]?.found != null;
}

const number = (n: number) => n.toLocaleString('en-GB');

/** The report as the command prints it. */
export function formatBlockMigrationReport(report: BlockMigrationReport): string[] {
  const would = report.dryRun ? 'would change' : 'changed';
  const lines = [
    report.dryRun ? 'Block schema migration — dry run: nothing was written.' : 'Block schema migration.',
    `Pages: ${number(report.pages.scanned)} scanned, ${number(report.pages.changed)} ${would}` +
      (report.pages.savedMeanwhile > 0 ? ` (${number(report.pages.savedMeanwhile)} saved by someone else meanwhile were read again)` : '') +
      '.',
    report.revisions
      ? `Page revisions: ${number(report.revisions.scanned)} scanned, ${number(report.revisions.changed)} ${would}.`
      : 'Page revisions: none kept in this database yet.',
  ];
  if (report.upgrades.length === 0) lines.push('Blocks upgraded: none — every stored block is at its schema version.');
  else {
    lines.push(report.dryRun ? 'Blocks that would be upgraded, by type and version:' : 'Blocks upgraded, by type and version:');
    for (const u of report.upgrades) lines.push(`  ${u.type} ${u.from} → ${u.to}: ${number(u.pages)} in pages, ${number(u.revisions)} in revisions`);
  }
  if (report.unmigratable.length === 0) lines.push('Blocks that cannot be upgraded: none.');
  else {
    lines.push(`Blocks that cannot be upgraded (left as saved): ${number(report.unmigratable.length)}`);
    for (const p of report.unmigratable) {
      const where = `page ${p.pageId}${p.url ? ` ${p.url}` : ''}${p.revision === null ? '' : ` revision ${p.revision}`}`;
      lines.push(`  ${where}, block ${p.uid || '(no uid)'} (${p.type}) at ${p.path}: ${p.message}`);
    }
  }
  return lines;
}
