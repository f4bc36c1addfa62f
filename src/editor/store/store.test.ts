import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEditorStore, EDITING_DELAY_MS, HISTORY_LIMIT, saveErrorsByUid, type EditorStoreApi } from './index';
import { blockOf, pageOf, textPage } from './testing';
import { blockIndex } from './share';
import { versionMessages } from '../../core/blocks/upgrade';

let store: EditorStoreApi;
const s = () => store.getState();
const history = () => store.temporal.getState();
const block = (uid: string) => blockIndex(s().page!.blocks).get(uid);
const topUids = () => s().page!.blocks.map((b) => b.uid);

beforeEach(() => {
  store = createEditorStore();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** slideshow(slide), t0, row(t1, t2) */
const richPage = () =>
  pageOf([
    blockOf('slideshow', 'show', {}, [blockOf('slide', 'slide1')]),
    blockOf('textBlock', 't0', { text: 'Block 0' }),
    blockOf('row', 'row', {}, [blockOf('textBlock', 't1'), blockOf('textBlock', 't2')]),
  ]);

describe('load', () => {
  it('loads a page: empty history, not dirty, nothing selected', () => {
    s().load(textPage(3), 3);
    expect(s().page?.blocks).toHaveLength(3);
    expect(s().divisionId).toBe(3);
    expect(s().dirty).toBe(false);
    expect(s().selectedUid).toBeNull();
    expect(history().pastStates).toHaveLength(0);
  });
  it('resets history, selection and errors but keeps the device', () => {
    s().load(textPage(3), 3);
    s().updateProperties('t0', { text: 'x' });
    s().select('t1');
    s().setDevice('phone');
    s().load(textPage(2), 3);
    expect(history().pastStates).toHaveLength(0);
    expect(s().selectedUid).toBeNull();
    expect(s().device).toBe('phone');
    expect(s().dirty).toBe(false);
  });
  it('validates every block on load', () => {
    const page = textPage(2);
    (page.blocks[1]!.properties as Record<string, unknown>).align = 'diagonal';
    s().load(page, 3);
    expect(Object.keys(s().invalid)).toEqual(['t1']);
  });
});

describe('insertBlock and canPlace', () => {
  it('inserts a complete block, selects it, renumbers and records one step', () => {
    s().load(textPage(3), 3);
    const uid = s().insertBlock('banner', { parentUid: null, index: 1 })!;
    expect(uid).toBeTruthy();
    const blocks = s().page!.blocks;
    expect(blocks.map((b) => b.order)).toEqual([0, 1, 2, 3]);
    expect(blocks[1]!.uid).toBe(uid);
    expect(blocks[1]!.size).toEqual({ x: 12, y: 6 });
    expect(blocks[1]!.properties.type).toBe('standard');
    expect(s().selectedUid).toBe(uid);
    expect(s().dirty).toBe(true);
    expect(history().pastStates).toHaveLength(1);
  });
  it('inserts into containers that accept the type and refuses the others without a history step', () => {
    s().load(richPage(), 3);
    expect(s().insertBlock('button', { parentUid: 'row', index: 1 })).toBeTruthy();
    expect(block('row')!.items.map((b) => b.type)).toEqual(['textBlock', 'button', 'textBlock']);
    const steps = history().pastStates.length;
    expect(s().insertBlock('textBlock', { parentUid: 'show', index: 0 })).toBeNull();
    expect(s().insertBlock('textBlock', { parentUid: 't0', index: 0 })).toBeNull();
    expect(s().insertBlock('textBlock', { parentUid: null, index: 0 })).toBeNull(); // above the fixed slideshow
    expect(s().insertBlock('noSuchType', { parentUid: null, index: 1 })).toBeNull();
    expect(s().insertBlock('_pseudo', { parentUid: null, index: 1 })).toBeNull();
    expect(history().pastStates.length).toBe(steps);
    expect(s().insertBlock('slide', { parentUid: 'show', index: 1 })).toBeTruthy();
  });
  it('checks compatibility with the page: storefront vs mail', () => {
    s().load(textPage(1), 3);
    expect(s().canPlace('feature', { parentUid: null, index: 1 })).toBe(false);
    expect(s().canPlace('slideshow', { parentUid: null, index: 1 })).toBe(true);
    s().load(textPage(1, { layout: 'mail' }), 3);
    expect(s().canPlace('feature', { parentUid: null, index: 1 })).toBe(true);
    expect(s().canPlace('slideshow', { parentUid: null, index: 1 })).toBe(false);
    expect(s().insertBlock('slideshow', { parentUid: null, index: 1 })).toBeNull();
  });
  it('does nothing without a page', () => {
    expect(s().insertBlock('textBlock', { parentUid: null, index: 0 })).toBeNull();
    expect(s().canPlace('textBlock', { parentUid: null, index: 0 })).toBe(false);
    expect(s().moveBlock('a', { parentUid: null, index: 0 })).toBe(false);
  });
});

describe('structural sharing', () => {
  it('keeps the identity of every unchanged block', () => {
    s().load(textPage(50), 3);
    const before = s().page!.blocks;
    s().updateProperties('t20', { text: 'changed' });
    const after = s().page!.blocks;
    expect(after).not.toBe(before);
    after.forEach((b, i) => (i === 20 ? expect(b).not.toBe(before[i]) : expect(b).toBe(before[i])));
    expect(after[20]!.properties.text).toBe('changed');
    expect(before[20]!.properties.text).toBe('Block 20'); // the previous state is untouched
  });
  it('freezes the pages it holds', () => {
    s().load(textPage(2), 3);
    expect(Object.isFrozen(s().page!.blocks[0])).toBe(true);
  });
  it('keeps the page object when only selection or device change', () => {
    s().load(textPage(2), 3);
    const page = s().page;
    s().select('t1');
    s().setDevice('tablet');
    expect(s().page).toBe(page);
    expect(history().pastStates).toHaveLength(0);
  });
});

describe('history', () => {
  it('makes 20 keystrokes of one gesture one undo step', () => {
    s().load(textPage(5), 3);
    for (let i = 1; i <= 20; i++) {
      s().updateProperties('t2', { text: 'Block 2'.slice(0, 1) + 'x'.repeat(i) }, 'typing-t2');
      vi.advanceTimersByTime(120);
    }
    expect(history().pastStates).toHaveLength(1);
    expect(block('t2')!.properties.text).toBe('B' + 'x'.repeat(20));
    s().undo();
    expect(block('t2')!.properties.text).toBe('Block 2');
    expect(s().dirty).toBe(false);
    s().redo();
    expect(block('t2')!.properties.text).toBe('B' + 'x'.repeat(20));
    expect(s().dirty).toBe(true);
  });
  it('starts a new step after the editing delay, for another gesture, or after a non-gesture change', () => {
    s().load(textPage(5), 3);
    s().updateProperties('t1', { text: 'a' }, 'g1');
    s().updateProperties('t1', { text: 'ab' }, 'g1');
    vi.advanceTimersByTime(EDITING_DELAY_MS + 1);
    s().updateProperties('t1', { text: 'abc' }, 'g1');
    expect(history().pastStates).toHaveLength(2);
    s().updateProperties('t1', { text: 'abcd' }, 'g2');
    expect(history().pastStates).toHaveLength(3);
    s().updateProperties('t1', { text: 'abcde' });
    s().updateProperties('t1', { text: 'abcdef' });
    expect(history().pastStates).toHaveLength(5);
  });
  it('makes a resize drag one step and clamps sizes to the schema minimum and the grids', () => {
    s().load(textPage(3), 3);
    for (const x of [11, 10, 9, 8, 7, 6, 5, 4]) s().resizeBlock('t0', { x }, 'drag-1');
    expect(history().pastStates).toHaveLength(1);
    expect(block('t0')!.size).toEqual({ x: 4, y: 6 });
    s().resizeBlock('t0', { x: 1 }, 'drag-2');
    expect(block('t0')!.size.x).toBe(3);
    s().resizeBlock('t0', { x: 40, y: 40 });
    expect(block('t0')!.size).toEqual({ x: 12, y: 6 });
    s().resizeBlock('t0', { y: 2 });
    expect(block('t0')!.size).toEqual({ x: 12, y: 3 });
    expect(history().pastStates).toHaveLength(4);
    s().undo();
    s().undo();
    expect(block('t0')!.size.x).toBe(3);
    s().undo();
    expect(block('t0')!.size).toEqual({ x: 4, y: 6 });
    s().undo();
    expect(block('t0')!.size).toEqual({ x: 12, y: 6 });
  });
  it('records no step for a change to the same value', () => {
    s().load(textPage(3), 3);
    s().updateProperties('t0', { text: 'Block 0' });
    s().resizeBlock('t0', { x: 12 });
    s().updatePage({ url: '/about/' });
    expect(history().pastStates).toHaveLength(0);
    expect(s().dirty).toBe(false);
  });
  it('does not track selection or device', () => {
    s().load(textPage(3), 3);
    s().updateProperties('t0', { text: 'x' });
    s().select('t1');
    s().setDevice('phone');
    expect(history().pastStates).toHaveLength(1);
    s().undo();
    expect(s().selectedUid).toBe('t1');
    expect(s().device).toBe('phone');
  });
  it(`keeps at least 100 steps (limit ${HISTORY_LIMIT})`, () => {
    s().load(textPage(2), 3);
    for (let i = 0; i < 150; i++) s().updateProperties('t0', { text: `v${i}` });
    expect(history().pastStates).toHaveLength(150);
    for (let i = 0; i < 150; i++) s().undo();
    expect(block('t0')!.properties.text).toBe('Block 0');
    expect(s().dirty).toBe(false);
    for (let i = 0; i < 150; i++) s().redo();
    expect(block('t0')!.properties.text).toBe('v149');
  });
  it('clears the redo stack on a new change and ends a gesture on undo', () => {
    s().load(textPage(2), 3);
    s().updateProperties('t0', { text: 'a' }, 'g');
    s().undo();
    expect(history().futureStates).toHaveLength(1);
    s().updateProperties('t0', { text: 'b' }, 'g');
    expect(history().futureStates).toHaveLength(0);
    expect(history().pastStates).toHaveLength(1);
  });
  it('clears a selection that undo removed', () => {
    s().load(textPage(2), 3);
    const uid = s().insertBlock('textBlock', { parentUid: null, index: 2 })!;
    expect(s().selectedUid).toBe(uid);
    s().undo();
    expect(s().selectedUid).toBeNull();
  });
});

describe('moves, duplicates, removal', () => {
  it('moves blocks into and out of containers, sets the reordered flag and renumbers', () => {
    s().load(richPage(), 3);
    expect(s().moveBlock('t0', { parentUid: 'row', index: 0 })).toBe(true);
    expect(topUids()).toEqual(['show', 'row']);
    expect(block('row')!.items.map((b) => [b.uid, b.order])).toEqual([['t0', 0], ['t1', 1], ['t2', 2]]);
    expect(block('t0')!.flags.reordered).toBe(true);
    expect(s().moveBlock('t2', { parentUid: null, index: 2 })).toBe(true);
    expect(topUids()).toEqual(['show', 'row', 't2']);
    expect(s().page!.blocks.map((b) => b.order)).toEqual([0, 1, 2]);
  });
  it('refuses moves that are not allowed', () => {
    s().load(richPage(), 3);
    expect(s().moveBlock('show', { parentUid: null, index: 2 })).toBe(false); // fixed slideshow
    expect(s().moveBlock('t0', { parentUid: null, index: 0 })).toBe(false); // above it
    expect(s().moveBlock('t0', { parentUid: 'show', index: 0 })).toBe(false); // slideshow takes slides only
    expect(s().moveBlock('row', { parentUid: 'row', index: 0 })).toBe(false); // into itself
    expect(history().pastStates).toHaveLength(0);
  });
  it('duplicates with new uids after the original and selects the copy', () => {
    s().load(richPage(), 3);
    const uid = s().duplicateBlock('row')!;
    expect(topUids()).toEqual(['show', 't0', 'row', uid]);
    const copy = block(uid)!;
    expect(copy.items.map((b) => b.uid)).not.toContain('t1');
    expect(copy.items).toHaveLength(2);
    expect(s().selectedUid).toBe(uid);
    expect(s().duplicateBlock('missing')).toBeNull();
  });
  it('removes blocks (not the fixed slideshow) and clears a removed selection', () => {
    s().load(richPage(), 3);
    s().select('t1');
    s().removeBlock('row');
    expect(topUids()).toEqual(['show', 't0']);
    expect(s().selectedUid).toBeNull();
    s().removeBlock('show');
    expect(topUids()).toEqual(['show', 't0']);
    s().select('t0');
    s().removeBlock('slide1');
    expect(block('show')!.items).toHaveLength(0);
    expect(s().selectedUid).toBe('t0');
  });
});

describe('properties, publishing, conditions, page', () => {
  it('merges property patches and deletes keys set to undefined', () => {
    s().load(textPage(2), 3);
    s().updateProperties('t0', { align: 'center', textColor: undefined });
    expect(block('t0')!.properties.align).toBe('center');
    expect('textColor' in block('t0')!.properties).toBe(false);
    s().updateProperties('missing', { a: 1 });
    expect(history().pastStates).toHaveLength(1);
  });
  it('validates the edited block live into invalid[uid] and follows undo', () => {
    s().load(textPage(2), 3);
    s().updateProperties('t0', { align: 'diagonal' });
    expect(s().invalid.t0?.length).toBeGreaterThan(0);
    expect(block('t0')!.properties.align).toBe('diagonal'); // the working copy keeps what was typed
    s().updateProperties('t0', { align: 'right' });
    expect(s().invalid.t0).toBeUndefined();
    s().undo();
    expect(s().invalid.t0?.length).toBeGreaterThan(0);
    s().undo();
    expect(s().invalid.t0).toBeUndefined();
  });
  it('publishes and unpublishes, and sets conditions', () => {
    s().load(textPage(2), 3);
    s().setPublished('t1', false);
    expect(block('t1')!.properties.published).toBe(false);
    expect(block('t1')!.unpublished).toBe(true);
    s().setPublished('t1', false);
    expect(history().pastStates).toHaveLength(1);
    s().setPublished('t1', true);
    expect(block('t1')!.unpublished).toBe(false);
    s().setConditions('t1', ['loggedIn']);
    expect(block('t1')!.properties.conditions).toEqual(['loggedIn']);
    s().setConditions('t1', []);
    expect('conditions' in block('t1')!.properties).toBe(false);
    expect(history().pastStates).toHaveLength(4);
  });
  it('updates page fields and merges page properties', () => {
    s().load(textPage(1), 3);
    s().updatePage({ url: '/new/', properties: { description: 'Hello' } });
    expect(s().page!.url).toBe('/new/');
    expect(s().page!.properties).toEqual({ title: 'About', description: 'Hello' });
    s().updatePage({ theme: 'punch', id: 99, version: 42 } as never);
    expect(s().page!.theme).toBe('punch');
    expect(s().page!.id).toBe(7);
    expect(s().page!.version).toBe(1);
    s().undo();
    for (const title of ['A', 'Ab', 'Abc']) s().updatePage({ properties: { title } }, 'title');
    expect(history().pastStates).toHaveLength(2);
    s().undo();
    expect(s().page!.properties.title).toBe('About');
  });
});

describe('schema versions in the open page', () => {
  it('a block saved under a newer schema version than the builder knows is shown invalid, by name', () => {
    const newer = { ...blockOf('button', 'b', { text: 'From the future' }), schemaVersion: 3 };
    s().load(pageOf([newer, blockOf('button', 'ok', { text: 'Today' })]), 3);
    expect(s().invalid).toEqual({ b: [versionMessages.newer('button', 3, 2)] });
  });
});

describe('upsertBlocks (bridge)', () => {
  it('replaces by uid, inserts at order, renumbers, one step', () => {
    s().load(textPage(3), 3);
    const result = s().upsertBlocks([
      { uid: 't1', type: 'textBlock', properties: { text: 'From outside' } },
      { uid: 'new', type: 'button', order: 0, properties: {} },
    ]);
    expect(result).toEqual({ ok: true, replaced: ['t1'], inserted: ['new'] });
    expect(topUids()).toEqual(['new', 't0', 't1', 't2']);
    expect(block('t1')!.properties.text).toBe('From outside');
    expect(block('new')!.size).toEqual({ x: 6, y: 6 });
    expect(s().page!.blocks.map((b) => b.order)).toEqual([0, 1, 2, 3]);
    expect(history().pastStates).toHaveLength(1);
  });
  it('upgrades blocks an outside editor sends in an older schema version, and refuses a newer one by name', () => {
    s().load(textPage(1), 3);
    expect(s().upsertBlocks([{ uid: 'old', type: 'button', order: 1, properties: { text: 'Old', primary: 1 } }])).toMatchObject({ ok: true, inserted: ['old'] });
    expect(block('old')).toMatchObject({ schemaVersion: 2, properties: { buttonStyle: 'primary' } });
    expect(block('old')!.properties).not.toHaveProperty('primary');
    expect(s().invalid.old).toBeUndefined();
    expect(s().upsertBlocks([{ uid: 'new', type: 'button', schemaVersion: 3, properties: {} }])).toEqual({
      ok: false,
      message: `/blocks/0/schemaVersion: ${versionMessages.newer('button', 3, 2)}`,
    });
  });
  it('refuses invalid blocks', () => {
    s().load(textPage(1), 3);
    const result = s().upsertBlocks([{ uid: 'x', type: 'nope' }]);
    expect(result.ok).toBe(false);
    expect(topUids()).toEqual(['t0']);
  });
});

describe('saveErrorsByUid', () => {
  it('maps 422 JSON paths to the deepest block', () => {
    s().load(richPage(), 3);
    expect(
      saveErrorsByUid(s().page, {
        '/blocks/2/items/1/properties/text': ['too long'],
        '/blocks/1/size/x': ['Must be at least 3 columns wide'],
        '/url': ['taken'],
        '/blocks/2/properties/spacing': ['bad'],
      }),
    ).toEqual({ t2: ['too long'], t0: ['Must be at least 3 columns wide'], page: ['taken'], row: ['bad'] });
  });
});

describe('per-device settings (updateProperties at a breakpoint)', () => {
  const bannerPage = () => pageOf([blockOf('banner', 'b', { title: 'Sale', textAlign: 'center', fontScale: 1 })]);

  it('keeps a responsive property set at phone as a phone override, one undo step, desktop untouched', () => {
    s().load(bannerPage(), 3);
    s().updateProperties('b', { textAlign: 'left' }, 'g1', 'phone');
    expect(block('b')!.properties.textAlign).toBe('center');
    expect(block('b')!.responsive).toEqual({ phone: { textAlign: 'left' } });
    expect(s().dirty).toBe(true);
    expect(history().pastStates).toHaveLength(1);
    s().undo();
    expect(block('b')!.responsive).toBeUndefined();
    s().redo();
    expect(block('b')!.responsive).toEqual({ phone: { textAlign: 'left' } });
  });

  it('changes every device for a property that is the same everywhere, in the same step', () => {
    s().load(bannerPage(), 3);
    s().updateProperties('b', { title: 'Summer', textAlign: 'right' }, 'g1', 'tablet');
    expect(block('b')!.properties).toMatchObject({ title: 'Summer', textAlign: 'center' });
    expect(block('b')!.responsive).toEqual({ tablet: { textAlign: 'right' } });
    expect(history().pastStates).toHaveLength(1);
  });

  it('resets an override (undefined): the device inherits again and the empty breakpoint goes', () => {
    s().load(bannerPage(), 3);
    s().updateProperties('b', { textAlign: 'left', fontScale: 0.5 }, 'g1', 'phone');
    s().updateProperties('b', { textAlign: undefined }, 'g2', 'phone');
    expect(block('b')!.responsive).toEqual({ phone: { fontScale: 0.5 } });
    s().updateProperties('b', { fontScale: undefined }, 'g3', 'phone');
    expect(block('b')!.responsive).toBeUndefined();
    expect('responsive' in block('b')!).toBe(false);
  });

  it('flags an invalid override by device, and clears it when fixed', () => {
    s().load(bannerPage(), 3);
    s().updateProperties('b', { fontScale: 3 }, 'g1', 'tablet');
    expect(s().invalid.b).toEqual(['Tablet: Must be at most 1']);
    s().undo();
    expect(s().invalid.b).toBeUndefined();
  });

  it('is a no-op at desktop for an unchanged value and when nothing differs', () => {
    s().load(bannerPage(), 3);
    s().updateProperties('b', { textAlign: 'center' }, 'g1', 'desktop');
    s().updateProperties('b', { textAlign: undefined }, 'g2', 'phone');
    expect(history().pastStates).toHaveLength(0);
    expect(s().dirty).toBe(false);
  });
});
