import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { boot } from './boot';
import { buildApp } from './app';

const TSX = path.resolve('node_modules/.bin/tsx');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pod-main-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs `npm start`'s entry point with env and returns its exit code and output. */
function start(env: Record<string, string>, waitFor = /ready at/): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, ['server/main.ts'], { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
      if (waitFor.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr: stderr.replace(/npm warn.*\n/g, '') });
    });
  });
}

const oneClearLine = (stderr: string) => {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Cannot start: /);
  expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  return lines[0]!;
};

describe('npm start: bad configuration fails with one clear line (issue: bad input)', () => {
  it('an unwritable DATA_DIR', async () => {
    const result = await start({ PORT: '0', DATA_DIR: '/etc/hostname/data' });
    expect(result.code).toBe(1);
    expect(oneClearLine(result.stderr)).toContain('The data directory /etc/hostname/data is not writable');
  });

  it('a corrupt data directory', async () => {
    const dir = path.join(tmp, 'corrupt');
    fs.mkdirSync(path.join(dir, 'base'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), 'not a database\n');
    fs.writeFileSync(path.join(dir, 'global'), 'x');
    const result = await start({ PORT: '0', DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(oneClearLine(result.stderr)).toContain(`The data directory ${dir} could not be opened as a database`);
  });

  it('an unreachable DATABASE_URL', async () => {
    const result = await start({ PORT: '0', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing' });
    expect(result.code).toBe(1);
    expect(oneClearLine(result.stderr)).toBe('Cannot start: Cannot reach the database at postgres://postgres@127.0.0.1:1/nothing (ECONNREFUSED).');
  });

  it('a port already in use', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '0.0.0.0', r));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const result = await start({ PORT: String(port), DATA_DIR: path.join(tmp, 'port-data'), API_ONLY: 'true' });
      expect(result.code).toBe(1);
      expect(oneClearLine(result.stderr)).toBe(`Cannot start: Port ${port} is already in use. Stop the other server or set PORT to a free port.`);
    } finally {
      blocker.close();
    }
  });
});

describe('persistence', () => {
  it('a page edited through the database survives a restart', async () => {
    const dataDir = path.join(tmp, 'restart');
    const first = await boot({ dataDir });
    await first.db.query(`update pages set properties = jsonb_set(properties, '{title}', '"Edited title"'), version = version + 1 where url = '/about/'`);
    await first.db.close();

    const second = await boot({ dataDir });
    const app = await buildApp(second, { clientDir: null });
    try {
      const data = (await app.inject({ url: '/omnis/v3/frontend/getStoreCoreData/json/' })).json();
      const about = data.pages.find((p: { url: string }) => p.url === '/about/');
      expect(about.title).toBe('Edited title');
      const page = (await app.inject({ url: `/omnis/v3/divisions/${data.state.subdomain.division.id}/pages/${about.id}/` })).json();
      expect(page.version).toBe(2);
    } finally {
      await app.close();
      await second.db.close();
    }
  });
});
