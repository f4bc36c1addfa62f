import fs from 'node:fs';
import path from 'node:path';

/** The one interface the API uses: PGlite (embedded) and PostgreSQL (pg) both implement it. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: all of it is written, or none of it. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A startup failure the server reports as one clear line (no stack trace). */
export class StartupError extends Error {}

export async function openPglite(dataDir: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir !== null) ensureWritableDir(dataDir);
  let db: InstanceType<typeof PGlite>;
  try {
    db = dataDir === null ? new PGlite() : new PGlite(dataDir);
    await db.waitReady;
    await db.query('select 1');
  } catch (error) {
    throw new StartupError(
      `The data directory ${dataDir} could not be opened as a database (${describe(error)}). Move it aside or set DATA_DIR to an empty folder.`,
    );
  }
  return {
    kind: 'pglite',
    query: async (sql, params) => db.query(sql, params) as never,
    transaction: (fn) => db.transaction((tx) => fn({ query: async (sql, params) => tx.query(sql, params) as never })),
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
    close: () => pool.end(),
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
