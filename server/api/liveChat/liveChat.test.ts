import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { openTestContext } from '../../testing/testContext';
import { TestClient } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { ChatSocket } from '../../testing/chatSocket';
import { transferChat } from '../../realtime/liveChat';
import { LIVE_CHAT_GROUPS, LIVE_CHAT_MESSAGE_MAX, liveChatMessages } from '../../../src/core/liveChat';

/** The chat service on one process (PGlite's listen/notify, or PostgreSQL with TEST_DATABASE_URL). */
let t: Awaited<ReturnType<typeof openTestContext>>;
let base = '';
const [, STAFF, SHOPPER] = DEMO_ACCOUNTS;
const API = '/omnis/v3/live-chat';
const sockets: ChatSocket[] = [];

beforeAll(async () => {
  t = await openTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 180_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

let ip = 1;
async function tokenFor(client: TestClient) {
  const response = await client.get(`${API}/token`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { token: string }).token;
}
const client = () => new TestClient(t.app, `10.9.0.${ip++}`);
const open = async (c: TestClient, mode: 'shopper' | 'agent') => {
  const s = await ChatSocket.open(base, await tokenFor(c), mode);
  sockets.push(s);
  return s;
};

describe('live chat', () => {
  it('a visitor queues, staff accept and answer, typing and read state reach the other side', async () => {
    const staff = client();
    await staff.login(STAFF.email, STAFF.password);
    const agent = await open(staff, 'agent');
    await agent.next('console');
    expect(await (await staff.get(`${API}/group/3/status`)).json()).toEqual({ status: 'offline' });
    agent.send({ type: 'availability', available: true });
    await agent.next('availability', (f) => f.available);
    expect(await (await staff.get(`${API}/group/3/status`)).json()).toEqual({ status: 'online' });

    const visitor = client();
    const shopper = await open(visitor, 'shopper');
    expect(await shopper.next('state')).toEqual({ type: 'state', chat: null, messages: [] });
    shopper.send({ type: 'start', group: LIVE_CHAT_GROUPS.studio, text: 'Can I print on the sleeve?' });
    const state = await shopper.next('state', (f) => f.chat !== null);
    expect(state.chat).toMatchObject({ status: 'queued', groupId: 4 });
    const chatId = state.chat!.id;
    const arrived = await agent.next('message', (f) => f.message.chatId === chatId);
    expect(arrived.message).toMatchObject({ sender: 'shopper', body: 'Can I print on the sleeve?' });

    agent.send({ type: 'accept', chatId });
    const joined = await shopper.next('chat', (f) => f.chat.status === 'chatting');
    expect(joined.chat.agentName).toBe('Sam Staff');
    agent.send({ type: 'typing', chatId, on: true });
    expect(await shopper.next('typing')).toEqual({ type: 'typing', chatId, from: 'agent', on: true });
    agent.send({ type: 'message', chatId, text: 'Yes, both sleeves.' });
    expect((await shopper.next('message', (f) => f.message.sender === 'agent')).message).toMatchObject({ body: 'Yes, both sleeves.', authorName: 'Sam' });
    shopper.send({ type: 'read' });
    expect(await agent.next('read', (f) => f.chatId === chatId)).toMatchObject({ by: 'shopper' });

    // A second staff console cannot take the same conversation.
    const other = await open(staff, 'agent');
    await other.next('console');
    other.send({ type: 'accept', chatId });
    expect(await other.next('error')).toEqual({ type: 'error', message: liveChatMessages.taken });

    // The conversation survives a reconnect: the stored messages come back.
    shopper.close();
    const again = await open(visitor, 'shopper');
    const restored = await again.next('state');
    expect(restored.chat?.id).toBe(chatId);
    expect(restored.messages.map((m) => m.body)).toEqual(['Can I print on the sleeve?', 'Sam joined the chat', 'Yes, both sleeves.']);

    // §7 transfer, by the shopper (CSRF-protected HTTP call): back to the queue of the chosen group.
    expect((await visitor.request('POST', `${API}/chat/${chatId}/transfer`, { group_id: LIVE_CHAT_GROUPS.pro })).statusCode).toBe(200);
    expect(await again.next('chat', (f) => f.chat.groupId === 1)).toMatchObject({ chat: { status: 'queued', agentId: null } });
    expect(await (await visitor.get(`${API}/chat/${chatId}/group`)).json()).toEqual({ group_id: 1 });
    // Someone else's conversation is not theirs to read or move.
    const stranger = client();
    await stranger.get(`${API}/token`);
    expect((await stranger.get(`${API}/chat/${chatId}/group`)).statusCode).toBe(404);
    const signedIn = client();
    await signedIn.login(SHOPPER.email, SHOPPER.password);
    expect((await signedIn.request('POST', `${API}/chat/${chatId}/transfer`, { group_id: 2 })).statusCode).toBe(403);
    expect((await visitor.request('POST', `${API}/chat/${chatId}/transfer`, { group_id: 9 })).statusCode).toBe(422);
  });

  it('a new chat notifies the available agents of its group; a transfer notifies the new group; answering it clears them', async () => {
    const staff = client();
    await staff.login(STAFF.email, STAFF.password);
    const agent = await open(staff, 'agent');
    await agent.next('console');
    agent.send({ type: 'availability', available: true, groups: [LIVE_CHAT_GROUPS.support] });
    await agent.next('availability', (f) => f.available && f.groups.join() === '3');
    const internalUser = async (email: string, available: boolean, groups: string) => {
      const id = (await t.ctx.db.query<{ id: number }>(`insert into users (email, password_hash, first_name, last_name, status, internal) values ($1, 'x', 'Pat', 'Agent', 0, true) returning id`, [email])).rows[0]!.id;
      await t.ctx.db.query(`insert into live_chat_agents (user_id, available, groups) values ($1, $2, $3::int[])`, [id, available, groups]);
      return id;
    };
    const proAgent = await internalUser('pro.agent@pod.example', true, '{1}');
    const away = await internalUser('away.agent@pod.example', false, '{3}');
    const notes = async (userId: number) =>
      (await t.ctx.db.query<{ title: string; body: string; href: string; template: string; tag: string; actions: unknown; deleted: boolean }>(
        `select title, body, href, template, tag, actions, deleted_at is not null as deleted from notifications where recipient_id = $1 and tag like 'live-chat-%' order by id`,
        [userId],
      )).rows;

    const shopper = await open(client(), 'shopper');
    await shopper.next('state');
    shopper.send({ type: 'start', group: LIVE_CHAT_GROUPS.support, text: 'Where is my parcel?' });
    const chat = (await shopper.next('state', (f) => f.chat !== null)).chat!;
    const listed = (await staff.get('/omnis/v3/notifications/')).json<{ notifications: Record<string, unknown>[] }>().notifications;
    expect(listed[0]).toMatchObject({
      title: 'New chat in Support',
      body: `${chat.shopperName}: “Where is my parcel?”`,
      href: '/atlas/chat/',
      template: 'Shove',
      tag: `live-chat-${chat.id}`,
      actions: [{ label: 'Answer', href: '/atlas/chat/' }],
      data: { chatId: chat.id, groupId: 3 },
    });
    expect(await notes(proAgent)).toEqual([]);
    expect(await notes(away)).toEqual([]);

    // Moved to the pro queue: the pro agent hears about it.
    await t.ctx.db.transaction((tx) => transferChat(tx, chat.id, LIVE_CHAT_GROUPS.pro));
    expect(await notes(proAgent)).toMatchObject([{ title: 'New chat in Pro', tag: `live-chat-${chat.id}`, deleted: false }]);

    agent.send({ type: 'accept', chatId: chat.id });
    await shopper.next('chat', (f) => f.chat.status === 'chatting');
    expect((await notes(proAgent)).map((n) => n.deleted)).toEqual([true]);
    expect((await staff.get('/omnis/v3/notifications/')).json<{ notifications: { tag: string | null }[] }>().notifications.filter((n) => n.tag === `live-chat-${chat.id}`)).toEqual([]);
  });

  it('refuses bad messages with the words of the widget', async () => {
    const shopper = await open(client(), 'shopper');
    await shopper.next('state');
    shopper.send({ type: 'message', text: 'hello' });
    expect(await shopper.next('error')).toEqual({ type: 'error', message: liveChatMessages.noChat });
    shopper.send({ type: 'start', text: 'x'.repeat(LIVE_CHAT_MESSAGE_MAX + 1) });
    expect(await shopper.next('error', (f) => f.message === liveChatMessages.tooLong)).toBeTruthy();
    shopper.socket.send('not json');
    expect(await shopper.next('error', (f) => f.message !== liveChatMessages.tooLong && f.message !== liveChatMessages.noChat)).toEqual({ type: 'error', message: 'The request body is not valid JSON.' });
  });

  it('guards the handshake: a ticket is single use, staff mode needs staff, a foreign Origin is refused', async () => {
    const visitor = client();
    const token = await tokenFor(visitor);
    const first = await ChatSocket.open(base, token, 'shopper');
    sockets.push(first);
    await expect(ChatSocket.open(base, token, 'shopper')).rejects.toThrow('handshake answered 401');
    await expect(ChatSocket.open(base, 'forged', 'shopper')).rejects.toThrow('handshake answered 401');
    await expect(ChatSocket.open(base, await tokenFor(visitor), 'agent')).rejects.toThrow('handshake answered 401');
    const shopper = client();
    await shopper.login(SHOPPER.email, SHOPPER.password);
    await expect(ChatSocket.open(base, await tokenFor(shopper), 'agent')).rejects.toThrow('handshake answered 403');
    await expect(ChatSocket.open(base, await tokenFor(visitor), 'shopper', { origin: 'https://evil.example' })).rejects.toThrow('handshake answered 403');
  });
});
