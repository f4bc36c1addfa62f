// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';
import { CHAT_GROUPS, CHAT_STORAGE_KEY, DEFAULT_CHAT_GROUP, chatGroupId, chatMailto, notificationDelayMs } from './liveChat';
import type * as ApiModule from '../src/lib/api';
import type { LiveChatClientFrame, LiveChatServerFrame, LiveChatSummary } from '../src/core/liveChat';

/** The group status the server answers, and the sockets the widget opened (a fake the test drives). */
const server = { status: 'online', calls: [] as { path: string; method?: string; body?: unknown }[] };
const sockets: { frames: LiveChatClientFrame[]; push: (f: LiveChatServerFrame) => void; closed: boolean }[] = [];
vi.mock('../src/lib/api', async (original) => ({
  ...(await original<typeof ApiModule>()),
  api: vi.fn(async (path: string, init: { method?: string; body?: unknown } = {}) => {
    server.calls.push({ path, ...init });
    return path.endsWith('/status') ? { status: server.status } : {};
  }),
}));
vi.mock('../src/lib/liveChatConnection', () => ({
  LiveChatConnection: class {
    s: (typeof sockets)[number];
    constructor(_mode: string, onFrame: (f: LiveChatServerFrame) => void, onStatus: (c: boolean) => void) {
      this.s = { frames: [], push: (f) => act(() => onFrame(f)), closed: false };
      sockets.push(this.s);
      queueMicrotask(() => onStatus(true));
    }
    send(frame: LiveChatClientFrame) {
      this.s.frames.push(frame);
    }
    close() {
      this.s.closed = true;
    }
  },
}));

