// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, SESSION_HINT_KEY, SESSION_URL, type HintStorage } from './session';
import { json, mockFetch, user } from './testing';

afterEach(() => vi.unstubAllGlobals());

const memory = (): HintStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
};

describe('session store', () => {
  it('loads the user from GET /omnis/v3/dashboard/secure/get/ once and shares the answer', async () => {
    const calls = mockFetch(() => json({ user: user() }));
    const store = createSessionStore({ storage: memory() });
    const [a, b] = await Promise.all([store.load(), store.load()]);
    expect(a?.email).toBe('ada@example.com');
    expect(b).toBe(a);
    expect(await store.load()).toBe(a);
    expect(calls).toEqual([{ url: SESSION_URL, method: 'GET', body: undefined }]);
    expect(store.get()).toEqual({ status: 'authenticated', user: a });
  });

  it('401 means anonymous', async () => {
    mockFetch(() => json({ message: 'Unauthenticated.' }, 401));
    const store = createSessionStore({ storage: memory() });
    expect(await store.load()).toBeNull();
    expect(store.get().status).toBe('anonymous');
  });

  it('a failed check stays unknown so the next guard asks again', async () => {
    let fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = mockFetch(() => (fail ? json({ message: 'down' }, 500) : json({ user: user() })));
    const store = createSessionStore({ storage: memory() });
    expect(await store.load()).toBeNull();
    expect(store.get().status).toBe('unknown');
    fail = false;
    expect((await store.load())?.id).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it('set() after login/logout notifies subscribers, keeps the hint, and wins over an older request', async () => {
    let answer!: (r: Response) => void;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const storage = memory();
    const store = createSessionStore({ storage });
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.get().status));
    const pending = store.load();
    store.set(user({ firstName: 'Grace' }));
    answer(json({ message: 'Unauthenticated.' }, 401));
    await pending;
    expect(store.get().user?.firstName).toBe('Grace');
    expect(storage.data.get(SESSION_HINT_KEY)).toBe('1');
    store.set(null);
    expect(store.get()).toEqual({ status: 'anonymous', user: null });
    expect(storage.data.has(SESSION_HINT_KEY)).toBe(false);
    expect(seen).toEqual(['loading', 'authenticated', 'anonymous']);
  });

  it('refresh() asks again (after verify)', async () => {
    let verified = false;
    mockFetch(() => json({ user: user({ verified }) }));
    const store = createSessionStore({ storage: memory() });
    expect((await store.load())?.verified).toBe(false);
    verified = true;
    expect((await store.refresh())?.verified).toBe(true);
  });

  it('probe() costs no request for a browser that never signed in, but guards still ask the server', async () => {
    const calls = mockFetch(() => json({ user: user() }));
    const storage = memory();
    const store = createSessionStore({ storage });
    expect(await store.probe()).toBeNull();
    expect(calls).toHaveLength(0);
    expect(store.get().status).toBe('anonymous');
    // The guess is not trusted by load().
    expect((await store.load())?.id).toBe(1);
    expect(calls).toHaveLength(1);
    // With the hint, probe asks.
    const second = createSessionStore({ storage });
    expect((await second.probe())?.id).toBe(1);
    expect(calls).toHaveLength(2);
  });
});
