import fs from 'node:fs';
import path from 'node:path';
import type PgModule from 'pg';
import type { Client as PgClient } from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** The one interface the API uses: PGlite (embedded) and PostgreSQL (pg) both implement it. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: all of it is written, or none of it. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Receives every NOTIFY on `channel` from any process on this database (PostgreSQL LISTEN; PGlite's own
   * listen). Resolves once listening; the returned function stops it.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Publishes `payload` to every process listening on `channel` (at most 8000 bytes, PostgreSQL's limit). */
export async function notify(db: Queryable, channel: string, payload: string): Promise<void> {
  await db.query('select pg_notify($1, $2)', [channel, payload]);
}

/** A startup failure the server reports as one clear line (no stack trace). */
export class StartupError extends Error {}

/**
 * PGlite in a folder, or in memory when dataDir is null. In memory it can start from `snapshot`, a dump of a
 * database that was already migrated and seeded (tests boot one per file from a single dump per run).
 */
export async function openPglite(dataDir: string | null, snapshot?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir !== null) ensureWritableDir(dataDir);
  let db: InstanceType<typeof PGlite>;
  try {
    db = dataDir !== null ? new PGlite(dataDir) : snapshot ? new PGlite({ loadDataDir: snapshot }) : new PGlite();
    await db.waitReady;
    await db.query('select 1');
  } catch (error) {
    throw new StartupError(
      `The data directory ${dataDir} could not be opened as a database (${describe(error)}). Move it aside or set DATA_DIR to an empty folder.`,
    );
  }
  return wrapPglite(db);
}

/** An in-memory PGlite prepared by `prepare` (migrations, demo data), dumped as an uncompressed data-folder archive. */
export async function pgliteSnapshot(prepare: (db: Database) => Promise<void>): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite();
  await pglite.waitReady;
  try {
    await prepare(wrapPglite(pglite));
    return await pglite.dumpDataDir('none');
  } finally {
    await pglite.close();
  }
}

function wrapPglite(db: PGlite): Database {
  return {
    kind: 'pglite',
    query: async (sql, params) => db.query(sql, params) as never,
    transaction: (fn) => db.transaction((tx) => fn({ query: async (sql, params) => tx.query(sql, params) as never })),
    listen: async (channel, onPayload) => {
      const stop = await db.listen(channel, onPayload);
      return async () => {
        if (!db.closed) await stop();
      };
    },
    close: () => db.close(),
  };
}

/** Milliseconds: connect, statement (server side), query (client side, for a silent network) and idle in transaction. */
export const DB_TIMEOUTS = {
  connectionTimeoutMillis: Number(process.env.DATABASE_CONNECT_TIMEOUT_MS ?? 5000),
  statement_timeout: Number(process.env.DATABASE_STATEMENT_TIMEOUT_MS ?? 15000),
  query_timeout: Number(process.env.DATABASE_STATEMENT_TIMEOUT_MS ?? 15000) + 2000,
  idle_in_transaction_session_timeout: 30000,
  keepAlive: true,
};

/** True for a failure of the database itself (timeout, dropped or refused connection), not of the request. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e || typeof e !== 'object') return false;
  // 57014 statement timeout / cancel, 25P03 idle-in-transaction timeout, 57P01-03 shutdown, 08xxx connection.
  if (typeof e.code === 'string' && (/^08/.test(e.code) || ['57014', '25P03', '57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(e.code))) return true;
  return typeof e.message === 'string' && /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error/i.test(e.message);
}

export async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  // DATE/TIMESTAMP come back as strings in both drivers' JSON; numeric stays a string to keep money exact.
  // A database that goes silent must not hang requests or fill the pool: every wait is bounded, the request answers
  // 503 (server/http/errors.ts) and the next request simply tries again on a fresh connection.
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL ?? 10), ...DB_TIMEOUTS });
  pool.on('error', () => {
    /* an idle client dropped: the next query reconnects */
  });
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new StartupError(`Cannot reach the database at ${redact(url)} (${describe(error)}).`);
  }
  return {
    kind: 'postgres',
    query: async (sql, params) => pool.query(sql, params as unknown[]) as never,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        // One connection runs one query at a time; queue them so callers may still Promise.all inside a
        // transaction (pg 9 will refuse overlapping queries on a client).
        let queue: Promise<unknown> = Promise.resolve();
        const query = (sql: string, params?: unknown[]) => {
          const run = queue.then(() => client.query(sql, params as unknown[]));
          queue = run.catch(() => undefined);
          return run as never;
        };
        const result = await fn({ query });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload) => listenPostgres(pg, url, channel, onPayload),
    close: () => pool.end(),
  };
}

/**
 * One dedicated connection per channel (LISTEN needs a session of its own, outside the pool). A dropped connection
 * is reopened after a second; notifications sent while it was down are lost, so listeners treat them as hints and
 * the database stays the record.
 */
async function listenPostgres(pg: typeof PgModule, url: string, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let stopped = false;
  let client: PgClient | null = null;
  let retry: NodeJS.Timeout | null = null;
  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: DB_TIMEOUTS.connectionTimeoutMillis, keepAlive: true });
    c.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    const reopen = () => {
      if (stopped || client !== c) return;
      client = null;
      c.end().catch(() => undefined);
      schedule();
    };
    c.on('error', reopen);
    c.on('end', reopen);
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (error) {
      if (client === c) client = null;
      c.end().catch(() => undefined);
      throw error;
    }
  };
  const schedule = () => {
    if (!stopped) retry = setTimeout(() => void open().catch(schedule), 1000);
  };
  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}

function ensureWritableDir(dir: string) {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
    const probe = path.join(dir, `.write-probe-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    throw new StartupError(`The data directory ${dir} is not writable (${describe(error)}). Set DATA_DIR to a folder this user can write.`);
  }
}

const describe = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  return e.code ?? e.message ?? String(error);
};
const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
