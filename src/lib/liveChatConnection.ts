import { api } from './api';
import type { LiveChatClientFrame, LiveChatServerFrame } from '../core/liveChat';

/** Waits between reconnect attempts (ms): quick at first, then every 10 s. */
const RETRY_MS = [500, 1000, 2000, 5000, 10_000];

/**
 * The browser's end of a live chat socket (§7 live-chat token, then the socket). Each (re)connect fetches a fresh
 * single-use ticket; a dropped socket reconnects by itself and the server answers with the stored state again,
 * so nothing typed by the other side is lost while it was away.
 */
export class LiveChatConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private closed = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private outbox: LiveChatClientFrame[] = [];

  constructor(
    private readonly mode: 'shopper' | 'agent',
    private readonly onFrame: (frame: LiveChatServerFrame) => void,
    private readonly onStatus: (connected: boolean) => void = () => {},
  ) {
    void this.connect();
  }

  private async connect() {
    if (this.closed) return;
    try {
      const { token } = await api<{ token: string }>('live-chat/token');
      if (this.closed) return;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const socket = new WebSocket(`${scheme}://${window.location.host}/omnis/v3/live-chat/socket?token=${encodeURIComponent(token)}&mode=${this.mode}`);
      this.socket = socket;
      socket.onopen = () => {
        this.attempt = 0;
        this.onStatus(true);
        for (const frame of this.outbox.splice(0)) socket.send(JSON.stringify(frame));
      };
      socket.onmessage = (event) => {
        try {
          this.onFrame(JSON.parse(String(event.data)) as LiveChatServerFrame);
        } catch {
          /* a frame this version does not understand */
        }
      };
      socket.onclose = () => {
        if (this.socket === socket) this.socket = null;
        this.onStatus(false);
        this.retry();
      };
    } catch {
      this.onStatus(false);
      this.retry();
    }
  }

  private retry() {
    if (this.closed || this.timer) return;
    const wait = RETRY_MS[Math.min(this.attempt++, RETRY_MS.length - 1)]!;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, wait);
  }

  /** Sends now, or as soon as the socket is open again. */
  send(frame: LiveChatClientFrame) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
    else if (frame.type !== 'typing' && frame.type !== 'ping') this.outbox.push(frame);
  }

  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close();
    this.socket = null;
  }
}
