import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { LiveChatConnection } from '../lib/liveChatConnection';
import { api, ApiError, GENERIC_ERROR } from '../lib/api';
import {
  LIVE_CHAT_GROUP_IDS,
  LIVE_CHAT_GROUP_LABELS,
  LIVE_CHAT_MESSAGE_MAX,
  type LiveChatGroupId,
  type LiveChatMessage,
  type LiveChatServerFrame,
  type LiveChatSummary,
} from '../core/liveChat';
import { AtlasPage, Badge, EmptyState, LoadingState, When } from './ui';

interface ConsoleState {
  loaded: boolean;
  connected: boolean;
  agentId: number;
  available: boolean;
  groups: LiveChatGroupId[];
  chats: Map<number, LiveChatSummary>;
  messages: Map<number, LiveChatMessage[]>;
  typing: Set<number>;
  error: string | null;
}

const initial: ConsoleState = { loaded: false, connected: false, agentId: 0, available: false, groups: [], chats: new Map(), messages: new Map(), typing: new Set(), error: null };

function reduce(state: ConsoleState, frame: LiveChatServerFrame): ConsoleState {
  switch (frame.type) {
    case 'console':
      return { ...state, loaded: true, agentId: frame.agentId, available: frame.available, groups: frame.groups, chats: new Map(frame.chats.map((c) => [c.id, c])) };
    case 'availability':
      return { ...state, available: frame.available, groups: frame.groups };
    case 'chat': {
      const chats = new Map(state.chats);
      if (frame.chat.status === 'closed') chats.delete(frame.chat.id);
      else chats.set(frame.chat.id, frame.chat);
      return { ...state, chats };
    }
    case 'history':
      return { ...state, messages: new Map(state.messages).set(frame.chatId, frame.messages) };
    case 'message': {
      const m = frame.message;
      const list = state.messages.get(m.chatId);
      const typing = new Set(state.typing);
      if (m.sender === 'shopper') typing.delete(m.chatId);
      const chats = new Map(state.chats);
      const chat = chats.get(m.chatId);
      if (chat) chats.set(m.chatId, { ...chat, lastMessage: m });
      return { ...state, chats, typing, messages: list && !list.some((x) => x.id === m.id) ? new Map(state.messages).set(m.chatId, [...list, m]) : state.messages };
    }
    case 'typing': {
      if (frame.from !== 'shopper') return state;
      const typing = new Set(state.typing);
      if (frame.on) typing.add(frame.chatId);
      else typing.delete(frame.chatId);
      return { ...state, typing };
    }
    case 'read': {
      const chat = state.chats.get(frame.chatId);
      if (!chat) return state;
      const key = frame.by === 'shopper' ? 'shopperReadAt' : 'agentReadAt';
      return { ...state, chats: new Map(state.chats).set(chat.id, { ...chat, [key]: frame.at }) };
    }
    case 'error':
      return { ...state, error: frame.message };
    default:
      return state;
  }
}

const unread = (chat: LiveChatSummary) => chat.lastMessage?.sender === 'shopper' && (!chat.agentReadAt || chat.agentReadAt < chat.lastMessage.createdAt);

/**
 * /atlas/chat/: the staff console for live chat (§1, §6). Open conversations in one queue per group, accept,
 * answer, transfer to another group (§7), availability on or off, typing and read state. Everything arrives over
 * the chat socket, whichever server process the shopper is on.
 */
