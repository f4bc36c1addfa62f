import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { pgliteSnapshot, openPostgres } from '../db/database';
import { prepareDatabase } from '../boot';
import { schemaRegistry } from '../schemas/load';
import { fromRoot } from '../paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, seeded PGlite; each test file's database starts from it. */
    pgliteSnapshotFile: string | null;
    /** A migrated, seeded PostgreSQL database each test file's database is copied from (TEST_DATABASE_URL). */
    postgresTemplate: string | null;
  }
}

/**
 * Migrating and seeding takes most of a fresh test database's start, so it is done once per run: a PGlite dump,
 * or a PostgreSQL template database when TEST_DATABASE_URL is set. Built from this tree's migrations and seed
 * at every run, so it can never be stale.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const { default: pg } = await import('pg');
    const name = `pod_template_${randomBytes(6).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString());
    try {
      await prepareDatabase(db, schemaRegistry(), true);
    } finally {
      await db.close();
    }
    project.provide('pgliteSnapshotFile', null);
    project.provide('postgresTemplate', name);
    return () => admin(`drop database if exists ${name} with (force)`);
  }
  const dump = await pgliteSnapshot((db) => prepareDatabase(db, schemaRegistry(), true));
  const dir = fromRoot('.tmp', 'pglite-snapshots');
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/${process.pid}-${randomBytes(4).toString('hex')}.tar`;
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshotFile', file);
  project.provide('postgresTemplate', null);
  return () => rmSync(file, { force: true });
}
