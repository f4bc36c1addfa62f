import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context';
import { ApiError, apiMessages } from '../../http/errors';
import { randomToken, sha256 } from '../../auth/crypto';
import { AuthError } from '../../auth/errors';
import { authMessages } from '../../auth/messages';
import { loadAuthUser } from '../../auth/sessions';
import { findStore } from '../../stores';
import { ID, paramsSchema } from '../../http/routeSchemas';
import {
  LIVE_CHAT_GROUP_IDS,
  LIVE_CHAT_MESSAGE_MAX,
  LIVE_CHAT_MESSAGES_PER_10S,
  liveChatGroupId,
  liveChatMessages,
  type LiveChatClientFrame,
  type LiveChatGroupId,
  type LiveChatServerFrame,
} from '../../../src/core/liveChat';
import {
  LIVE_CHAT_CHANNEL,
  acceptChat,
  agentMessage,
  agentState,
  chatById,
  closeChat,
  consoleChats,
  groupOnline,
  markRead,
  messagesOf,
  openChatOf,
  setAvailability,
  shopperMessage,
  startChat,
  touchAgent,
  transferChat,
  typing,
  type LiveChatEvent,
  type Shopper,
} from '../../realtime/liveChat';

const API = '/omnis/v3/live-chat';
export const LIVE_CHAT_SOCKET_PATH = `${API}/socket`;
/** The browser's chat identity when nobody is signed in (httpOnly, random; stored hashed). */
export const VISITOR_COOKIE = 'pod_chat_visitor';
/** A socket ticket is good for one connection within this time. */
export const TOKEN_TTL_MS = 60_000;
const HEARTBEAT_MS = 20_000;


interface Connection {
  socket: WebSocket;
  role: 'shopper' | 'agent';
  userId: number | null;
  /** Shopper sockets: the conversation they follow (set when one opens). */
  chatId: number | null;
  sent: number[];
}

declare module 'fastify' {
  interface FastifyRequest {
    liveChatTicket?: Shopper & { agent: boolean };
  }
}

/**
 * Live chat (§1, §4, §6, §7). HTTP: GET token (a single-use socket ticket), POST chat/{id}/transfer, GET
 * chat/{id}/group, GET group/{id}/status. The socket at /omnis/v3/live-chat/socket?token=… carries the
 * conversation. State lives in the database; every change is NOTIFY'd on `live_chat`, and each process delivers
 * the frames to the sockets it holds — so a shopper on one process and staff on another talk.
 * The handshake is a GET a cross-site page could start, so it needs a ticket only this origin can read (the token
 * call answers JSON without CORS) and an Origin of this host.
 */
