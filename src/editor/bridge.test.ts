import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { createEditorBridge, bridgeMessages, type BridgePagesApi, type BridgeReply } from './bridge';
import { createEditorStore, type EditorStoreApi } from './store';
import { textPage } from './store/testing';
import type { PageDocument } from '../core/storeData';

const EDITOR = 'https://outside-editor.example';
let store: EditorStoreApi;
let other: PageDocument;
let pages: BridgePagesApi & { [K in keyof BridgePagesApi]: ReturnType<typeof vi.fn> };
let bridge: ReturnType<typeof createEditorBridge>;

/** A fake MessageEvent whose source records the replies. */
function message(data: unknown, origin = EDITOR) {
  const replies: { reply: BridgeReply; targetOrigin: string }[] = [];
  const source = { postMessage: (reply: BridgeReply, targetOrigin: string) => replies.push({ reply, targetOrigin }) };
  return { event: { data, origin, source } as unknown as MessageEvent, replies };
}
async function send(data: unknown, origin = EDITOR) {
  const { event, replies } = message(data, origin);
  await bridge.handle(event);
  return replies;
}

beforeEach(() => {
  store = createEditorStore();
  store.getState().load(textPage(3), 3);
  other = textPage(2, { id: 8, url: '/other/', version: 4 });
  pages = {
    fetch: vi.fn(async (_division: number, pageId: number) => {
      if (pageId === 8) return structuredClone(other);
      throw new ApiError(404, 'Page not found');
    }),
    patch: vi.fn(async (_division: number, _pageId: number, body: Record<string, unknown>) => ({ ...other, ...body, version: (body.version as number) + 1 }) as PageDocument),
    create: vi.fn(async (_division: number, body: Record<string, unknown>) => ({ ...textPage(0), id: 99, ...body }) as PageDocument),
  } as never;
  bridge = createEditorBridge({ allowedOrigins: [EDITOR], store, pages, target: { addEventListener: vi.fn(), removeEventListener: vi.fn() } });
});

describe('origins and envelopes', () => {
  it('ignores messages from origins that are not configured', async () => {
    expect(await send({ type: 'pod:fetch-page', requestId: 1 }, 'https://evil.example')).toEqual([]);
    expect(await send({ type: 'pod:update-blocks', requestId: 1, blocks: [{ uid: 't0', type: 'textBlock', properties: { text: 'pwned' } }] }, 'null')).toEqual([]);
    expect(store.getState().page!.blocks[0]!.properties.text).toBe('Block 0');
  });
  it('ignores foreign and unanswerable messages, answers unknown pod: types', async () => {
    expect(await send('hello')).toEqual([]);
    expect(await send({ type: 'other:thing', requestId: 1 })).toEqual([]);
    expect(await send({ type: 'pod:fetch-page' })).toEqual([]);
    const [unknown] = await send({ type: 'pod:explode', requestId: 'r' });
    expect(unknown!.reply).toEqual({ type: 'pod:explode:result', requestId: 'r', ok: false, message: bridgeMessages.unknownType });
  });
  it('replies to event.source at the sender origin with the same requestId', async () => {
    const [answer] = await send({ type: 'pod:fetch-page', requestId: 'abc-1' });
    expect(answer!.targetOrigin).toBe(EDITOR);
    expect(answer!.reply).toMatchObject({ type: 'pod:fetch-page:result', requestId: 'abc-1', ok: true });
  });
  it('listens on the target and stops on dispose', () => {
    const target = { addEventListener: vi.fn(), removeEventListener: vi.fn() };
    const b = createEditorBridge({ allowedOrigins: [EDITOR], store, pages, target });
    expect(target.addEventListener).toHaveBeenCalledWith('message', expect.any(Function));
    b.dispose();
    expect(target.removeEventListener).toHaveBeenCalledWith('message', target.addEventListener.mock.calls[0]![1]);
  });
});

describe('pod:fetch-page', () => {
  it('returns the working copy of the open page (by default or by id)', async () => {
    store.getState().updateProperties('t0', { text: 'unsaved' });
    const [open] = await send({ type: 'pod:fetch-page', requestId: 1 });
    expect(open!.reply.ok && open!.reply.page.blocks[0]!.properties.text).toBe('unsaved');
    const [byId] = await send({ type: 'pod:fetch-page', requestId: 2, pageId: 7 });
    expect(byId!.reply.ok && byId!.reply.page.id).toBe(7);
    expect(pages.fetch).not.toHaveBeenCalled();
  });
  it('fetches other pages through the pages API', async () => {
    const [answer] = await send({ type: 'pod:fetch-page', requestId: 3, pageId: 8 });
    expect(answer!.reply.ok && answer!.reply.page.url).toBe('/other/');
    expect(pages.fetch).toHaveBeenCalledWith(3, 8);
  });
  it('answers Page not found for a missing page', async () => {
    for (const pageId of [404, -1, 'x']) {
      const [answer] = await send({ type: 'pod:fetch-page', requestId: 4, pageId });
      expect(answer!.reply).toEqual({ type: 'pod:fetch-page:result', requestId: 4, ok: false, message: 'Page not found' });
    }
    const empty = createEditorStore();
    const b = createEditorBridge({ allowedOrigins: [EDITOR], store: empty, pages, divisionId: 3, target: { addEventListener: vi.fn(), removeEventListener: vi.fn() } });
    const { event, replies } = message({ type: 'pod:fetch-page', requestId: 5 });
    await b.handle(event);
    expect(replies[0]!.reply).toMatchObject({ ok: false, message: 'Page not found' });
  });
});

