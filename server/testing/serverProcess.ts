import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';

/**
 * Real server processes for multi-process tests: each `startServer` spawns `server/main.ts` (through tsx) on a free
 * port and waits until it answers. `Browser` keeps cookies and echoes the anti-forgery token like the SPA.
 */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
  output: () => string;
}

const API = '/omnis/v3';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/**
 * Starts a server process with `env` over the test defaults. `built: true` runs dist/server/main.js when a build
 * exists (the fault suite kills the production bundle); otherwise the TypeScript sources run through tsx.
 */
export async function startServer(env: Record<string, string>, options: { built?: boolean } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const args = options.built && existsSync('dist/server/main.js') ? ['dist/server/main.js'] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', API_ONLY: 'true', SEED_DEMO_ORDERS: 'false', LOG_LEVEL: 'error', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${base}${API}/frontend/getStoreCoreData/json/`)).ok) return { base, child, output: () => output };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer within 240 s:\n${output}`);
}

/** SIGKILL, as a crash or an out-of-memory kill would end the process: no shutdown code runs. */
export async function killServer(server: ServerProcess) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

export async function stopServer(server: ServerProcess) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A fresh database `name` on the PostgreSQL server at `adminUrl`; returns its URL and a function that drops it. */
export async function scratchDatabase(adminUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A browser against one server: its cookies, the anti-forgery header on every call. */
export class Browser {
  cookies: Record<string, string> = {};
  constructor(public base: string) {}
  async call<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<{ status: number; json: T | null }> {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        cookie: Object.entries(this.cookies).map(([k, v]) => `${k}=${v}`).join('; '),
        ...(this.cookies['XSRF-TOKEN'] ? { 'x-csrf-token': this.cookies['XSRF-TOKEN'] } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      this.cookies[pair!.slice(0, at)] = pair!.slice(at + 1);
    }
    return { status: response.status, json: (await response.json().catch(() => null)) as T | null };
  }
  async login(email: string, password: string) {
    if (!this.cookies['XSRF-TOKEN']) await this.call('GET', `${API}/frontend/getStoreCoreData/json/`);
    const response = await this.call('POST', `${API}/dashboard/secure/login/`, { email, password });
    if (response.status !== 200) throw new Error(`login ${email} answered ${response.status}`);
  }
}
