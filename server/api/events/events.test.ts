import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../../testing/testContext';
import { EVENT_COLLECTOR_PATH, LOG_EVENT_PATH, MAX_EVENTS_PER_BATCH, eventMessages } from './events';
import { DEFAULT_EVENT_RETENTION_DAYS, EVENT_ALLOWANCE, eventLimitMessages, eventRetentionDays, sweepOldEvents } from './eventLimits';
import { BASKET_COOKIE } from '../../commerce/basket';

let t: Awaited<ReturnType<typeof openTestContext>>;
beforeAll(async () => {
  t = await openTestContext();
}, 180_000);
afterAll(async () => t?.close());

const batch = (n: number, data: unknown = { path: '/' }) => ({ events: Array.from({ length: n }, (_, i) => ({ name: `view${i}`, data })) });
const send = (ip: string, payload: unknown, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: LOG_EVENT_PATH, remoteAddress: ip, payload: payload as object, cookies });
const stored = async () => Number((await t.ctx.db.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);

describe('event endpoints cannot fill the disk', () => {
  it('answers 429 with Retry-After once one address has sent its allowance within the window', async () => {
    const ip = '198.51.100.10';
    const full = EVENT_ALLOWANCE.eventsPerIp / MAX_EVENTS_PER_BATCH;
    // Different basket cookies: only the address allowance applies.
    for (let i = 0; i < full; i++) expect((await send(ip, batch(MAX_EVENTS_PER_BATCH), { [BASKET_COOKIE]: `b${i}` })).statusCode).toBe(202);
    const before = await stored();
    const refused = await send(ip, batch(1), { [BASKET_COOKIE]: 'other' });
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(EVENT_ALLOWANCE.windowSeconds);
    expect(refused.json()).toEqual({ message: eventLimitMessages.tooMany(seconds) });
    expect(await stored()).toBe(before);
    // The collector shares the address's allowance; another address is unaffected.
    expect((await t.app.inject({ method: 'POST', url: EVENT_COLLECTOR_PATH, remoteAddress: ip, payload: { event: 'x' } })).statusCode).toBe(429);
    expect((await send('198.51.100.11', batch(5))).statusCode).toBe(202);
  });

  it('limits one session across addresses', async () => {
    const cookies = { [BASKET_COOKIE]: 'one-shopper-basket' };
    const per = EVENT_ALLOWANCE.eventsPerSession / 2;
    expect((await send('198.51.100.20', batch(per), cookies)).statusCode).toBe(202);
    expect((await send('198.51.100.21', batch(per), cookies)).statusCode).toBe(202);
    expect((await send('198.51.100.22', batch(1), cookies)).statusCode).toBe(429);
    expect((await send('198.51.100.22', batch(1))).statusCode).toBe(202);
  });

  it('limits the bytes one address stores per window', async () => {
    const ip = '198.51.100.30';
    const data = { blob: 'x'.repeat(15 * 1024) }; // just under one event's cap
    const perBatch = 10; // ~150 KB
    expect((await send(ip, batch(perBatch, data), { [BASKET_COOKIE]: 'k1' })).statusCode).toBe(202);
    const second = await send(ip, batch(perBatch, data), { [BASKET_COOKIE]: 'k2' });
    expect(second.statusCode).toBe(429);
  });

  it('refuses an oversized batch or body with a clear 413 and stores nothing', async () => {
    const before = await stored();
    const many = await send('198.51.100.40', batch(MAX_EVENTS_PER_BATCH + 1));
    expect(many.statusCode).toBe(413);
    expect(many.json()).toEqual({ message: eventMessages.tooMany, errors: { events: [eventMessages.tooMany] } });
    const big = await send('198.51.100.41', { events: [{ name: 'x', data: { blob: 'y'.repeat(300 * 1024) } }] });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The request body is too large (at most 256 KB).' });
    const beacon = await t.app.inject({ method: 'POST', url: LOG_EVENT_PATH, remoteAddress: '198.51.100.42', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify({ events: [{ name: 'x', data: 'z'.repeat(300 * 1024) }] }) });
    expect(beacon.statusCode).toBe(413);
    const collector = await t.app.inject({ method: 'POST', url: EVENT_COLLECTOR_PATH, remoteAddress: '198.51.100.43', payload: { event: 'x', payload: 'z'.repeat(70 * 1024) } });
    expect(collector.statusCode).toBe(413);
    expect(collector.json()).toEqual({ message: 'The request body is too large (at most 64 KB).' });
    expect(await stored()).toBe(before);
  });

  it('the retention sweep deletes only events older than the window, and spent counters', async () => {
    await t.ctx.db.query(`insert into events (source, name, created_at) values ('collector', 'old', now() - interval '91 days'), ('collector', 'edge', now() - interval '89 days'), ('collector', 'new', now())`);
    await t.ctx.db.query(`insert into rate_limits (key, failures, window_start) values ('events:ip:192.0.2.99', 5, now() - interval '1 hour'), ('login:ip:192.0.2.99', 1, now() - interval '1 hour')`);
    const names = async () => (await t.ctx.db.query<{ name: string }>(`select name from events where name in ('old', 'edge', 'new') order by name`)).rows.map((r) => r.name);
    expect(await names()).toEqual(['edge', 'new', 'old']);
    expect(await sweepOldEvents(t.ctx.db, DEFAULT_EVENT_RETENTION_DAYS)).toBe(1);
    expect(await names()).toEqual(['edge', 'new']);
    const keys = (await t.ctx.db.query<{ key: string }>(`select key from rate_limits where key like '%192.0.2.99'`)).rows.map((r) => r.key);
    expect(keys).toEqual(['login:ip:192.0.2.99']);
    expect(await sweepOldEvents(t.ctx.db, 30)).toBe(1);
    expect(await names()).toEqual(['new']);
  });

  it('reads the retention window from EVENT_RETENTION_DAYS', () => {
    expect(eventRetentionDays({})).toBe(90);
    expect(eventRetentionDays({ EVENT_RETENTION_DAYS: '30' })).toBe(30);
    expect(eventRetentionDays({ EVENT_RETENTION_DAYS: '0' })).toBe(90);
    expect(eventRetentionDays({ EVENT_RETENTION_DAYS: 'soon' })).toBe(90);
  });
});
