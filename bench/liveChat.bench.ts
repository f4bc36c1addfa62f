import type { AddressInfo } from 'node:net';
import { boot } from '../server/boot';
import { buildApp } from '../server/app';
import { TestClient } from '../server/auth/testClient';
import { ChatSocket } from '../server/testing/chatSocket';
import type { Figure } from './harness';

/**
 * Live chat fan-out on one process (embedded PGlite, its listen/notify): LIVE_CHAT_BENCH_SOCKETS open sockets (one
 * staff console, the rest shoppers each with an open conversation); random shoppers write one after another and the time from a shopper's send to the staff console receiving it is measured
 * (p50 and p99; each socket's own send limit is 20 per 10 s, so the writers are spread over the shoppers). Every
 * frame goes through the database notification, as it would between processes.
 */
const SOCKETS = Number(process.env.LIVE_CHAT_BENCH_SOCKETS ?? 500);
const MESSAGES = Number(process.env.LIVE_CHAT_BENCH_MESSAGES ?? 300);

export async function liveChatBenchmarks(): Promise<Figure[]> {
  const ctx = await boot({ dataDir: null });
  const app = await buildApp(ctx, { clientDir: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sockets: ChatSocket[] = [];
  try {
    const staff = new TestClient(app, '10.99.0.1');
    await staff.login('staff@pod.example', 'demo-staff-password');
    const agent = await ChatSocket.open(base, (await staff.get('/omnis/v3/live-chat/token')).json<{ token: string }>().token, 'agent');
    sockets.push(agent);
    await agent.next('console');
    const shoppers: { socket: ChatSocket; chatId: number }[] = [];
    for (let i = 0; i < SOCKETS - 1; i++) {
      const visitor = new TestClient(app, `10.99.${1 + Math.floor(i / 250)}.${(i % 250) + 1}`);
      const socket = await ChatSocket.open(base, (await visitor.get('/omnis/v3/live-chat/token')).json<{ token: string }>().token, 'shopper');
      sockets.push(socket);
      await socket.next('state');
      socket.send({ type: 'start', group: 3 });
      const chatId = (await socket.next('state', (f) => f.chat !== null)).chat!.id;
      shoppers.push({ socket, chatId });
    }
    const times: number[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const target = shoppers[Math.floor(Math.random() * shoppers.length)]!;
      const text = `answer ${i}`;
      const from = agent.frames.length;
      const start = performance.now();
      target.socket.send({ type: 'message', text });
      await agent.next('message', (f) => f.message.body === text && f.message.chatId === target.chatId, 10_000, from);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!;
    return [
      { name: `shopper message to staff console, ${SOCKETS} sockets open, p50`, unit: 'ms', median: at(0.5), runs: MESSAGES },
      { name: `shopper message to staff console, ${SOCKETS} sockets open, p99`, unit: 'ms', median: at(0.99), runs: MESSAGES, target: '< 50 ms' },
    ];
  } finally {
    for (const s of sockets) s.close();
    await app.close();
    await ctx.db.close();
  }
}
