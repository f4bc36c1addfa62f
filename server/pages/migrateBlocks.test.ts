import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDivisionId, openTestContext } from '../testing/testContext';
import { openPglite, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { versionMessages } from '../../src/core/blocks/upgrade';
import { formatBlockMigrationReport, migrateStoredBlocks } from './migrateBlocks';

/** `npm run migrate:blocks` over a store with pages saved under the button's version 1 schema (`primary`). */
let t: Awaited<ReturnType<typeof openTestContext>>;
let division = 0;

const v1Button = (uid: string, primary: unknown) => ({ uid, type: 'button', size: { x: 6, y: 3 }, items: [], properties: { text: `Button ${uid}`, href: '/', primary } });
const text = (uid: string) => ({ uid, type: 'textBlock', size: { x: 12, y: 6 }, items: [], properties: { text: '<p>Hi</p>' } });

async function insertPage(db: Database, divisionId: number, url: string, blocks: unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into pages (uuid, division_id, url, blocks, properties) values ($1, $2, $3, $4, '{"title":"Old"}') returning id`,
    [randomUUID(), divisionId, url, JSON.stringify(blocks)],
  );
  return rows[0]!.id;
}
/** Everything a migration could touch, to compare before and after. */
async function snapshot(db: Database) {
  const pages = (await db.query<{ id: number; version: number; edited: string; blocks: unknown }>('select id, version, edited::text, blocks from pages order by id')).rows;
  const revisions = (await db.query('select page_id, version, document from page_revisions order by page_id, version')).rows;
  return { pages, revisions };
}

const ids = { old: 0, nested: 0, newer: 0, fine: 0 };
beforeAll(async () => {
  t = await openTestContext();
  division = await demoDivisionId(t.ctx.db);
  ids.old = await insertPage(t.ctx.db, division, '/mig-old/', [v1Button('a', 1), text('t'), v1Button('b', 0)]);
  ids.nested = await insertPage(t.ctx.db, division, '/mig-nested/', [{ uid: 'row', type: 'row', size: { x: 12, y: 6 }, properties: {}, items: [v1Button('c', 1)] }]);
  ids.newer = await insertPage(t.ctx.db, division, '/mig-newer/', [{ ...v1Button('n', 1), schemaVersion: 7 }, v1Button('d', 'yes')]);
  ids.fine = await insertPage(t.ctx.db, division, '/mig-fine/', [text('t'), { uid: 'e', type: 'button', schemaVersion: 2, properties: { buttonStyle: 'warning' } }]);
  await t.ctx.db.query(`insert into page_revisions (page_id, version, document, summary) values ($1, 1, $2, '{}')`, [ids.fine, JSON.stringify({ url: '/mig-fine/', blocks: [v1Button('e', 1)] })]);
});
afterAll(async () => t?.close());

describe('migrateStoredBlocks', () => {
  it('a dry run reports what would change and writes nothing', async () => {
    const before = await snapshot(t.ctx.db);
    const report = await migrateStoredBlocks(t.ctx.db, { dryRun: true, batchSize: 3 });
    expect(await snapshot(t.ctx.db)).toEqual(before);
    expect(report.pages.scanned).toBe(before.pages.length);
    expect(report.pages.changed).toBe(2);
    expect(report.revisions).toEqual({ scanned: before.revisions.length, changed: 1 });
    expect(report.upgrades).toEqual([{ type: 'button', from: 1, to: 2, pages: 3, revisions: 1 }]);
    expect(report.unmigratable).toEqual([
      { pageId: ids.newer, url: '/mig-newer/', revision: null, path: '/blocks/0', uid: 'n', type: 'button', message: versionMessages.newer('button', 7, 2) },
      { pageId: ids.newer, url: '/mig-newer/', revision: null, path: '/blocks/1', uid: 'd', type: 'button', message: versionMessages.cannotUpgrade('button', 1, 'primary must be 1 or 0, found "yes"') },
    ]);
    const lines = formatBlockMigrationReport(report);
    expect(lines[0]).toBe('Block schema migration — dry run: nothing was written.');
    expect(lines).toContain(`Pages: ${report.pages.scanned} scanned, 2 would change.`);
    expect(lines).toContain('  button 1 → 2: 3 in pages, 1 in revisions');
    expect(lines).toContain(`  page ${ids.newer} /mig-newer/, block n (button) at /blocks/0: ${versionMessages.newer('button', 7, 2)}`);
  });

  it('a real run changes exactly the old pages and revisions, keeping their version, and a second run finds nothing', async () => {
    const before = await snapshot(t.ctx.db);
    const report = await migrateStoredBlocks(t.ctx.db, { batchSize: 2 });
    expect(report.pages.changed).toBe(2);
    const after = await snapshot(t.ctx.db);
    const changedIds = after.pages.filter((p, i) => JSON.stringify(p) !== JSON.stringify(before.pages[i])).map((p) => p.id);
    expect(changedIds).toEqual([ids.old, ids.nested]);
    const old = after.pages.find((p) => p.id === ids.old)!;
    expect(old.blocks).toMatchObject([{ schemaVersion: 2, properties: { buttonStyle: 'primary' } }, { uid: 't' }, { schemaVersion: 2, properties: { buttonStyle: 'secondary' } }]);
    expect(old.version).toBe(before.pages.find((p) => p.id === ids.old)!.version);
    expect(after.pages.find((p) => p.id === ids.nested)!.blocks).toMatchObject([{ items: [{ schemaVersion: 2, properties: { buttonStyle: 'primary' } }] }]);
    expect(after.revisions.find((r) => r.page_id === ids.fine)).toMatchObject({ document: { url: '/mig-fine/', blocks: [{ schemaVersion: 2, properties: { buttonStyle: 'primary' } }] } });

    const again = await migrateStoredBlocks(t.ctx.db);
    expect(again.pages.changed).toBe(0);
    expect(again.revisions!.changed).toBe(0);
    expect(again.upgrades).toEqual([]);
    expect(again.unmigratable).toHaveLength(2); // still reported, still stored as saved
    expect(await snapshot(t.ctx.db)).toEqual(after);
  });

  it('never overwrites a save made between its read and its write: it reads the page again', async () => {
    const id = await insertPage(t.ctx.db, division, '/mig-race/', [v1Button('r', 1)]);
    let saved = false;
    // The owner saves the page (text edited) right after the migration read its batch.
    const racing: Database = {
      ...t.ctx.db,
      query: async (sql, params) => {
        const result = await t.ctx.db.query(sql, params);
        if (!saved && sql.startsWith('select id, url, version, blocks from pages where id >')) {
          saved = true;
          await t.ctx.db.query(`update pages set version = version + 1, blocks = $2 where id = $1`, [id, JSON.stringify([{ ...v1Button('r', 0), properties: { text: 'Owner edit', href: '/', primary: 0 } }])]);
        }
        return result as never;
      },
      transaction: (fn) => t.ctx.db.transaction(fn),
    };
    const report = await migrateStoredBlocks(racing, { revisions: false });
    expect(report.pages.savedMeanwhile).toBe(1);
    const { rows } = await t.ctx.db.query<{ version: number; blocks: { properties: Record<string, unknown> }[] }>('select version, blocks from pages where id = $1', [id]);
    expect(rows[0]!.version).toBe(2);
    expect(rows[0]!.blocks[0]!.properties).toEqual({ text: 'Owner edit', href: '/', buttonStyle: 'secondary' });
  });
});

describe('npm run migrate:blocks (the command, on an embedded database folder)', () => {
  const exec = promisify(execFile);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-blocks-'));
  const run = (...args: string[]) =>
    exec(process.execPath, ['--import', 'tsx', 'scripts/migrate-blocks.ts', ...args], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
  let pageId = 0;

  beforeAll(async () => {
    const db = await openPglite(dir);
    await migrate(db);
    const { rows } = await db.query<{ id: number }>(`insert into divisions (name, code) values ('Cli', 'cli') returning id`);
    pageId = await insertPage(db, rows[0]!.id, '/cli/', [v1Button('a', 1)]);
    await db.close();
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a folder another process has open, then dry-runs, then migrates', async () => {
    const db = await openPglite(dir);
    const busy = await run('--dry-run');
    await db.close();
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain('is open in another process (a running server?)');

    const dry = await run('--dry-run');
    expect(dry).toMatchObject({ code: 0, stderr: '' });
    expect(dry.stdout).toContain(`Database: embedded PGlite in ${dir}`);
    expect(dry.stdout).toContain('Pages: 1 scanned, 1 would change.');
    expect(dry.stdout).toContain('  button 1 → 2: 1 in pages, 0 in revisions');

    const real = await run();
    expect(real).toMatchObject({ code: 0, stderr: '' });
    expect(real.stdout).toContain('Pages: 1 scanned, 1 changed.');
    const after = await openPglite(dir);
    const { rows } = await after.query<{ blocks: unknown[] }>('select blocks from pages where id = $1', [pageId]);
    await after.close();
    expect(rows[0]!.blocks).toMatchObject([{ schemaVersion: 2, properties: { buttonStyle: 'primary' } }]);
  }, 120_000);

  it('says what is wrong with its arguments', async () => {
    const bad = await run('--batch-size', '0');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--batch-size must be a whole number from 1 to 10000');
  }, 60_000);
});