export function ChatScreen() {
  const [state, setState] = useState(initial);
  const [selected, setSelected] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const connection = useRef<LiveChatConnection | null>(null);
  const typingTimer = useRef<number | null>(null);
  const log = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const c = new LiveChatConnection(
      'agent',
      (frame) => setState((s) => reduce(s, frame)),
      (connected) => setState((s) => ({ ...s, connected })),
    );
    connection.current = c;
    return () => c.close();
  }, []);

  const chat = selected !== null ? (state.chats.get(selected) ?? null) : null;
  const messages = selected !== null ? state.messages.get(selected) : undefined;

  useEffect(() => {
    if (selected !== null && !state.messages.has(selected)) connection.current?.send({ type: 'open', chatId: selected });
  }, [selected, state.messages]);
  // Reading a conversation that is ours marks it read for the shopper's "Seen".
  useEffect(() => {
    if (chat && chat.agentId === state.agentId && unread(chat)) connection.current?.send({ type: 'read', chatId: chat.id });
  }, [chat, state.agentId]);
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [messages?.length]);

  const queues = useMemo(() => {
    const byGroup = new Map<LiveChatGroupId, LiveChatSummary[]>(LIVE_CHAT_GROUP_IDS.map((g) => [g, []]));
    for (const c of [...state.chats.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) byGroup.get(c.groupId)?.push(c);
    return byGroup;
  }, [state.chats]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!chat || !text) return;
    setState((s) => ({ ...s, error: null }));
    connection.current?.send({ type: 'message', chatId: chat.id, text });
    connection.current?.send({ type: 'typing', chatId: chat.id, on: false });
    setDraft('');
  };
  const onDraft = (value: string) => {
    setDraft(value);
    if (!chat) return;
    connection.current?.send({ type: 'typing', chatId: chat.id, on: value.length > 0 });
    if (typingTimer.current) window.clearTimeout(typingTimer.current);
    typingTimer.current = window.setTimeout(() => connection.current?.send({ type: 'typing', chatId: chat.id, on: false }), 3000);
  };
  const transfer = async (groupId: number) => {
    if (!chat) return;
    setNotice(null);
    try {
      await api(`live-chat/chat/${chat.id}/transfer`, { method: 'POST', body: { group_id: groupId } });
      setNotice(`Transferred to ${LIVE_CHAT_GROUP_LABELS[groupId as LiveChatGroupId]}.`);
    } catch (error) {
      setNotice(error instanceof ApiError ? error.message : GENERIC_ERROR);
    }
  };
  const toggleGroup = (g: LiveChatGroupId) => {
    const groups = state.groups.includes(g) ? state.groups.filter((x) => x !== g) : [...state.groups, g];
    connection.current?.send({ type: 'availability', available: state.available, groups });
  };

  return (
    <AtlasPage
      title="Live chat"
      intro={<p>Conversations waiting for a person, by group, and the ones you are answering. Shoppers see the widget while you are available.</p>}
      actions={
        <label className="atlas-chat__availability">
          <input type="checkbox" checked={state.available} disabled={!state.loaded} onChange={(e) => connection.current?.send({ type: 'availability', available: e.target.checked })} />
          <span>{state.available ? 'Available' : 'Unavailable'}</span>
        </label>
      }
    >
      {!state.connected && state.loaded && (
        <p className="atlas-chat__status" role="status">
          Reconnecting…
        </p>
      )}
      {!state.loaded ? (
        <LoadingState label="Connecting to live chat…" />
      ) : (
        <div className="atlas-chat">
          <div className="atlas-chat__queues">
            <fieldset className="atlas-chat__groups">
              <legend>Groups I answer</legend>
              {LIVE_CHAT_GROUP_IDS.map((g) => (
                <label key={g}>
                  <input type="checkbox" checked={state.groups.includes(g)} onChange={() => toggleGroup(g)} /> {LIVE_CHAT_GROUP_LABELS[g]}
                </label>
              ))}
            </fieldset>
            {LIVE_CHAT_GROUP_IDS.map((g) => {
              const list = queues.get(g) ?? [];
              return (
                <section key={g} className="atlas-chat__queue" aria-label={`${LIVE_CHAT_GROUP_LABELS[g]} queue`}>
                  <h2 className="atlas-chat__queue-title">
                    {LIVE_CHAT_GROUP_LABELS[g]} <span className="atlas-chat__count">{list.filter((c) => c.status === 'queued').length} waiting</span>
                  </h2>
                  {list.length === 0 ? (
                    <p className="atlas-chat__empty">No conversations.</p>
                  ) : (
                    <ul className="atlas-chat__list">
                      {list.map((c) => (
                        <li key={c.id}>
                          <button type="button" className={`atlas-chat__item${c.id === selected ? ' atlas-chat__item--selected' : ''}`} aria-pressed={c.id === selected} onClick={() => setSelected(c.id)}>
                            <span className="atlas-chat__who">
                              {c.shopperName}
                              {unread(c) && <span className="atlas-chat__dot" aria-label="unread" />}
                            </span>
                            <span className="atlas-chat__preview">{c.lastMessage?.body ?? 'No messages yet'}</span>
                            <span className="atlas-chat__meta">
                              <Badge tone={c.status === 'queued' ? 'warning' : 'good'}>{c.status === 'queued' ? 'Waiting' : `With ${c.agentName || 'staff'}`}</Badge>
                              {state.typing.has(c.id) && <span>typing…</span>}
                            </span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              );
            })}
          </div>
          <section className="atlas-chat__conversation" aria-label="Conversation">
            {!chat ? (
              <EmptyState>{state.chats.size ? 'Choose a conversation to read and answer it.' : 'No open conversations right now.'}</EmptyState>
            ) : (
              <>
                <header className="atlas-chat__head">
                  <div>
                    <h2 className="atlas-chat__title">{chat.shopperName}</h2>
                    <p className="atlas-chat__sub">
                      {LIVE_CHAT_GROUP_LABELS[chat.groupId]} · started <When at={chat.createdAt} />
                    </p>
                  </div>
                  <div className="atlas-chat__actions">
                    {chat.status === 'queued' && (
                      <button type="button" className="pod-button pod-button--primary atlas-button" onClick={() => connection.current?.send({ type: 'accept', chatId: chat.id })}>
                        Accept
                      </button>
                    )}
                    <label>
                      <span>Transfer to</span>{' '}
                      <select
                        value=""
                        onChange={(e) => {
                          if (e.target.value) void transfer(Number(e.target.value));
                        }}
                      >
                        <option value="">Choose a group</option>
                        {LIVE_CHAT_GROUP_IDS.filter((g) => g !== chat.groupId).map((g) => (
                          <option key={g} value={g}>
                            {LIVE_CHAT_GROUP_LABELS[g]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button type="button" className="pod-button pod-button--secondary atlas-button" onClick={() => connection.current?.send({ type: 'close', chatId: chat.id })}>
                      End chat
                    </button>
                  </div>
                </header>
                {notice && (
                  <p className="atlas-chat__notice" role="status">
                    {notice}
                  </p>
                )}
                {!messages ? (
                  <LoadingState label="Loading the conversation…" />
                ) : (
                  <ol ref={log} className="atlas-chat__log" aria-label="Messages">
                    {messages.map((m) => (
                      <li key={m.id} className={`atlas-chat__message atlas-chat__message--${m.sender}`}>
                        {m.sender !== 'system' && <span className="atlas-chat__author">{m.sender === 'shopper' ? chat.shopperName : m.authorName}</span>}
                        <span>{m.body}</span>
                        <When at={m.createdAt} />
                      </li>
                    ))}
                    {state.typing.has(chat.id) && <li className="atlas-chat__typing">{chat.shopperName} is typing…</li>}
                  </ol>
                )}
                {chat.shopperReadAt && messages?.some((m) => m.sender === 'agent') && chat.shopperReadAt >= [...messages].reverse().find((m) => m.sender === 'agent')!.createdAt && (
                  <p className="atlas-chat__seen">Seen by the shopper</p>
                )}
                {state.error && (
                  <p className="atlas-chat__error" role="alert">
                    {state.error}
                  </p>
                )}
                <form className="atlas-chat__composer" onSubmit={send}>
                  <label htmlFor="atlas-chat-reply">Reply</label>
                  <textarea id="atlas-chat-reply" rows={3} maxLength={LIVE_CHAT_MESSAGE_MAX} value={draft} onChange={(e) => onDraft(e.target.value)} />
                  <button type="submit" className="pod-button pod-button--primary atlas-button" disabled={!draft.trim()}>
                    {chat.status === 'queued' ? 'Accept and send' : 'Send'}
                  </button>
                </form>
              </>
            )}
          </section>
        </div>
      )}
    </AtlasPage>
  );
}
