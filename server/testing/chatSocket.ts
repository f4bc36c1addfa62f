import WebSocket from 'ws';
import type { LiveChatClientFrame, LiveChatServerFrame } from '../../src/core/liveChat';

/** A live chat socket for tests and the bench: sends frames, waits for the first frame that matches. */
export class ChatSocket {
  readonly frames: LiveChatServerFrame[] = [];
  private waiters: { match: (f: LiveChatServerFrame) => boolean; resolve: (f: LiveChatServerFrame) => void }[] = [];
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as LiveChatServerFrame;
      this.frames.push(frame);
      for (const w of [...this.waiters]) {
        if (w.match(frame)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(frame);
        }
      }
    });
  }

  static open(base: string, token: string, mode: 'shopper' | 'agent', headers: Record<string, string> = {}): Promise<ChatSocket> {
    const url = `${base.replace(/^http/, 'ws')}/omnis/v3/live-chat/socket?token=${encodeURIComponent(token)}&mode=${mode}`;
    const socket = new WebSocket(url, { headers });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new ChatSocket(socket)));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`handshake answered ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  send(frame: LiveChatClientFrame) {
    this.socket.send(JSON.stringify(frame));
  }

  /** The first frame (already received or to come) matching `match`; `from` skips frames seen before that index. */
  next<T extends LiveChatServerFrame['type']>(type: T, match: (f: Extract<LiveChatServerFrame, { type: T }>) => boolean = () => true, timeoutMs = 10_000, from = 0): Promise<Extract<LiveChatServerFrame, { type: T }>> {
    const test = (f: LiveChatServerFrame) => f.type === type && match(f as Extract<LiveChatServerFrame, { type: T }>);
    const seen = this.frames.slice(from).find(test);
    if (seen) return Promise.resolve(seen as Extract<LiveChatServerFrame, { type: T }>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(-5))}`)), timeoutMs);
      this.waiters.push({ match: test, resolve: (f) => (clearTimeout(timer), resolve(f as Extract<LiveChatServerFrame, { type: T }>)) });
    });
  }

  close() {
    this.socket.close();
  }
}