describe('pod:update-blocks', () => {
  it('replaces by uid or inserts at order in the open page, renumbers, as one undo step', async () => {
    const [answer] = await send({
      type: 'pod:update-blocks',
      requestId: 6,
      blocks: [
        { uid: 't2', type: 'textBlock', properties: { text: 'Replaced' } },
        { uid: 'fresh', type: 'button', order: 1, properties: { text: 'Buy' } },
      ],
    });
    expect(answer!.reply).toMatchObject({ ok: true, replaced: ['t2'], inserted: ['fresh'] });
    const blocks = store.getState().page!.blocks;
    expect(blocks.map((b) => [b.uid, b.order])).toEqual([['t0', 0], ['fresh', 1], ['t1', 2], ['t2', 3]]);
    expect(blocks[3]!.properties.text).toBe('Replaced');
    expect(store.getState().dirty).toBe(true);
    store.getState().undo();
    expect(store.getState().page!.blocks.map((b) => b.uid)).toEqual(['t0', 't1', 't2']);
  });
  it('refuses invalid blocks with a message and changes nothing', async () => {
    const [answer] = await send({ type: 'pod:update-blocks', requestId: 7, blocks: [{ uid: 'q', type: 'noSuchType' }] });
    expect(answer!.reply.ok).toBe(false);
    expect(answer!.reply.ok === false && answer!.reply.message).toMatch(/noSuchType/);
    const [bad] = await send({ type: 'pod:update-blocks', requestId: 8, blocks: 'nope' });
    expect(bad!.reply).toMatchObject({ ok: false, message: bridgeMessages.badRequest });
    expect(store.getState().page!.blocks).toHaveLength(3);
  });
  it('updates another page through the API with its version', async () => {
    const [answer] = await send({ type: 'pod:update-blocks', requestId: 9, pageId: 8, blocks: [{ uid: 'n', type: 'textBlock', order: 0 }] });
    expect(answer!.reply.ok).toBe(true);
    const body = pages.patch.mock.calls[0]![2] as { version: number; blocks: { uid: string; order: number }[] };
    expect(pages.patch.mock.calls[0]![1]).toBe(8);
    expect(body.version).toBe(4);
    expect(body.blocks.map((b) => [b.uid, b.order])).toEqual([['n', 0], ['t0', 1], ['t1', 2]]);
  });
  it('upgrades blocks in an older schema version before sending them to another page', async () => {
    const [answer] = await send({ type: 'pod:update-blocks', requestId: 17, pageId: 8, blocks: [{ uid: 'b', type: 'button', order: 0, properties: { text: 'Go', primary: 0 } }] });
    expect(answer!.reply.ok).toBe(true);
    const body = pages.patch.mock.calls[0]![2] as { blocks: { uid: string; schemaVersion?: number; properties: Record<string, unknown> }[] };
    expect(body.blocks[0]).toMatchObject({ uid: 'b', schemaVersion: 2, properties: { text: 'Go', buttonStyle: 'secondary' } });
    expect(body.blocks[0]!.properties).not.toHaveProperty('primary');
  });
  it('answers Page not found for a missing page', async () => {
    const [answer] = await send({ type: 'pod:update-blocks', requestId: 10, pageId: 404, blocks: [] });
    expect(answer!.reply).toMatchObject({ ok: false, message: 'Page not found' });
  });
});

describe('pod:update-page and pod:create-page', () => {
  it('updates the open page through the store (allowed fields only)', async () => {
    const [answer] = await send({ type: 'pod:update-page', requestId: 11, page: { url: '/renamed/', properties: { title: 'New' }, id: 1234, version: 99 } });
    expect(answer!.reply.ok).toBe(true);
    const page = store.getState().page!;
    expect(page.url).toBe('/renamed/');
    expect(page.properties.title).toBe('New');
    expect(page.id).toBe(7);
    expect(page.version).toBe(1);
  });
  it('updates another page through the API, merging properties', async () => {
    const [answer] = await send({ type: 'pod:update-page', requestId: 12, pageId: 8, page: { properties: { description: 'D' } } });
    expect(answer!.reply.ok).toBe(true);
    expect(pages.patch.mock.calls[0]![2]).toEqual({ properties: { title: 'About', description: 'D' }, version: 4 });
    const [missing] = await send({ type: 'pod:update-page', requestId: 13, pageId: 404, page: {} });
    expect(missing!.reply).toMatchObject({ ok: false, message: 'Page not found' });
    const [bad] = await send({ type: 'pod:update-page', requestId: 14, page: 'x' });
    expect(bad!.reply).toMatchObject({ ok: false, message: bridgeMessages.badRequest });
  });
  it('creates pages through the API and passes server errors on', async () => {
    const [answer] = await send({ type: 'pod:create-page', requestId: 15, page: { url: '/new/', properties: { title: 'New' } } });
    expect(answer!.reply).toMatchObject({ ok: true, requestId: 15, page: { id: 99, url: '/new/' } });
    expect(pages.create).toHaveBeenCalledWith(3, { url: '/new/', properties: { title: 'New' } });
    pages.create.mockRejectedValueOnce(new ApiError(422, 'Page failed validation', { '/url': ['A page with this url already exists.'] }));
    const [failed] = await send({ type: 'pod:create-page', requestId: 16, page: { url: '/new/' } });
    expect(failed!.reply).toEqual({ type: 'pod:create-page:result', requestId: 16, ok: false, message: 'Page failed validation', errors: { '/url': ['A page with this url already exists.'] } });
  });
});
