/**
 * Live chat with support (§1, §4, §6, §7): the shared vocabulary of the shopper widget, the staff console and
 * the server's chat service.
 */

/** §6 live chat groups. */
export const LIVE_CHAT_GROUPS = { pro: 1, integrations: 2, support: 3, studio: 4 } as const;
export type LiveChatGroupName = keyof typeof LIVE_CHAT_GROUPS;
export type LiveChatGroupId = (typeof LIVE_CHAT_GROUPS)[LiveChatGroupName];
export const LIVE_CHAT_GROUP_IDS = Object.values(LIVE_CHAT_GROUPS) as LiveChatGroupId[];
/** §6: the default group is support. */
export const DEFAULT_LIVE_CHAT_GROUP: LiveChatGroupId = LIVE_CHAT_GROUPS.support;
export const LIVE_CHAT_GROUP_LABELS: Record<LiveChatGroupId, string> = { 1: 'Pro', 2: 'Integrations', 3: 'Support', 4: 'Studio' };

/** A group id from a block's group property (a name or a number); anything else is the default group. */
export function liveChatGroupId(value: unknown): LiveChatGroupId {
  if (typeof value === 'number' && (LIVE_CHAT_GROUP_IDS as number[]).includes(value)) return value as LiveChatGroupId;
  if (typeof value === 'string' && value in LIVE_CHAT_GROUPS) return LIVE_CHAT_GROUPS[value as LiveChatGroupName];
  if (typeof value === 'string' && /^[1-4]$/.test(value)) return Number(value) as LiveChatGroupId;
  return DEFAULT_LIVE_CHAT_GROUP;
}

/** §4 widget states: no conversation yet, waiting for a person, talking to one. */
export type LiveChatStatus = 'browsing' | 'queued' | 'chatting';

/** The longest message (characters); a message and its envelope fit one database notification. */
export const LIVE_CHAT_MESSAGE_MAX = 1000;
/** Messages one socket may send in a 10-second window. */
export const LIVE_CHAT_MESSAGES_PER_10S = 20;

export const liveChatMessages = {
  empty: 'Type a message first.',
  tooLong: `A message can be at most ${LIVE_CHAT_MESSAGE_MAX} characters.`,
  tooFast: 'You are sending messages too quickly. Please wait a moment.',
  noChat: 'This conversation has ended.',
  taken: 'Another member of staff has already accepted this chat.',
  offline: 'Support is offline right now.',
  reconnecting: 'Reconnecting…',
} as const;

export interface LiveChatMessage {
  id: number;
  chatId: number;
  sender: 'shopper' | 'agent' | 'system';
  authorName: string;
  body: string;
  createdAt: string;
}

export interface LiveChatSummary {
  id: number;
  groupId: LiveChatGroupId;
  status: 'queued' | 'chatting' | 'closed';
  agentId: number | null;
  agentName: string;
  shopperName: string;
  divisionId: number | null;
  shopperReadAt: string | null;
  agentReadAt: string | null;
  createdAt: string;
  updatedAt: string;
  lastMessage: LiveChatMessage | null;
}

/** Server → client frames. */
export type LiveChatServerFrame =
  | { type: 'state'; chat: LiveChatSummary | null; messages: LiveChatMessage[] }
  | { type: 'console'; chats: LiveChatSummary[]; available: boolean; groups: LiveChatGroupId[]; agentId: number }
  | { type: 'chat'; chat: LiveChatSummary }
  | { type: 'history'; chatId: number; messages: LiveChatMessage[] }
  | { type: 'message'; message: LiveChatMessage }
  | { type: 'typing'; chatId: number; from: 'shopper' | 'agent'; on: boolean }
  | { type: 'read'; chatId: number; by: 'shopper' | 'agent'; at: string }
  | { type: 'availability'; available: boolean; groups: LiveChatGroupId[] }
  | { type: 'error'; message: string };

/** Client → server frames (the shopper leaves chatId out: a shopper has one open conversation). */
export type LiveChatClientFrame =
  | { type: 'start'; group?: number; name?: string; text?: string }
  | { type: 'message'; chatId?: number; text: string }
  | { type: 'typing'; chatId?: number; on: boolean }
  | { type: 'read'; chatId?: number }
  | { type: 'close'; chatId?: number }
  | { type: 'accept'; chatId: number }
  | { type: 'open'; chatId: number }
  | { type: 'availability'; available: boolean; groups?: number[] }
  | { type: 'ping' };

/** The §4 widget state of a conversation. */
export const widgetStatus = (chat: Pick<LiveChatSummary, 'status'> | null): LiveChatStatus =>
  !chat || chat.status === 'closed' ? 'browsing' : chat.status === 'queued' ? 'queued' : 'chatting';