export async function liveChatRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  const connections = new Set<Connection>();

  const deliver = (event: LiveChatEvent) => {
    const text = JSON.stringify(event.frame);
    for (const c of connections) {
      const wanted =
        c.role === 'agent'
          ? event.staff || (event.agentId !== undefined && event.agentId === c.userId)
          : event.chatId !== null && event.chatId === c.chatId;
      if (wanted && c.socket.readyState === c.socket.OPEN) c.socket.send(text);
    }
  };
  let unlisten: (() => Promise<void>) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    unlisten = await ctx.db.listen(LIVE_CHAT_CHANNEL, (payload) => {
      try {
        deliver(JSON.parse(payload) as LiveChatEvent);
      } catch (error) {
        app.log.warn({ err: error }, 'unreadable live chat notification');
      }
    });
    // Agents with a console open on this process stay present (§7 group status) while their socket lives.
    heartbeat = setInterval(() => {
      const agents = new Set([...connections].filter((c) => c.role === 'agent').map((c) => c.userId!));
      for (const id of agents) void touchAgent(ctx.db, id, true).catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
  });
  app.addHook('onClose', async () => {
    if (heartbeat) clearInterval(heartbeat);
    for (const c of connections) c.socket.close(1001, 'server closing');
    await unlisten?.();
  });

  const divisionOf = async (request: FastifyRequest) => (await findStore(ctx.db, { host: request.hostname }).catch(() => null))?.id ?? null;

  app.get(`${API}/token`, { schema: {} }, async (request, reply) => {
    let visitorHash: string | null = null;
    if (!request.auth) {
      let visitor = request.cookies[VISITOR_COOKIE];
      if (!visitor || !/^[A-Za-z0-9_-]{43}$/.test(visitor)) {
        visitor = randomToken();
        reply.setCookie(VISITOR_COOKIE, visitor, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: 30 * 24 * 3600 });
      }
      visitorHash = sha256(visitor);
    }
    const token = randomToken();
    await ctx.db.query(`delete from live_chat_tokens where expires_at < now()`);
    await ctx.db.query(`insert into live_chat_tokens (id, user_id, visitor_hash, division_id, expires_at) values ($1, $2, $3, $4, now() + ($5::int * interval '1 millisecond'))`, [
      sha256(token),
      request.auth?.id ?? null,
      visitorHash,
      await divisionOf(request),
      TOKEN_TTL_MS,
    ]);
    reply.header('cache-control', 'no-store');
    return { token };
  });

  /** The caller may see or move the conversation: its shopper (session or visitor cookie) or staff. */
  const chatForCaller = async (request: FastifyRequest, chatId: number) => {
    const chat = await chatById(ctx.db, chatId);
    const visitor = request.cookies[VISITOR_COOKIE];
    const { rows } = await ctx.db.query<{ user_id: number | null; visitor_hash: string | null }>(`select user_id, visitor_hash from live_chats where id = $1`, [chatId]);
    const owner = rows[0];
    const mine =
      owner && ((request.auth && owner.user_id === request.auth.id) || (visitor && owner.visitor_hash && owner.visitor_hash === sha256(visitor)));
    if (!chat || !owner || (!mine && !request.auth?.internal)) {
      if (!request.auth && !visitor) throw new AuthError(401, authMessages.unauthenticated);
      if (request.auth && !request.auth.internal && chat) throw new AuthError(403, authMessages.permissionDenied);
      throw new ApiError(404, liveChatMessages.noChat);
    }
    return chat;
  };

  app.post<{ Params: { chatId: number }; Body: { group_id: number | string } }>(
    `${API}/chat/:chatId/transfer`,
    {
      config: { notFound: liveChatMessages.noChat },
      schema: {
        params: paramsSchema({ chatId: ID }),
        body: { type: 'object', required: ['group_id'], properties: { group_id: { anyOf: [{ type: 'integer', enum: LIVE_CHAT_GROUP_IDS }, { type: 'string', enum: LIVE_CHAT_GROUP_IDS.map(String) }] } } },
      },
    },
    async (request) => {
      const chat = await chatForCaller(request, Number(request.params.chatId));
      const moved = await ctx.db.transaction((tx) => transferChat(tx, chat.id, liveChatGroupId(Number(request.body.group_id)), request.auth?.id ?? null));
      if (!moved) throw new ApiError(404, liveChatMessages.noChat);
      return { chat: moved };
    },
  );

  app.get<{ Params: { chatId: number } }>(
    `${API}/chat/:chatId/group`,
    { schema: { params: paramsSchema({ chatId: ID }) }, config: { notFound: liveChatMessages.noChat } },
    async (request) => {
      const chat = await chatForCaller(request, Number(request.params.chatId));
      return { group_id: chat.groupId };
    },
  );

  app.get<{ Params: { groupId: string } }>(
    `${API}/group/:groupId/status`,
    { schema: { params: { type: 'object', required: ['groupId'], properties: { groupId: { type: 'string', enum: LIVE_CHAT_GROUP_IDS.map(String) } } } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: (await groupOnline(ctx.db, Number(request.params.groupId) as LiveChatGroupId)) ? 'online' : 'offline' };
    },
  );

  app.get<{ Querystring: { token?: string; mode?: string } }>(
    LIVE_CHAT_SOCKET_PATH,
    {
      websocket: true,
      schema: { querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 100 }, mode: { type: 'string', enum: ['shopper', 'agent'] } } } },
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin) {
          let host = '';
          try {
            host = new URL(origin).host;
          } catch {
            /* not a URL */
          }
          if (host !== request.headers.host) throw new AuthError(403, authMessages.permissionDenied);
        }
        const token = request.query.token;
        if (!token) throw new AuthError(401, authMessages.unauthenticated);
        const { rows } = await ctx.db.query<{ user_id: number | null; visitor_hash: string | null; division_id: number | null }>(
          `delete from live_chat_tokens where id = $1 and expires_at > now() returning user_id, visitor_hash, division_id`,
          [sha256(token)],
        );
        const ticket = rows[0];
        if (!ticket) throw new AuthError(401, authMessages.unauthenticated);
        const wantsAgent = request.query.mode === 'agent';
        if (wantsAgent) {
          const user = ticket.user_id ? await loadAuthUser(ctx.db, ticket.user_id) : null;
          if (!user) throw new AuthError(401, authMessages.unauthenticated);
          if (!user.internal) throw new AuthError(403, authMessages.permissionDenied);
        }
        request.liveChatTicket = { userId: ticket.user_id, visitorHash: ticket.visitor_hash, divisionId: ticket.division_id, agent: wantsAgent };
      },
    },
    (socket, request) => {
      const ticket = request.liveChatTicket!;
      const connection: Connection = { socket, role: ticket.agent ? 'agent' : 'shopper', userId: ticket.userId, chatId: null, sent: [] };
      const send = (frame: LiveChatServerFrame) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      };
      const fail = (message: string) => send({ type: 'error', message });
      // Frames that arrive before the first state is sent wait for it, in order.
      let queue: Promise<unknown> = Promise.resolve();
      const run = (fn: () => Promise<unknown>) => {
        queue = queue.then(fn).catch((error: unknown) => {
          request.log.error({ err: error }, 'live chat frame failed');
          fail(apiMessages.unavailable);
        });
      };
      connections.add(connection);
      socket.on('close', () => {
        connections.delete(connection);
        if (connection.role === 'agent' && ![...connections].some((c) => c.role === 'agent' && c.userId === connection.userId)) {
          void touchAgent(ctx.db, connection.userId!, false).catch(() => undefined);
        }
      });

      const text = (value: unknown): string | null => {
        const body = typeof value === 'string' ? value.trim() : '';
        if (!body) return fail(liveChatMessages.empty), null;
        if ([...body].length > LIVE_CHAT_MESSAGE_MAX) return fail(liveChatMessages.tooLong), null;
        const now = Date.now();
        connection.sent = connection.sent.filter((t) => now - t < 10_000);
        if (connection.sent.length >= LIVE_CHAT_MESSAGES_PER_10S) return fail(liveChatMessages.tooFast), null;
        connection.sent.push(now);
        return body;
      };
      const chatIdOf = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

      if (connection.role === 'shopper') {
        const shopper: Shopper = { userId: ticket.userId, visitorHash: ticket.visitorHash, divisionId: ticket.divisionId };
        run(async () => {
          const chat = await openChatOf(ctx.db, shopper);
          connection.chatId = chat?.id ?? null;
          send({ type: 'state', chat, messages: chat ? await messagesOf(ctx.db, chat.id) : [] });
        });
        const shopperFrame = async (frame: LiveChatClientFrame) => {
          if (frame.type === 'start') {
            const body = frame.text === undefined ? null : text(frame.text);
            if (frame.text !== undefined && body === null) return;
            const name = typeof frame.name === 'string' ? frame.name.trim().slice(0, 100) : '';
            const chat = await ctx.db.transaction((tx) => startChat(tx, shopper, { groupId: liveChatGroupId(frame.group), name, text: body }));
            connection.chatId = chat.id;
            send({ type: 'state', chat: (await chatById(ctx.db, chat.id))!, messages: await messagesOf(ctx.db, chat.id) });
            return;
          }
          if (frame.type === 'ping') return;
          // Every other frame is about the shopper's open conversation, looked up again (another tab may have ended it).
          const chat = await openChatOf(ctx.db, shopper);
          if (!chat) return fail(liveChatMessages.noChat);
          connection.chatId = chat.id;
          if (frame.type === 'message') {
            const body = text(frame.text);
            if (body) await shopperMessage(ctx.db, chat.id, body);
          } else if (frame.type === 'typing') await typing(ctx.db, chat.id, 'shopper', frame.on === true);
          else if (frame.type === 'read') await markRead(ctx.db, chat.id, 'shopper');
          else if (frame.type === 'close') await closeChat(ctx.db, chat.id, 'shopper');
        };
        socket.on('message', (data) => run(() => parse(data).then((frame) => (frame ? shopperFrame(frame) : fail(apiMessages.malformedJson)))));
        return;
      }

      const agentId = ticket.userId!;
      run(async () => {
        const state = await agentState(ctx.db, agentId);
        send({ type: 'console', chats: await consoleChats(ctx.db), ...state, agentId });
      });
      const agentFrame = async (frame: LiveChatClientFrame) => {
        if (frame.type === 'ping') return touchAgent(ctx.db, agentId, true);
        if (frame.type === 'availability') {
          const groups = Array.isArray(frame.groups) ? [...new Set(frame.groups.map(liveChatGroupId))] : undefined;
          return setAvailability(ctx.db, agentId, frame.available === true, groups);
        }
        const chatId = chatIdOf((frame as { chatId?: unknown }).chatId);
        const chat = chatId ? await chatById(ctx.db, chatId) : null;
        if (!chat || chat.status === 'closed') return fail(liveChatMessages.noChat);
        if (frame.type === 'open') return send({ type: 'history', chatId: chat.id, messages: await messagesOf(ctx.db, chat.id) });
        if (frame.type === 'accept') {
          if (!(await ctx.db.transaction((tx) => acceptChat(tx, chat.id, agentId)))) fail(liveChatMessages.taken);
          return;
        }
        if (frame.type === 'message') {
          const body = text(frame.text);
          if (!body) return;
          // Answering a queued conversation accepts it first.
          if (chat.status === 'queued' && !(await ctx.db.transaction((tx) => acceptChat(tx, chat.id, agentId)))) return fail(liveChatMessages.taken);
          return agentMessage(ctx.db, chat.id, agentId, body);
        }
        if (frame.type === 'typing') return typing(ctx.db, chat.id, 'agent', frame.on === true);
        if (frame.type === 'read') return markRead(ctx.db, chat.id, 'agent');
        if (frame.type === 'close') return closeChat(ctx.db, chat.id, 'agent');
      };
      socket.on('message', (data) => run(() => parse(data).then((frame) => (frame ? agentFrame(frame) : fail(apiMessages.malformedJson)))));
    },
  );
}

async function parse(data: unknown): Promise<LiveChatClientFrame | null> {
  try {
    const frame = JSON.parse(String(data)) as unknown;
    return frame && typeof frame === 'object' && typeof (frame as { type?: unknown }).type === 'string' ? (frame as LiveChatClientFrame) : null;
  } catch {
    return null;
  }
}


