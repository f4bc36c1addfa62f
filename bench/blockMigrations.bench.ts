/**
 * Block schema migrations (src/core/blocks/upgrade.ts, npm run migrate:blocks) over 10,000 saved pages.
 * Each page is one of the demo store's pages as stored (every default filled) with its buttons in the version 1
 * shape (`primary`), as a store saved before the button's version 2 holds them: three demo pages' blocks in a row
 * (about 15 blocks: banners, slideshows, rows of pods, product grids, text, buttons).
 *
 *   npm run bench -- blockMigrations          BLOCK_BENCH_PAGES=… changes the count (default 10,000)
 */
import { randomUUID } from 'node:crypto';
import { createSchemaRegistry } from '../src/core/schemas/registry';
import { upgradeBlocks } from '../src/core/blocks/upgrade';
import { readSchemaSet } from '../server/schemas/load';
import { DEMO_PAGES } from '../server/db/seed/demoPages';
import { openPglite } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { migrateStoredBlocks } from '../server/pages/migrateBlocks';
import { measure, type Figure } from './harness';

const COUNT = Number(process.env.BLOCK_BENCH_PAGES ?? 10_000);

type Block = { type: string; schemaVersion?: number; properties: Record<string, unknown>; items?: Block[] };

/** A block tree as the version 1 button schema stored it. */
function toButtonV1(blocks: Block[]): Block[] {
  return blocks.map((block) => {
    const items = block.items ? toButtonV1(block.items) : block.items;
    if (block.type !== 'button') return { ...block, items } as Block;
    const { buttonStyle, ...rest } = block.properties;
    const { schemaVersion: _stamp, ...envelope } = block;
    return { ...envelope, items, properties: { ...rest, primary: buttonStyle === 'primary' ? 1 : 0 } } as Block;
  });
}

function savedPages(): { current: Block[][]; old: Block[][]; blocks: number; buttons: number; oldPages: number } {
  const registry = createSchemaRegistry(readSchemaSet());
  const templates = DEMO_PAGES.map((page) => {
    const doc = { url: page.url, properties: { ...page.properties }, blocks: structuredClone(page.blocks) };
    const errors = registry.validatePage(doc);
    if (errors.length) throw new Error(`demo page ${page.url} invalid: ${JSON.stringify(errors.slice(0, 2))}`);
    return doc.blocks as Block[];
  });
  const count = (blocks: Block[], test: (b: Block) => boolean): number => blocks.reduce((n, b) => n + (test(b) ? 1 : 0) + count(b.items ?? [], test), 0);
  // Three demo pages' blocks one after another: about 15 blocks a page, as a store's landing pages have.
  const current = Array.from({ length: COUNT }, (_, i) => structuredClone([0, 1, 2].flatMap((k) => templates[(i + k) % templates.length]!)));
  return {
    current,
    old: current.map(toButtonV1),
    blocks: current.reduce((n, blocks) => n + count(blocks, () => true), 0),
    buttons: current.reduce((n, blocks) => n + count(blocks, (b) => b.type === 'button'), 0),
    oldPages: current.filter((blocks) => count(blocks, (b) => b.type === 'button') > 0).length,
  };
}

export async function blockMigrationBenchmarks(): Promise<Figure[]> {
  const pages = savedPages();
  const size = `${COUNT.toLocaleString('en-GB')} pages (${pages.blocks.toLocaleString('en-GB')} blocks, ${pages.buttons.toLocaleString('en-GB')} v1 buttons)`;
  const upgradeOld = await measure(() => {
    for (const blocks of pages.old) upgradeBlocks(blocks);
  }, { runs: 9, warmup: 2 });
  const upgradeCurrent = await measure(() => {
    for (const blocks of pages.current) if (upgradeBlocks(blocks).blocks !== blocks) throw new Error('a current page was copied');
  }, { runs: 9, warmup: 2 });

  // The whole command's work against an embedded PGlite holding the pages (in memory: the folder is the only difference).
  const db = await openPglite(null);
  try {
    await migrate(db);
    const { rows } = await db.query<{ id: number }>(`insert into divisions (name, code) values ('Bench', 'bench-blocks') returning id`);
    const division = rows[0]!.id;
    const load = async () => {
      for (let start = 0; start < COUNT; start += 500) {
        const batch = pages.old.slice(start, start + 500);
        const values = batch.map((_, i) => `($${i * 3 + 1}, ${division}, $${i * 3 + 2}, $${i * 3 + 3}, '{"title":"Bench"}')`).join(', ');
        await db.query(`insert into pages (uuid, division_id, url, blocks, properties) values ${values}`, batch.flatMap((blocks, i) => [randomUUID(), `/bench-${start + i}/`, JSON.stringify(blocks)]));
      }
    };
    await load();
    const dry = await measure(() => migrateStoredBlocks(db, { dryRun: true }), { runs: 3, warmup: 0 });
    const start = performance.now();
    const first = await migrateStoredBlocks(db);
    const firstRun = performance.now() - start;
    if (first.pages.changed !== pages.oldPages) throw new Error(`expected ${pages.oldPages} pages changed, got ${first.pages.changed}`);
    const again = await measure(async () => {
      if ((await migrateStoredBlocks(db)).pages.changed !== 0) throw new Error('a second run changed pages');
    }, { runs: 3, warmup: 0 });
    return [
      { name: `upgrade ${size} (pure, in memory)`, unit: 'ms', ...upgradeOld },
      { name: `— the same pages already current (what every read pays)`, unit: 'ms', ...upgradeCurrent },
      { name: `migrate:blocks --dry-run over the ${COUNT.toLocaleString('en-GB')} pages (PGlite)`, unit: 'ms', ...dry },
      { name: `migrate:blocks writing the ${pages.oldPages.toLocaleString('en-GB')} with old buttons (PGlite, one run)`, unit: 'ms', median: firstRun, runs: 1 },
      { name: `migrate:blocks again, nothing left to do (PGlite)`, unit: 'ms', ...again },
    ];
  } finally {
    await db.close();
  }
}
