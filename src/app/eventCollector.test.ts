import { describe, expect, it, vi } from 'vitest';
import { collectEvent, EVENT_COLLECTOR_URL } from './eventCollector';

const metadata = { environment: 'production', location: 'https://shop.example/about/', userAgent: 'Mozilla/5.0', currency: 'GBP', division: { id: 1, name: 'Fern & Thread' } };

describe('event collector (§7)', () => {
  it('posts {event, payload, metadata} without credentials', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    expect(await collectEvent('page_view', { path: '/about/' }, metadata, { fetch, navigator: { userAgent: 'Mozilla/5.0' } })).toBe(true);
    expect(fetch).toHaveBeenCalledWith(EVENT_COLLECTOR_URL, expect.objectContaining({ method: 'POST', credentials: 'omit' }));
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(init.body as string)).toEqual({ event: 'page_view', payload: { path: '/about/' }, metadata });
  });

  it('sends nothing for bots and swallows network failures', async () => {
    const fetch = vi.fn(async () => new Response(null));
    expect(await collectEvent('page_view', {}, metadata, { fetch, navigator: { webdriver: true } })).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    const failing = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await collectEvent('page_view', {}, metadata, { fetch: failing as unknown as typeof globalThis.fetch, navigator: { userAgent: 'Mozilla/5.0' } })).toBe(false);
  });
});
