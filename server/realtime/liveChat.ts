import type { Queryable } from '../db/database';
import { notify } from '../db/database';
import { createNotification } from './notifications';
import { LIVE_CHAT_CONSOLE_PATH } from '../../src/core/staffPaths';
import {
  LIVE_CHAT_GROUP_IDS,
  LIVE_CHAT_GROUP_LABELS,
  type LiveChatGroupId,
  type LiveChatMessage,
  type LiveChatServerFrame,
  type LiveChatSummary,
} from '../../src/core/liveChat';

/** The database channel every process listens on for chat changes. */
export const LIVE_CHAT_CHANNEL = 'live_chat';
/** An available agent's console counts as present for this long after its last heartbeat. */
export const AGENT_PRESENCE_MS = 60_000;

/** What travels between processes: a frame and who should get it. */
export interface LiveChatEvent {
  /** The conversation (shopper sockets of it receive the frame); null for staff-only frames. */
  chatId: number | null;
  /** Staff consoles receive it too. */
  staff: boolean;
  /** Only this agent's sockets (availability changes). */
  agentId?: number;
  frame: LiveChatServerFrame;
}

export const publish = (db: Queryable, event: LiveChatEvent) => notify(db, LIVE_CHAT_CHANNEL, JSON.stringify(event));

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const name = (first: unknown, last: unknown) => [first, last].filter((p) => typeof p === 'string' && p).join(' ');

const MESSAGE_SQL = `select m.id, m.chat_id, m.sender, m.body, m.created_at, coalesce(u.first_name, '') as first_name
  from live_chat_messages m left join users u on u.id = m.author_id`;
const toMessage = (r: Row): LiveChatMessage => ({
  id: Number(r.id),
  chatId: r.chat_id as number,
  sender: r.sender as LiveChatMessage['sender'],
  authorName: r.sender === 'agent' ? (r.first_name as string) || 'Support' : r.sender === 'system' ? '' : 'You',
  body: r.body as string,
  createdAt: iso(r.created_at)!,
});

const CHAT_SQL = `select c.*, coalesce(a.first_name, '') as agent_first, coalesce(a.last_name, '') as agent_last,
  coalesce(nullif(c.shopper_name, ''), nullif(trim(coalesce(s.first_name, '') || ' ' || coalesce(s.last_name, '')), ''), s.email, 'Visitor ' || c.id) as shopper_label,
  (select row_to_json(x) from (${MESSAGE_SQL} where m.chat_id = c.id order by m.id desc limit 1) x) as last_message
  from live_chats c left join users a on a.id = c.agent_id left join users s on s.id = c.user_id`;
const toChat = (r: Row): LiveChatSummary => ({
  id: r.id as number,
  groupId: r.group_id as LiveChatGroupId,
  status: r.status as LiveChatSummary['status'],
  agentId: (r.agent_id as number | null) ?? null,
  agentName: name(r.agent_first, r.agent_last),
  shopperName: r.shopper_label as string,
  divisionId: (r.division_id as number | null) ?? null,
  shopperReadAt: iso(r.shopper_read_at),
  agentReadAt: iso(r.agent_read_at),
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
  lastMessage: r.last_message ? toMessage(r.last_message as Row) : null,
});

export async function chatById(db: Queryable, chatId: number): Promise<LiveChatSummary | null> {
  const { rows } = await db.query<Row>(`${CHAT_SQL} where c.id = $1`, [chatId]);
  return rows[0] ? toChat(rows[0]) : null;
}

/** A shopper: a signed-in user, or the browser's visitor key (hashed). */
export interface Shopper {
  userId: number | null;
  visitorHash: string | null;
  divisionId: number | null;
}

/** The shopper's open conversation in this store, if any. */
export async function openChatOf(db: Queryable, shopper: Shopper): Promise<LiveChatSummary | null> {
  const { rows } = await db.query<Row>(
    `${CHAT_SQL} where c.status <> 'closed' and c.division_id is not distinct from $3
       and ((c.user_id is not null and c.user_id = $1) or (c.visitor_hash is not null and c.visitor_hash = $2))
     order by c.id desc limit 1`,
    [shopper.userId, shopper.visitorHash, shopper.divisionId],
  );
  return rows[0] ? toChat(rows[0]) : null;
}

export async function messagesOf(db: Queryable, chatId: number, limit = 200): Promise<LiveChatMessage[]> {
  const { rows } = await db.query<Row>(`select * from (${MESSAGE_SQL} where m.chat_id = $1 order by m.id desc limit $2) x order by id`, [chatId, limit]);
  return rows.map(toMessage);
}

