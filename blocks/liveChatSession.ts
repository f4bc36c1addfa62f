import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../src/lib/api';
import { LiveChatConnection } from '../src/lib/liveChatConnection';
import { widgetStatus, type LiveChatMessage, type LiveChatServerFrame, type LiveChatStatus, type LiveChatSummary } from '../src/core/liveChat';

/** How often a closed widget asks whether its group is staffed (§7 group status). */
export const STATUS_POLL_MS = 30_000;

export interface LiveChatSession {
  /** null until the group status is known. */
  online: boolean | null;
  connected: boolean;
  status: LiveChatStatus;
  chat: LiveChatSummary | null;
  messages: LiveChatMessage[];
  agentTyping: boolean;
  error: string | null;
  start: (text: string) => void;
  send: (text: string) => void;
  typing: (on: boolean) => void;
  read: () => void;
  end: () => void;
  transfer: (groupId: number) => Promise<void>;
}

/**
 * The shopper's side of live chat (§4): the group's availability, and — once the panel is open — the socket with
 * the conversation (browsing → queued → chatting). `active` false (the builder's preview) does nothing.
 */
export function useLiveChatSession(groupId: number, connect: boolean, active: boolean): LiveChatSession {
  const [online, setOnline] = useState<boolean | null>(null);
  const [connected, setConnected] = useState(false);
  const [chat, setChat] = useState<LiveChatSummary | null>(null);
  const [messages, setMessages] = useState<LiveChatMessage[]>([]);
  const [agentTyping, setAgentTyping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const connection = useRef<LiveChatConnection | null>(null);

  useEffect(() => {
    if (!active) return;
    let stop = false;
    const check = () =>
      api<{ status: string }>(`live-chat/group/${groupId}/status`)
        .then((answer) => !stop && setOnline(answer.status === 'online'))
        .catch(() => !stop && setOnline(false));
    void check();
    const timer = window.setInterval(check, STATUS_POLL_MS);
    return () => {
      stop = true;
      window.clearInterval(timer);
    };
  }, [groupId, active]);

  useEffect(() => {
    if (!active || !connect) return;
    const onFrame = (frame: LiveChatServerFrame) => {
      if (frame.type === 'state') {
        setChat(frame.chat);
        setMessages(frame.messages);
      } else if (frame.type === 'chat') setChat(frame.chat);
      else if (frame.type === 'message') {
        setMessages((list) => (list.some((m) => m.id === frame.message.id) ? list : [...list, frame.message]));
        if (frame.message.sender === 'agent') setAgentTyping(false);
      } else if (frame.type === 'typing' && frame.from === 'agent') setAgentTyping(frame.on);
      else if (frame.type === 'read' && frame.by === 'agent') setChat((c) => (c ? { ...c, agentReadAt: frame.at } : c));
      else if (frame.type === 'error') setError(frame.message);
    };
    const c = new LiveChatConnection('shopper', onFrame, setConnected);
    connection.current = c;
    return () => {
      c.close();
      connection.current = null;
    };
  }, [active, connect]);

  const send = useCallback((text: string) => {
    setError(null);
    connection.current?.send({ type: 'message', text });
  }, []);
  const start = useCallback(
    (text: string) => {
      setError(null);
      connection.current?.send({ type: 'start', group: groupId, text });
    },
    [groupId],
  );
  const typing = useCallback((on: boolean) => connection.current?.send({ type: 'typing', on }), []);
  const read = useCallback(() => connection.current?.send({ type: 'read' }), []);
  const end = useCallback(() => connection.current?.send({ type: 'close' }), []);
  const transfer = useCallback(
    async (to: number) => {
      if (!chat) return;
      await api(`live-chat/chat/${chat.id}/transfer`, { method: 'POST', body: { group_id: to } });
    },
    [chat],
  );
  return { online, connected, status: widgetStatus(chat), chat, messages, agentTyping, error, start, send, typing, read, end, transfer };
}
