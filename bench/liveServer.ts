import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import pg from 'pg';

/** What the database-backed benches share: a built server on a database of the local PostgreSQL, and a session on it. */

export const API = '/omnis/v3';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the server `adminUrl` points at; returns its URL. */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  await withClient(adminUrl, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

export interface Child {
  base: string;
  process: ChildProcess;
}

/** The built server on `databaseUrl` (the first start migrates and seeds the demo store). */
export async function startServer(label: string, databaseUrl: string): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${base}${API}/frontend/getStoreCoreData/json/`)).ok) return { base, process: child };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${label} did not start within 60 s:\n${output}`);
}

export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** A signed-in session on one server: the anti-forgery cookie, then the sign-in; the headers to send. */
export async function signIn(base: string, account: { email: string; password: string }): Promise<Record<string, string>> {
  const core = await fetch(`${base}${API}/frontend/getStoreCoreData/json/`);
  const token = /XSRF-TOKEN=([0-9a-f]{64})/.exec(core.headers.getSetCookie().join('; '))?.[1];
  if (!token) throw new Error('bench: no XSRF-TOKEN cookie');
  const login = await fetch(`${base}${API}/dashboard/secure/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-csrf-token': token },
    body: JSON.stringify(account),
  });
  if (!login.ok) throw new Error(`bench: sign-in of ${account.email} answered ${login.status}: ${await login.text()}`);
  const cookies = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.startsWith('XSRF-TOKEN='));
  return { cookie: [`XSRF-TOKEN=${token}`, ...cookies].join('; '), 'x-csrf-token': token };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** p50/p95/p99 of `requests` GETs one after another (the latency a person at the screen sees), after 10 warm-ups. */
export async function timeGets<T>(url: string, headers: Record<string, string>, requests: number, check: (body: T) => boolean): Promise<{ p50: number; p95: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < requests + 10; i++) {
    const start = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as T;
    const elapsed = performance.now() - start;
    if (!response.ok || !check(body)) throw new Error(`bench: ${url} answered ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    if (i >= 10) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}
