import { describe, expect, it, vi } from 'vitest';
import { createEventTracker, FLUSH_INTERVAL_MS, isBot, LOG_EVENT_URL, MAX_BATCH, type TrackedEvent, type TrackerEnvironment } from './events';

function setup(nav: TrackerEnvironment['navigator'] = { webdriver: false, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140' }) {
  const sent: TrackedEvent[][] = [];
  const deferred: (() => void)[] = [];
  let interval: { fn: () => void; ms: number } | null = null;
  let unload: (() => void) | null = null;
  const tracker = createEventTracker({
    navigator: nav,
    send: async (events) => sent.push(events),
    setInterval: (fn, ms) => (interval = { fn, ms }),
    onUnload: (fn) => (unload = fn),
    defer: (fn) => deferred.push(fn),
  });
  return { tracker, sent, runDeferred: () => deferred.splice(0).forEach((f) => f()), interval: () => interval, unload: () => unload };
}

describe('event batching (§7 logEvent)', () => {
  it('sends events tracked together as one batch, right after tracking', () => {
    const s = setup();
    s.tracker.track('view_item', { id: 1 });
    s.tracker.track('add_to_cart', { id: 1 });
    expect(s.sent).toEqual([]);
    s.runDeferred();
    expect(s.sent).toEqual([[{ name: 'view_item', data: { id: 1 } }, { name: 'add_to_cart', data: { id: 1 } }]]);
  });

  it('flushes every 30 s and splits batches at the server limit', () => {
    const s = setup();
    s.tracker.track('a');
    expect(s.interval()!.ms).toBe(FLUSH_INTERVAL_MS);
    expect(FLUSH_INTERVAL_MS).toBe(30_000);
    for (let i = 0; i < MAX_BATCH + 5; i++) s.tracker.track('x');
    s.interval()!.fn();
    expect(s.sent.map((b) => b.length)).toEqual([MAX_BATCH, 6]);
    expect(s.tracker.pending()).toBe(0);
  });

  it('uses sendBeacon on unload', () => {
    const beacon = vi.fn(() => true);
    const s = setup({ webdriver: false, userAgent: 'Mozilla/5.0', sendBeacon: beacon });
    s.tracker.track('page_hide');
    s.unload()!();
    expect(beacon).toHaveBeenCalledTimes(1);
    expect((beacon.mock.calls[0] as unknown[])[0]).toBe(LOG_EVENT_URL);
    expect(s.tracker.pending()).toBe(0);
  });

  it('tracks nothing for bots (navigator.webdriver or a bot user agent)', () => {
    expect(isBot({ webdriver: true, userAgent: 'Mozilla/5.0' })).toBe(true);
    expect(isBot({ userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).toBe(true);
    expect(isBot({ userAgent: 'Mozilla/5.0 HeadlessChrome/140' })).toBe(true);
    expect(isBot({ webdriver: false, userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1' })).toBe(false);
    const s = setup({ webdriver: true, userAgent: 'Mozilla/5.0' });
    s.tracker.track('view_item');
    s.runDeferred();
    expect(s.sent).toEqual([]);
    expect(s.interval()).toBeNull();
  });
});