/** Open conversations in the groups an agent answers, newest activity first. */
export async function consoleChats(db: Queryable): Promise<LiveChatSummary[]> {
  const { rows } = await db.query<Row>(`${CHAT_SQL} where c.status <> 'closed' order by c.updated_at desc limit 500`);
  return rows.map(toChat);
}

async function addMessage(db: Queryable, chatId: number, sender: LiveChatMessage['sender'], authorId: number | null, body: string): Promise<LiveChatMessage> {
  const { rows } = await db.query<{ id: number }>(`insert into live_chat_messages (chat_id, sender, author_id, body) values ($1, $2, $3, $4) returning id`, [chatId, sender, authorId, body]);
  await db.query(`update live_chats set updated_at = now() where id = $1`, [chatId]);
  const { rows: out } = await db.query<Row>(`${MESSAGE_SQL} where m.id = $1`, [rows[0]!.id]);
  return toMessage(out[0]!);
}

/** Tells every process about a new message and the conversation's new state. */
async function announce(db: Queryable, chatId: number, message: LiveChatMessage | null) {
  if (message) await publish(db, { chatId, staff: true, frame: { type: 'message', message } });
  const chat = await chatById(db, chatId);
  if (chat) await publish(db, { chatId, staff: true, frame: { type: 'chat', chat } });
}

/** The tag of a conversation's queue notification: one per chat, replaced when it queues again. */
export const chatNotificationTag = (chatId: number) => `live-chat-${chatId}`;
/** How much of the shopper's opening message the queue notification quotes. */
const QUOTE_CHARS = 140;

/**
 * §3/§4 new chat: every available agent who answers the conversation's group (apart from `except`, who moved it
 * there) is notified — in the app and as a push, so a console that is closed still hears about the queue.
 */
async function notifyQueue(db: Queryable, chatId: number, except: number | null = null) {
  const chat = await chatById(db, chatId);
  if (!chat || chat.status !== 'queued') return;
  const { rows } = await db.query<{ user_id: number }>(
    `select a.user_id from live_chat_agents a join users u on u.id = a.user_id
     where a.available and $1 = any(a.groups) and u.internal and a.user_id is distinct from $2 order by a.user_id`,
    [chat.groupId, except],
  );
  const group = LIVE_CHAT_GROUP_LABELS[chat.groupId];
  const opening = chat.lastMessage?.sender === 'shopper' ? chat.lastMessage.body : '';
  const quote = [...opening].length > QUOTE_CHARS ? `${[...opening].slice(0, QUOTE_CHARS - 1).join('')}…` : opening;
  for (const { user_id } of rows) {
    await createNotification(db, {
      recipientId: user_id,
      title: `New chat in ${group}`,
      body: quote ? `${chat.shopperName}: “${quote}”` : `${chat.shopperName} is waiting in the ${group} queue.`,
      href: LIVE_CHAT_CONSOLE_PATH,
      template: 'Shove',
      tag: chatNotificationTag(chat.id),
      replacePrevious: true,
      actions: [{ label: 'Answer', href: LIVE_CHAT_CONSOLE_PATH }],
      data: { chatId: chat.id, groupId: chat.groupId },
    });
  }
}

/**
 * Opens a conversation (queued in `groupId`) or returns the shopper's open one; an opening text is its first
 * message. A new conversation notifies the agents of its group. Call it in a transaction.
 */
export async function startChat(db: Queryable, shopper: Shopper, input: { groupId: LiveChatGroupId; name: string; text: string | null }): Promise<LiveChatSummary> {
  let chat = await openChatOf(db, shopper);
  const created = !chat;
  if (!chat) {
    const { rows } = await db.query<{ id: number }>(
      `insert into live_chats (division_id, user_id, visitor_hash, group_id, shopper_name) values ($1, $2, $3, $4, $5) returning id`,
      [shopper.divisionId, shopper.userId, shopper.userId ? null : shopper.visitorHash, input.groupId, input.name],
    );
    chat = (await chatById(db, rows[0]!.id))!;
    await announce(db, chat.id, null);
  }
  if (input.text) await shopperMessage(db, chat.id, input.text);
  if (created) await notifyQueue(db, chat.id);
  return (await chatById(db, chat.id))!;
}

export async function shopperMessage(db: Queryable, chatId: number, text: string) {
  const message = await addMessage(db, chatId, 'shopper', null, text);
  await announce(db, chatId, message);
}

export async function agentMessage(db: Queryable, chatId: number, agentId: number, text: string) {
  const message = await addMessage(db, chatId, 'agent', agentId, text);
  await announce(db, chatId, message);
}

