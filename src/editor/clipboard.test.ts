// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIPBOARD_STORAGE_KEY, clearClipboardFallback, clipboardMessages, parseBlocks, readBlocks, serializeBlocks, writeBlocks } from './clipboard';
import { createEditorStore, type EditorStoreApi } from './store';
import { blockOf, pageOf, textPage } from './store/testing';
import { blockIndex } from './store/share';

let store: EditorStoreApi;
const s = () => store.getState();
const topUids = () => s().page!.blocks.map((b) => b.uid);

/** A system clipboard that holds text like the browser's. */
function fakeClipboard(options: { denyRead?: boolean; denyWrite?: boolean } = {}) {
  let text = '';
  const clipboard = {
    writeText: vi.fn(async (value: string) => {
      if (options.denyWrite) throw new DOMException('denied', 'NotAllowedError');
      text = value;
    }),
    readText: vi.fn(async () => {
      if (options.denyRead) throw new DOMException('denied', 'NotAllowedError');
      return text;
    }),
    set: (value: string) => (text = value),
  };
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  return clipboard;
}
const noClipboard = () => Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });

beforeEach(() => {
  clearClipboardFallback();
  noClipboard();
  store = createEditorStore();
  s().load(pageOf([blockOf('textBlock', 't0', { text: 'Block 0' }), blockOf('row', 'row', {}, [blockOf('button', 'btn')]), blockOf('textBlock', 't2')]), 3);
});
afterEach(() => noClipboard());

describe('clipboard format', () => {
  it('round-trips {"pod-blocks":1,"blocks":[…]} and rejects anything else', () => {
    const text = serializeBlocks([{ uid: 'a', type: 'textBlock' }]);
    expect(JSON.parse(text)).toEqual({ 'pod-blocks': 1, blocks: [{ uid: 'a', type: 'textBlock' }] });
    expect(parseBlocks(text)).toEqual([{ uid: 'a', type: 'textBlock' }]);
    for (const other of ['', 'hello', '{"pod-blocks":2,"blocks":[]}', '{"blocks":[]}', '{"pod-blocks":1,"blocks":{}}', 'null', '[1]']) expect(parseBlocks(other)).toBeNull();
    expect(parseBlocks(null)).toBeNull();
  });
  it('uses the system clipboard when available', async () => {
    const clipboard = fakeClipboard();
    await writeBlocks([{ uid: 'a', type: 'textBlock' }]);
    expect(clipboard.writeText).toHaveBeenCalledOnce();
    expect(await readBlocks()).toEqual([{ uid: 'a', type: 'textBlock' }]);
    clipboard.set('plain text copied elsewhere');
    expect(await readBlocks()).toBeNull(); // the system clipboard wins when readable
  });
  it('falls back to localStorage (other tabs) and memory when the clipboard is missing or refused', async () => {
    fakeClipboard({ denyRead: true, denyWrite: true });
    await writeBlocks([{ uid: 'a', type: 'textBlock' }]);
    expect(localStorage.getItem(CLIPBOARD_STORAGE_KEY)).toContain('pod-blocks');
    expect(await readBlocks()).toEqual([{ uid: 'a', type: 'textBlock' }]);
    // Another tab wrote the shared copy.
    localStorage.setItem(CLIPBOARD_STORAGE_KEY, serializeBlocks([{ uid: 'other-tab', type: 'button' }]));
    expect(await readBlocks()).toEqual([{ uid: 'other-tab', type: 'button' }]);
    // Storage cleared: this tab's memory copy remains.
    localStorage.removeItem(CLIPBOARD_STORAGE_KEY);
    expect(await readBlocks()).toEqual([{ uid: 'a', type: 'textBlock' }]);
  });
});

