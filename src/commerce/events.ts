/**
 * §7 events/logEvent batching: events queue in memory and are sent together — every 30 s (§9 event flush), on
 * page unload (navigator.sendBeacon) and right after each tracked event (a microtask later, so events tracked
 * together travel together). Nothing is tracked for bots: navigator.webdriver or a bot user agent. Playwright
 * sets navigator.webdriver, so e2e runs send nothing; tests use createEventTracker with their own environment.
 */

export const LOG_EVENT_URL = '/omnis/v3/events/logEvent/';
export const FLUSH_INTERVAL_MS = 30_000;
/** The server's batch limit. */
export const MAX_BATCH = 100;

export interface TrackedEvent {
  name: string;
  data: Record<string, unknown>;
}

const BOT_AGENT = /bot|crawl|spider|slurp|headless|lighthouse|facebookexternalhit|embedly|preview|pingdom|bingpreview/i;

export function isBot(nav: { webdriver?: boolean; userAgent?: string } | undefined): boolean {
  if (!nav) return true;
  return nav.webdriver === true || BOT_AGENT.test(nav.userAgent ?? '');
}

export interface TrackerEnvironment {
  navigator?: { webdriver?: boolean; userAgent?: string; sendBeacon?: (url: string, data: Blob | string) => boolean };
  send: (events: TrackedEvent[]) => Promise<unknown>;
  setInterval: (fn: () => void, ms: number) => unknown;
  onUnload: (fn: () => void) => void;
  defer: (fn: () => void) => void;
}

export function createEventTracker(env: TrackerEnvironment) {
  const queue: TrackedEvent[] = [];
  const bot = isBot(env.navigator);
  let scheduled = false;
  let started = false;

  const flush = () => {
    scheduled = false;
    while (queue.length) void env.send(queue.splice(0, MAX_BATCH)).catch(() => undefined);
  };
  const flushOnUnload = () => {
    if (!queue.length) return;
    const beacon = env.navigator?.sendBeacon;
    while (queue.length) {
      const body = JSON.stringify({ events: queue.splice(0, MAX_BATCH) });
      // sendBeacon survives the page going away; it cannot send headers (the endpoint is CSRF-exempt).
      if (!beacon?.call(env.navigator, LOG_EVENT_URL, new Blob([body], { type: 'text/plain' }))) void env.send(JSON.parse(body).events).catch(() => undefined);
    }
  };
  const start = () => {
    if (started) return;
    started = true;
    env.setInterval(flush, FLUSH_INTERVAL_MS);
    env.onUnload(flushOnUnload);
  };

  return {
    track(name: string, data: Record<string, unknown> = {}) {
      if (bot) return;
      start();
      queue.push({ name, data });
      if (!scheduled) {
        scheduled = true;
        env.defer(flush);
      }
    },
    flush,
    flushOnUnload,
    pending: () => queue.length,
  };
}

let tracker: ReturnType<typeof createEventTracker> | null = null;

function browserTracker() {
  tracker ??= createEventTracker({
    navigator: typeof navigator === 'undefined' ? undefined : navigator,
    send: (events) =>
      fetch(LOG_EVENT_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events }), keepalive: true }),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    onUnload: (fn) => {
      window.addEventListener('pagehide', fn);
      document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && fn());
    },
    defer: (fn) => queueMicrotask(fn),
  });
  return tracker;
}

/** Tracks an analytics event (sent in a batch; nothing for bots). */
export function trackEvent(name: string, data: Record<string, unknown> = {}) {
  if (typeof window === 'undefined') return;
  browserTracker().track(name, data);
}
