import { afterAll, describe, expect, it } from 'vitest';
import { Browser, scratchDatabase, startServer, stopServer, type ServerProcess } from '../testing/serverProcess';
import { ChatSocket } from '../testing/chatSocket';
import { DEMO_ACCOUNTS } from '../db/seed/demoAccounts';
import { LIVE_CHAT_GROUPS } from '../../src/core/liveChat';

/**
 * Two server processes on one PostgreSQL database (LIVE_CHAT_DATABASE_URL, default the local server): a shopper on
 * process A and a member of staff on process B chat, and every change crosses between them through LISTEN/NOTIFY.
 */
const ADMIN_URL = process.env.LIVE_CHAT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const API = '/omnis/v3/live-chat';
const [, STAFF] = DEMO_ACCOUNTS;
const servers: ServerProcess[] = [];
const sockets: ChatSocket[] = [];
let drop = async () => {};
afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(servers.map(stopServer));
  await drop();
}, 60_000);

describe('live chat across two server processes', () => {
  it('a shopper on A and staff on B chat; availability, answers and a transfer cross over', async () => {
    const db = await scratchDatabase(ADMIN_URL, `pod_live_chat_${process.pid}`);
    drop = db.drop;
    // The first start migrates and seeds; the second joins the same database.
    const a = await startServer({ DATABASE_URL: db.url });
    servers.push(a);
    const b = await startServer({ DATABASE_URL: db.url });
    servers.push(b);

    const staff = new Browser(b.base);
    await staff.login(STAFF!.email, STAFF!.password);
    const agent = await ChatSocket.open(b.base, (await staff.call<{ token: string }>('GET', `${API}/token`)).json!.token, 'agent');
    sockets.push(agent);
    await agent.next('console');
    agent.send({ type: 'availability', available: true });
    await agent.next('availability', (f) => f.available);

    const shopperBrowser = new Browser(a.base);
    // Presence set on B is what A answers (§7 group status).
    expect((await shopperBrowser.call('GET', `${API}/group/3/status`)).json).toEqual({ status: 'online' });
    const shopper = await ChatSocket.open(a.base, (await shopperBrowser.call<{ token: string }>('GET', `${API}/token`)).json!.token, 'shopper');
    sockets.push(shopper);
    await shopper.next('state');
    shopper.send({ type: 'start', group: LIVE_CHAT_GROUPS.support, text: 'Where is my parcel?' });
    const chatId = (await shopper.next('state', (f) => f.chat !== null)).chat!.id;

    expect((await agent.next('message', (f) => f.message.chatId === chatId)).message.body).toBe('Where is my parcel?');
    agent.send({ type: 'accept', chatId });
    expect((await shopper.next('chat', (f) => f.chat.status === 'chatting')).chat.agentName).toBe('Sam Staff');
    agent.send({ type: 'message', chatId, text: 'It left the factory today.' });
    expect((await shopper.next('message', (f) => f.message.sender === 'agent')).message.body).toBe('It left the factory today.');
    shopper.send({ type: 'typing', on: true });
    expect(await agent.next('typing', (f) => f.chatId === chatId)).toMatchObject({ from: 'shopper', on: true });
    shopper.send({ type: 'message', text: 'Thank you!' });
    expect((await agent.next('message', (f) => f.message.body === 'Thank you!')).message.sender).toBe('shopper');

    // Staff on B transfer it to Studio; the shopper on A sees the conversation move back to a queue.
    expect((await staff.call('POST', `${API}/chat/${chatId}/transfer`, { group_id: LIVE_CHAT_GROUPS.studio })).status).toBe(200);
    expect((await shopper.next('chat', (f) => f.chat.groupId === 4)).chat.status).toBe('queued');
    expect((await shopper.next('message', (f) => f.message.sender === 'system' && f.message.body.startsWith('Transferred'))).message.body).toBe('Transferred to Studio');
  }, 600_000);
});