describe('copy, cut and paste through the store', () => {
  it('copies and pastes a block with new uids as one history step, selecting it', async () => {
    await s().copy('row');
    const uids = await s().paste({ parentUid: null, index: 3 });
    expect(uids).toHaveLength(1);
    const pasted = blockIndex(s().page!.blocks).get(uids[0]!)!;
    expect(pasted.type).toBe('row');
    expect(pasted.uid).not.toBe('row');
    expect(pasted.items[0]!.uid).not.toBe('btn');
    expect(pasted.items[0]!.type).toBe('button');
    expect(topUids()).toEqual(['t0', 'row', 't2', uids[0]]);
    expect(s().page!.blocks.map((b) => b.order)).toEqual([0, 1, 2, 3]);
    expect(s().selectedUid).toBe(uids[0]);
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    expect(s().notice).toBe('Pasted 1 block');
  });
  it('upgrades blocks copied under an older schema version (another tab before an upgrade) and refuses newer ones', async () => {
    localStorage.setItem(CLIPBOARD_STORAGE_KEY, serializeBlocks([{ uid: 'old', type: 'button', properties: { text: 'Old', primary: 1 } }]));
    const [uid] = await s().paste({ parentUid: null, index: 0 });
    const pasted = blockIndex(s().page!.blocks).get(uid!)!;
    expect(pasted).toMatchObject({ type: 'button', schemaVersion: 2, properties: { text: 'Old', buttonStyle: 'primary' } });
    expect(pasted.properties).not.toHaveProperty('primary');
    expect(s().invalid[uid!]).toBeUndefined();

    localStorage.setItem(CLIPBOARD_STORAGE_KEY, serializeBlocks([{ uid: 'new', type: 'button', schemaVersion: 3, properties: {} }]));
    expect(await s().paste({ parentUid: null, index: 0 })).toEqual([]);
    expect(s().notice).toBe(clipboardMessages.invalid);
  });
  it('pastes between pages (the copy outlives a load) and twice gives distinct uids', async () => {
    await s().copy('t0');
    s().load(textPage(1), 3);
    const a = await s().paste({ parentUid: null, index: 1 });
    const b = await s().paste({ parentUid: null, index: 1 });
    expect(a[0]).not.toBe(b[0]);
    expect(s().page!.blocks.map((x) => x.properties.text)).toEqual(['Block 0', 'Block 0', 'Block 0']);
  });
  it('cuts: copies then removes (one step), not the fixed slideshow', async () => {
    await s().cut('t2');
    expect(topUids()).toEqual(['t0', 'row']);
    const [uid] = await s().paste({ parentUid: 'row', index: 0 });
    expect(blockIndex(s().page!.blocks).get('row')!.items.map((b) => b.uid)).toEqual([uid, 'btn']);
    s().load(pageOf([blockOf('slideshow', 'show'), blockOf('textBlock', 'x')]), 3);
    await s().cut('show');
    expect(topUids()).toEqual(['show', 'x']);
    expect(s().notice).toMatch(/fixed/);
  });
  it('refuses to paste where the blocks are not allowed', async () => {
    s().load(pageOf([blockOf('slideshow', 'show', {}, [blockOf('slide', 's1')]), blockOf('textBlock', 'x')]), 3);
    await s().copy('x');
    expect(await s().paste({ parentUid: 'show', index: 0 })).toEqual([]);
    expect(s().notice).toBe(clipboardMessages.notAllowed);
    expect(await s().paste({ parentUid: null, index: 0 })).toEqual([]); // above the fixed slideshow
    expect(await s().paste({ parentUid: 'x', index: 0 })).toEqual([]); // not a container
    await s().copy('s1');
    expect(await s().paste({ parentUid: 'show', index: 1 })).toHaveLength(1); // a slide goes into a slideshow
    // a mail page refuses storefront-only types
    await s().copy('show');
    s().load(textPage(1, { layout: 'mail' }), 3);
    expect(await s().paste({ parentUid: null, index: 1 })).toEqual([]);
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });
  it('refuses invalid clipboard content with a message, and says when there is nothing to paste', async () => {
    expect(await s().paste({ parentUid: null, index: 0 })).toEqual([]);
    expect(s().notice).toBe(clipboardMessages.empty);
    localStorage.setItem(CLIPBOARD_STORAGE_KEY, serializeBlocks([{ uid: 'z', type: 'noSuchType' }]));
    expect(await s().paste({ parentUid: null, index: 0 })).toEqual([]);
    expect(s().notice).toBe(clipboardMessages.invalid);
    localStorage.setItem(CLIPBOARD_STORAGE_KEY, serializeBlocks([{ uid: 'z', type: 'textBlock', size: { x: 1, y: 1 } }]));
    expect(await s().paste({ parentUid: null, index: 0 })).toEqual([]);
    localStorage.setItem(CLIPBOARD_STORAGE_KEY, serializeBlocks([{ uid: 'z', type: 'row', items: [{ uid: 'z1', type: 'nope' }] }]));
    expect(await s().paste({ parentUid: null, index: 0 })).toEqual([]);
    expect(topUids()).toEqual(['t0', 'row', 't2']);
    s().clearNotice();
    expect(s().notice).toBeNull();
  });
  it('fills defaults of minimal pasted blocks (e.g. from another tool)', async () => {
    localStorage.setItem(CLIPBOARD_STORAGE_KEY, serializeBlocks([{ uid: 'z', type: 'button' }, { uid: 'y', type: 'textBlock', properties: { text: 'Hi' } }]));
    const uids = await s().paste({ parentUid: null, index: 1 });
    expect(uids).toHaveLength(2);
    expect(topUids().slice(1, 3)).toEqual(uids);
    const button = blockIndex(s().page!.blocks).get(uids[0]!)!;
    expect(button.size).toEqual({ x: 6, y: 6 });
    expect(button.properties.text).toBe('Button Text');
    expect(s().notice).toBe('Pasted 2 blocks');
  });
});
