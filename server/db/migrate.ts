import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './database';
import { fromRoot } from '../paths';

export const migrationsDir = () => process.env.MIGRATIONS_DIR ?? fromRoot('server', 'db', 'migrations');

/** Applies the ordered NNN_name.sql files not yet recorded, each in its own transaction. Returns the names applied. */
export async function migrate(db: Database, dir = migrationsDir()): Promise<string[]> {
  await db.query(`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`);
  const done = new Set((await db.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name));
  const files = fs.readdirSync(dir).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      // Statements are split on lines ending with ';' so both drivers run them one by one with parameters off.
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
    });
    applied.push(file);
  }
  return applied;
}

export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
}