beforeEach(() => {
  localStorage.clear();
  server.status = 'online';
  server.calls = [];
  sockets.length = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const chatButton = () => screen.queryByRole('button', { name: 'Chat with us' });
const flush = () => act(async () => {});
const summary = (over: Partial<LiveChatSummary> = {}): LiveChatSummary => ({
  id: 7,
  groupId: 3,
  status: 'queued',
  agentId: null,
  agentName: '',
  shopperName: 'Visitor 7',
  divisionId: 1,
  shopperReadAt: null,
  agentReadAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  lastMessage: null,
  ...over,
});

describe('liveChat', () => {
  it('§6 group codes pro=1, integrations=2, support=3, studio=4, default support', () => {
    expect(CHAT_GROUPS).toEqual({ pro: 1, integrations: 2, support: 3, studio: 4 });
    expect(DEFAULT_CHAT_GROUP).toBe('support');
    expect(chatGroupId('general')).toBe(3);
    expect(chatGroupId('studio')).toBe(4);
  });

  it('§4 shows the button and notification after showAfterSeconds × 1000 ms while the group is online', async () => {
    expect(notificationDelayMs(12)).toBe(12_000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await renderBlock('liveChat', { showAfterSeconds: 5 });
    await flush();
    expect(chatButton()).toBeNull();
    act(() => vi.advanceTimersByTime(4999));
    expect(chatButton()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(chatButton()).not.toBeNull();
    expect(screen.getByText('Need a hand?')).toBeTruthy();
    expect(screen.getByText('Chat with our team.')).toBeTruthy();
    expect(server.calls[0]!.path).toBe('live-chat/group/3/status');
  });

  it('§4 offline hides the widget and its notification', async () => {
    server.status = 'offline';
    await renderBlock('liveChat', {});
    await flush();
    expect(chatButton()).toBeNull();
    expect(screen.queryByText('Need a hand?')).toBeNull();
  });

  it('§6 forces pro styling when buttonStyle is pro', async () => {
    await renderBlock('liveChat', { buttonStyle: 'pro' });
    await flush();
    expect(chatButton()!.className).toContain('live-chat__button--pro');
    cleanup();
    await renderBlock('liveChat', { buttonStyle: 'secondary' });
    await flush();
    expect(chatButton()!.className).not.toContain('live-chat__button--pro');
    expect(chatButton()!.className).toContain('pod-button--secondary');
  });

  it('browsing → queued → chatting: starts in the block group, shows answers, typing and read state', async () => {
    await renderBlock('liveChat', { group: 'integrations', title: 'Connect your shop', contactEmail: 'help@shop.example' });
    await flush();
    fireEvent.click(chatButton()!);
    expect(screen.getByRole('dialog', { name: 'Connect your shop' }).textContent).toContain('Integrations team');
    expect(JSON.parse(localStorage.getItem(CHAT_STORAGE_KEY)!)).toEqual({ opened: true, group: 2 });
    const socket = sockets[0]!;
    socket.push({ type: 'state', chat: null, messages: [] });
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'Does it work with my shop?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start chat' }));
    expect(socket.frames).toContainEqual({ type: 'start', group: 2, text: 'Does it work with my shop?' });

    const queued = summary({ groupId: 2 });
    const first = { id: 1, chatId: 7, sender: 'shopper' as const, authorName: 'You', body: 'Does it work with my shop?', createdAt: '2026-01-01T10:00:01.000Z' };
    socket.push({ type: 'state', chat: queued, messages: [first] });
    expect(screen.getByText('Waiting for the next person in Integrations…')).toBeTruthy();
    socket.push({ type: 'chat', chat: { ...queued, status: 'chatting', agentId: 2, agentName: 'Sam Staff' } });
    expect(screen.getByText('Chatting with Sam Staff')).toBeTruthy();
    socket.push({ type: 'typing', chatId: 7, from: 'agent', on: true });
    expect(screen.getByText('Sam Staff is typing…')).toBeTruthy();
    socket.push({ type: 'message', message: { id: 2, chatId: 7, sender: 'agent', authorName: 'Sam', body: 'Yes, it does.', createdAt: '2026-01-01T10:00:05.000Z' } });
    expect(screen.getByText('Yes, it does.')).toBeTruthy();
    expect(screen.queryByText('Sam Staff is typing…')).toBeNull();
    // What arrives while the panel is open is read.
    expect(socket.frames).toContainEqual({ type: 'read' });
    socket.push({ type: 'read', chatId: 7, by: 'agent', at: '2026-01-01T10:00:06.000Z' });
    expect(screen.getByText('Seen')).toBeTruthy();
    expect(decodeURIComponent(screen.getByRole('link', { name: 'Email us instead' }).getAttribute('href')!)).toBe(
      'mailto:help@shop.example?subject=Connect your shop – Integrations team (group 2)',
    );
    expect(chatMailto({ group: 'integrations', title: 'Connect your shop', contactEmail: 'help@shop.example' })).toContain('mailto:help%40shop.example');
    fireEvent.click(screen.getByRole('button', { name: 'End chat' }));
    expect(socket.frames).toContainEqual({ type: 'close' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(localStorage.getItem(CHAT_STORAGE_KEY)!)).toEqual({ opened: false, group: 2 });
    expect(socket.closed).toBe(true);
  });

  it('§4 a conversation under way under another group moves to this block group', async () => {
    localStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify({ opened: true, group: 3 }));
    await renderBlock('liveChat', { group: 'studio' });
    await flush();
    sockets[0]!.push({ type: 'state', chat: summary({ status: 'chatting', groupId: 3, agentName: 'Sam Staff' }), messages: [] });
    await flush();
    expect(server.calls).toContainEqual({ path: 'live-chat/chat/7/transfer', method: 'POST', body: { group_id: 4 } });
  });

  it('reopens the panel on the next page when it was left open', async () => {
    localStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify({ opened: true, group: 3 }));
    await renderBlock('liveChat', {});
    await flush();
    expect(screen.getByRole('dialog', { name: 'Need a hand?' })).toBeTruthy();
  });

  it('draws in place at once in the builder, without asking the server', async () => {
    await renderBlock('liveChat', { showAfterSeconds: 60 }, { mode: 'preview' });
    expect(chatButton()).not.toBeNull();
    expect(document.querySelector('.live-chat--inline')).not.toBeNull();
    expect(server.calls).toEqual([]);
  });
});
