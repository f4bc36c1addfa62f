import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { openPostgres, StartupError, DB_TIMEOUTS } from './database';
import { apiMessages, installErrorHandling } from '../http/errors';

describe('a database that stops answering', () => {
  it('gives up connecting to a silent server within the connect timeout instead of hanging', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket)); // accepts, never speaks
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const started = Date.now();
    try {
      await expect(openPostgres(`postgres://postgres@127.0.0.1:${port}/silent`)).rejects.toBeInstanceOf(StartupError);
      expect(Date.now() - started).toBeLessThan(DB_TIMEOUTS.connectionTimeoutMillis + 3000);
    } finally {
      sockets.forEach((s) => s.destroy());
      silent.close();
    }
  }, 30_000);

  it('answers 503 with a clear message for timeouts and dropped connections, and the next request is served', async () => {
    const app = Fastify();
    installErrorHandling(app);
    let fail = true;
    app.get('/x', async () => {
      if (fail) throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
      return { ok: true };
    });
    app.get('/pool', async () => {
      throw new Error('timeout exceeded when trying to connect');
    });
    const slow = await app.inject({ url: '/x' });
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toEqual({ message: apiMessages.unavailable });
    expect(slow.headers['retry-after']).toBe('5');
    expect((await app.inject({ url: '/pool' })).statusCode).toBe(503);
    fail = false;
    expect((await app.inject({ url: '/x' })).statusCode).toBe(200);
    await app.close();
  });
});