/** Takes a queued conversation; false when someone else took it first (one agent per chat, whatever the process). */
export async function acceptChat(db: Queryable, chatId: number, agentId: number): Promise<boolean> {
  const { rows } = await db.query(`update live_chats set status = 'chatting', agent_id = $2, updated_at = now() where id = $1 and status = 'queued' returning id`, [chatId, agentId]);
  if (!rows.length) return false;
  const { rows: agent } = await db.query<Row>(`select first_name from users where id = $1`, [agentId]);
  const message = await addMessage(db, chatId, 'system', null, `${(agent[0]?.first_name as string) || 'Support'} joined the chat`);
  await announce(db, chatId, message);
  // Someone answers it: the other agents' queue notifications go.
  await db.query(`update notifications set deleted_at = now() where tag = $1 and deleted_at is null`, [chatNotificationTag(chatId)]);
  return true;
}

/** §7 transfer: the conversation goes back to the queue of `groupId`, whose agents (but the one moving it) are notified. */
export async function transferChat(db: Queryable, chatId: number, groupId: LiveChatGroupId, by: number | null = null): Promise<LiveChatSummary | null> {
  const { rows } = await db.query(`update live_chats set group_id = $2, status = 'queued', agent_id = null, updated_at = now() where id = $1 and status <> 'closed' returning id`, [chatId, groupId]);
  if (!rows.length) return null;
  const message = await addMessage(db, chatId, 'system', null, `Transferred to ${LIVE_CHAT_GROUP_LABELS[groupId]}`);
  await announce(db, chatId, message);
  await notifyQueue(db, chatId, by);
  return chatById(db, chatId);
}

export async function closeChat(db: Queryable, chatId: number, by: 'shopper' | 'agent') {
  const { rows } = await db.query(`update live_chats set status = 'closed', updated_at = now() where id = $1 and status <> 'closed' returning id`, [chatId]);
  if (!rows.length) return;
  const message = await addMessage(db, chatId, 'system', null, by === 'shopper' ? 'The shopper ended the chat' : 'Support ended the chat');
  await announce(db, chatId, message);
}

export async function markRead(db: Queryable, chatId: number, by: 'shopper' | 'agent') {
  const { rows } = await db.query<{ at: unknown }>(`update live_chats set ${by === 'shopper' ? 'shopper_read_at' : 'agent_read_at'} = now() where id = $1 returning now() as at`, [chatId]);
  if (rows[0]) await publish(db, { chatId, staff: true, frame: { type: 'read', chatId, by, at: iso(rows[0].at)! } });
}

export const typing = (db: Queryable, chatId: number, from: 'shopper' | 'agent', on: boolean) =>
  publish(db, { chatId, staff: true, frame: { type: 'typing', chatId, from, on } });

export async function agentState(db: Queryable, agentId: number): Promise<{ available: boolean; groups: LiveChatGroupId[] }> {
  const { rows } = await db.query<{ available: boolean; groups: number[] }>(
    `insert into live_chat_agents (user_id) values ($1) on conflict (user_id) do update set seen_at = now() returning available, groups`,
    [agentId],
  );
  return { available: rows[0]!.available, groups: rows[0]!.groups.filter((g): g is LiveChatGroupId => (LIVE_CHAT_GROUP_IDS as number[]).includes(g)) };
}

export async function setAvailability(db: Queryable, agentId: number, available: boolean, groups?: LiveChatGroupId[]) {
  await db.query(
    `insert into live_chat_agents (user_id, available, groups, seen_at) values ($1, $2, coalesce($3::int[], '{1,2,3,4}'), now())
     on conflict (user_id) do update set available = $2, groups = coalesce($3::int[], live_chat_agents.groups), seen_at = now()`,
    [agentId, available, groups ?? null],
  );
  const state = await agentState(db, agentId);
  await publish(db, { chatId: null, staff: false, agentId, frame: { type: 'availability', ...state } });
}

/** Marks the agent's console as present (heartbeat) or gone. */
export const touchAgent = (db: Queryable, agentId: number, present: boolean) =>
  db.query(`update live_chat_agents set seen_at = ${present ? 'now()' : `now() - interval '1 hour'`} where user_id = $1`, [agentId]);

/** §7 group status: online while an available agent answering the group has a console open. */
export async function groupOnline(db: Queryable, groupId: LiveChatGroupId): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from live_chat_agents where available and $1 = any(groups) and seen_at > now() - ($2::int * interval '1 millisecond') limit 1`,
    [groupId, AGENT_PRESENCE_MS],
  );
  return rows.length > 0;
}
