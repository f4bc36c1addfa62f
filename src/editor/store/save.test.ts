// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { createEditorStore, type EditorStoreApi } from './index';
import { textPage } from './testing';
import { blockIndex } from './share';
import type { PageDocument } from '../../core/storeData';
import { SAVE_INDICATOR_MS, saveBody, unsavedChangesHandler, useBeforeUnloadPrompt } from '../save';

let store: EditorStoreApi;
const s = () => store.getState();
type Call = { url: string; method: string; body: Record<string, unknown> | undefined };
let calls: Call[];
let responder: (call: Call) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** The server's copy: PATCH bumps the version (as server/pages/writes.ts does). */
let serverPage: PageDocument;

beforeEach(() => {
  vi.useFakeTimers();
  store = createEditorStore();
  serverPage = textPage(3);
  calls = [];
  responder = (call) => {
    if (call.method === 'GET') return { status: 200, body: serverPage };
    if (call.body?.version !== serverPage.version) return { status: 409, body: { message: 'This page was changed by someone else since you opened it.' } };
    serverPage = { ...serverPage, ...(call.body as object), version: serverPage.version + 1, edited: '2024-02-02T00:00:00.000Z' } as PageDocument;
    delete (serverPage as Partial<Record<string, unknown>>).imageType;
    return { status: 200, body: serverPage };
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call: Call = { url, method: init.method ?? 'GET', body: init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined };
      calls.push(call);
      const answer = await responder(call);
      if (answer.status === 0) throw new TypeError('Failed to fetch');
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  s().load(structuredClone(serverPage), 3);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('save', () => {
  it('PATCHes the page fields with version, takes the new version and keeps history', async () => {
    s().updateProperties('t1', { text: 'Edited' });
    const before = s().page!.blocks;
    const result = await s().save();
    expect(result).toBe('saved');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/omnis/v3/divisions/3/pages/7/?imageType=object');
    expect(calls[0]!.method).toBe('PATCH');
    expect(calls[0]!.body).toMatchObject({ version: 1, url: '/about/', layout: 'standard', published: true, sitemap: true });
    expect(Object.keys(calls[0]!.body!).sort()).toEqual(['blocks', 'flags', 'layout', 'preloadables', 'properties', 'published', 'sitemap', 'temporaryUrl', 'theme', 'url', 'version']);
    expect((calls[0]!.body!.blocks as { properties: { text: string } }[])[1]!.properties.text).toBe('Edited');
    expect(s().page!.version).toBe(2);
    expect(s().dirty).toBe(false);
    // blocks that came back unchanged keep their identity
    s().page!.blocks.forEach((b, i) => expect(b).toBe(before[i]));
    // saving does not clear history
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    s().undo();
    expect(blockIndex(s().page!.blocks).get('t1')!.properties.text).toBe('Block 1');
    expect(s().page!.version).toBe(2); // the server version survives undo
    expect(s().dirty).toBe(true);
    s().redo();
    expect(s().dirty).toBe(false);
    s().undo();
    expect(await s().save()).toBe('saved'); // saving after undo uses the current version, no false conflict
    expect(calls[1]!.body!.version).toBe(2);
  });

  it('sets saving during the call and clears it 500 ms after it settles', async () => {
    let release!: () => void;
    responder = (call) =>
      new Promise((resolve) => {
        release = () => resolve({ status: 200, body: { ...serverPage, ...(call.body as object), version: 2 } });
      });
    const pending = s().save();
    expect(s().saving).toBe(true);
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    expect(await pending).toBe('saved');
    expect(s().saving).toBe(true);
    vi.advanceTimersByTime(SAVE_INDICATOR_MS - 1);
    expect(s().saving).toBe(true);
    vi.advanceTimersByTime(1);
    expect(s().saving).toBe(false);
  });

  it('keeps edits made while the save runs (still dirty, on the new version)', async () => {
    let release!: () => void;
    responder = (call) =>
      new Promise((resolve) => {
        release = () => resolve({ status: 200, body: { ...serverPage, ...(call.body as object), version: 2 } });
      });
    s().updateProperties('t0', { text: 'first' });
    const pending = s().save();
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    s().updateProperties('t0', { text: 'second' });
    release();
    await pending;
    expect(blockIndex(s().page!.blocks).get('t0')!.properties.text).toBe('second');
    expect(s().page!.version).toBe(2);
    expect(s().dirty).toBe(true);
  });

  it('reports a stale version as a conflict; reload replaces the working copy and clears history', async () => {
    serverPage = { ...serverPage, version: 5, blocks: serverPage.blocks.map((b, i) => (i === 2 ? { ...b, properties: { ...b.properties, text: 'Theirs' } } : b)) };
    s().updateProperties('t0', { text: 'Mine' });
    expect(await s().save()).toBe('conflict');
    expect(s().conflict?.message).toMatch(/changed by someone else/);
    expect(s().dirty).toBe(true);
    const unchanged = s().page!.blocks[1];
    await s().reloadFromServer();
    expect(s().conflict).toBeNull();
    expect(s().page!.version).toBe(5);
    expect(s().page!.blocks.map((b) => b.properties.text)).toEqual(['Block 0', 'Block 1', 'Theirs']);
    expect(s().page!.blocks[1]).toBe(unchanged); // identical blocks keep identity
    expect(s().dirty).toBe(false);
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });

  it('overwrites: fetches the current version and saves our working copy with it', async () => {
    serverPage = { ...serverPage, version: 9 };
    s().updateProperties('t0', { text: 'Mine' });
    expect(await s().save()).toBe('conflict');
    expect(await s().overwrite()).toBe('saved');
    expect(calls.map((c) => c.method)).toEqual(['PATCH', 'GET', 'PATCH']);
    expect(calls[2]!.body!.version).toBe(9);
    expect(s().conflict).toBeNull();
    expect(s().page!.version).toBe(10);
    expect(s().page!.blocks[0]!.properties.text).toBe('Mine');
    expect(s().dirty).toBe(false);
  });

  it('maps 422 to saveErrors, 402 to pro-required, 5xx and network failures to error', async () => {
    s().updateProperties('t0', { text: 'x' });
    responder = () => ({ status: 422, body: { message: 'Page failed validation', errors: { '/blocks/0/properties/text': ['too long'] } } });
    expect(await s().save()).toBe('invalid');
    expect(s().saveErrors).toEqual({ '/blocks/0/properties/text': ['too long'] });
    expect(s().saveMessage).toBe('Page failed validation');
    responder = () => ({ status: 402, body: { message: 'Pro required to save this page', errors: { '/blocks': ['HTML blocks need a Pro store'] } } });
    expect(await s().save()).toBe('pro-required');
    expect(s().saveMessage).toBe('Pro required to save this page');
    responder = () => ({ status: 503, body: { message: 'Service unavailable' } });
    expect(await s().save()).toBe('error');
    responder = () => ({ status: 0 });
    expect(await s().save()).toBe('error');
    expect(s().dirty).toBe(true);
    vi.advanceTimersByTime(SAVE_INDICATOR_MS);
    expect(s().saving).toBe(false);
    responder = (call) => ({ status: 200, body: { ...serverPage, ...(call.body as object), version: 2 } });
    expect(await s().save()).toBe('saved');
    expect(s().saveErrors).toEqual({});
    expect(s().saveMessage).toBeNull();
  });

  it('drops the answer of a save made for a page that is no longer loaded', async () => {
    let release!: () => void;
    responder = (call) =>
      new Promise((resolve) => {
        release = () => resolve({ status: 200, body: { ...serverPage, ...(call.body as object), version: 2 } });
      });
    s().updateProperties('t0', { text: 'old page edit' });
    const pending = s().save();
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    const other = textPage(1, { id: 8, url: '/other/', version: 30 });
    s().load(other, 3);
    release();
    await pending;
    expect(s().page!.id).toBe(8);
    expect(s().page!.version).toBe(30);
    expect(s().dirty).toBe(false);
  });

  it('runs overlapping saves one after the other', async () => {
    s().updateProperties('t0', { text: 'x' });
    const [a, b] = await Promise.all([s().save(), s().save()]);
    expect([a, b]).toEqual(['saved', 'saved']);
    expect(calls.map((c) => c.body?.version)).toEqual([1, 2]);
  });

  it('builds the body from the writable fields only', () => {
    const body = saveBody(serverPage, 4);
    expect(body.version).toBe(4);
    expect('id' in body || 'uuid' in body || 'divisionId' in body || 'edited' in body).toBe(false);
  });
});

describe('unsaved changes prompt', () => {
  it('asks before unload only while dirty', () => {
    let dirty = false;
    const handler = unsavedChangesHandler(() => dirty);
    const quiet = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
    handler(quiet);
    expect(quiet.defaultPrevented).toBe(false);
    dirty = true;
    const asking = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
    handler(asking);
    expect(asking.defaultPrevented).toBe(true);
  });
  it('registers the listener while dirty and removes it after', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const { rerender, unmount } = renderHook(({ dirty }) => useBeforeUnloadPrompt(dirty), { initialProps: { dirty: false } });
    expect(add.mock.calls.filter(([type]) => type === 'beforeunload')).toHaveLength(0);
    act(() => rerender({ dirty: true }));
    expect(add.mock.calls.filter(([type]) => type === 'beforeunload')).toHaveLength(1);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    unmount();
    expect(remove.mock.calls.filter(([type]) => type === 'beforeunload')).toHaveLength(1);
  });
});

describe('one Save for the page and the theme', () => {
  const themeDoc = { name: 'mocha', properties: {}, theme: 'mocha', updatedAt: null };
  it('a theme change is an unsaved change; Save writes the page, then the theme; a theme refusal keeps it unsaved', async () => {
    s().load(textPage(3), 3);
    s().loadTheme(themeDoc);
    expect(s().themeDirty).toBe(false);
    s().setTheme({ name: 'clay', overrides: {} });
    expect(s().themeDirty).toBe(true);
    expect(s().dirty).toBe(false);
    s().updateProperties('t0', { text: 'changed' });
    const base = responder;
    responder = (call) => (call.method === 'PUT' ? { status: 200, body: { ...themeDoc, name: 'clay', theme: 'clay' } } : base(call));
    const saving = s().save();
    await vi.runAllTimersAsync();
    expect(await saving).toBe('saved');
    expect(calls.map((c) => c.method)).toEqual(['PATCH', 'PUT']);
    expect(calls[1]!.url).toBe('/omnis/v3/divisions/3/theme/');
    expect(calls[1]!.body).toEqual({ name: 'clay', properties: {} });
    expect(s().dirty || s().themeDirty).toBe(false);

    // Only the theme changed: no page write; a 422 names the property and keeps the theme unsaved.
    calls = [];
    s().setTheme({ name: 'clay', overrides: { 'primary.color': 'green' } });
    responder = (call) => (call.method === 'PUT' ? { status: 422, body: { message: 'Theme failed validation', errors: { '/properties/primary.color': ['Must be a hex colour such as #1a2b3c'] } } } : base(call));
    const refused = s().save();
    await vi.runAllTimersAsync();
    expect(await refused).toBe('error');
    expect(calls.map((c) => c.method)).toEqual(['PUT']);
    expect(s().themeDirty).toBe(true);
    expect(s().saveMessage).toBe('Theme: primary.color: Must be a hex colour such as #1a2b3c');
  });

  it('another page of the same store keeps the theme draft; another store drops it', () => {
    s().load(textPage(1), 3);
    s().loadTheme(themeDoc);
    s().setTheme({ name: 'clay', overrides: {} });
    s().load(textPage(2), 3);
    expect(s().themeDraft?.name).toBe('clay');
    s().load(textPage(2), 4);
    expect(s().themeDraft).toBeNull();
  });
});
