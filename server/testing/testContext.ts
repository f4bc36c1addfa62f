import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { boot, type BootOptions } from '../boot';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { CSRF_COOKIE } from '../http/csrf';

let snapshot: Blob | undefined;

/** The run's migrated, seeded PGlite dump (databaseTemplate.globalSetup.ts), read once per file; boot({ snapshot }) starts from it. */
export function pgliteSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshotFile');
  if (!file) return undefined;
  snapshot ??= new Blob([readFileSync(file)]);
  return snapshot;
}

/**
 * A fresh database per test file: embedded PGlite in memory by default, or — when TEST_DATABASE_URL is set —
 * a new database created on that PostgreSQL server and dropped afterwards, so the same suite runs on both.
 * Seeded databases start from the run's template (migrated and seeded once); boot then finds nothing to do.
 */
export async function openTestContext(options: Omit<BootOptions, 'databaseUrl' | 'dataDir'> = {}): Promise<{ ctx: AppContext; app: FastifyInstance; close: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  let ctx: AppContext;
  if (serverUrl) {
    const { default: pg } = await import('pg');
    const name = `pod_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const template = options.seed !== false ? inject('postgresTemplate') : null;
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    ctx = await boot({ ...options, databaseUrl: url.toString() });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    ctx = await boot({ ...options, dataDir: null, snapshot: options.seed !== false ? pgliteSnapshot() : undefined });
  }
  const app = await buildApp(ctx, { clientDir: null });
  return {
    ctx,
    app,
    close: async () => {
      await app.close();
      await ctx.db.close();
      await dropDatabase();
    },
  };
}

/** Fetches an anti-forgery token the way the SPA does: from the cookie of any response. */
export async function csrfHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'GET', url: '/omnis/v3/frontend/getStoreCoreData/json/' });
  const cookie = response.cookies.find((c) => c.name === CSRF_COOKIE);
  if (!cookie) throw new Error('no XSRF-TOKEN cookie');
  return { cookie: `${CSRF_COOKIE}=${cookie.value}`, 'x-csrf-token': cookie.value };
}

/** The id of the seeded demo store (code "demo"), which most API tests work in. */
export async function demoDivisionId(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: number }>(`select id from divisions where code = 'demo'`);
  if (!rows[0]) throw new Error('the demo store is not seeded');
  return rows[0].id;
}
