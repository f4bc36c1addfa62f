import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

/**
 * For specs that need a store of their own (a second process, an old database, a new release): the built server on
 * its own port and database, and that database on LIVE_E2E_DATABASE_URL's PostgreSQL server (default the local one).
 */
const ADMIN_URL = process.env.LIVE_E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Starts the built server on `port` with `env` over this process's; resolves once it answers the store data. */
export async function startOwnServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(process.cwd(), 'dist/server/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO_ORDERS: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${output}`);
        return fetch(`http://127.0.0.1:${port}/omnis/v3/frontend/getStoreCoreData/json/`).then((r) => r.status, () => 0);
      },
      { timeout: 150_000, intervals: [250] },
    )
    .toBe(200);
  return child;
}

/** Stops a server started here and waits for it to exit (so its port and database are free). */
export async function stopOwnServer(child: ChildProcess | null | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Runs one statement on `connectionString` (default the administration database) and returns its rows. */
export async function sql<T extends Record<string, unknown>>(text: string, params: unknown[] = [], connectionString = ADMIN_URL): Promise<T[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** A database of a spec's own: its address, and `create` (fresh, dropping what a stopped run left) and `drop`. */
export function ownDatabase(name: string) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    create: async () => {
      await sql(`drop database if exists ${name} with (force)`);
      await sql(`create database ${name}`);
    },
    drop: () => sql(`drop database if exists ${name} with (force)`).then(() => undefined),
  };
}
