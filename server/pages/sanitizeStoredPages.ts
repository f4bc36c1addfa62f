import type { Database } from '../db/database';
import type { SchemaRegistry } from '../../src/core/schemas/registry';
import { sanitizeBlockHtml } from './sanitizeBlocks';

/**
 * Pages saved before HTML was sanitised on write are cleaned once, at start-up before the server answers, so no
 * stored page reaches a shopper with unsafe HTML. Each page is its own short transaction; the version is kept
 * (the content an owner sees is the same, minus what could never have run safely). Returns the pages changed.
 */
export async function sanitizeStoredPages(db: Database, registry: SchemaRegistry): Promise<number> {
  const { rows } = await db.query<{ id: number }>('select id from pages where not html_sanitized order by id');
  let changed = 0;
  for (const { id } of rows) {
    await db.transaction(async (tx) => {
      const { rows: found } = await tx.query<{ blocks: { type: string; items?: unknown[] }[] }>('select blocks from pages where id = $1 and not html_sanitized for update', [id]);
      const page = found[0];
      if (!page) return; // another process cleaned it first
      const dirty = sanitizeBlockHtml(registry, page.blocks);
      if (dirty) changed++;
      await tx.query(dirty ? 'update pages set blocks = $2, html_sanitized = true where id = $1' : 'update pages set html_sanitized = true where id = $1', dirty ? [id, JSON.stringify(page.blocks)] : [id]);
    });
  }
  return changed;
}
