import { describe, expect, it } from 'vitest';
import {
  canContain,
  canPlaceAt,
  cloneWithNewUids,
  duplicate,
  findBlock,
  findParent,
  insertAt,
  isFixedBlock,
  isWithin,
  locate,
  moveTo,
  removeByUid,
  renumber,
  renumbered,
  updateBlock,
  upsertBlocks,
  walkBlocks,
  type EditableBlock,
  type MetaOf,
} from './tree';

const META: Record<string, { container: { accepts: string[] } | null }> = {
  row: { container: { accepts: ['*'] } },
  grid: { container: { accepts: ['*'] } },
  slideshow: { container: { accepts: ['slide'] } },
  slide: { container: { accepts: ['*'] } },
  tabs: { container: { accepts: ['_tab'] } },
  textBlock: { container: null },
  banner: { container: null },
};
const metaOf: MetaOf = (type) => META[type];

type B = EditableBlock & { items: B[]; order: number; properties?: Record<string, unknown>; id?: number };
const b = (uid: string, type = 'textBlock', items: B[] = []): B => ({ uid, type, order: 0, items });
const tree = (...blocks: B[]) => renumber(blocks);
const freezeDeep = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(freezeDeep);
    Object.freeze(value);
  }
  return value;
};
const uids = (blocks: readonly EditableBlock[]) => blocks.map((x) => x.uid);
const orders = (blocks: readonly EditableBlock[]) => blocks.map((x) => x.order);
const allOrdersMatch = (blocks: readonly EditableBlock[]): boolean =>
  blocks.every((x, i) => x.order === i && allOrdersMatch(x.items ?? []));

/** a, row(r1, r2), c — frozen like immer state, so any mutation throws. */
const sample = () => freezeDeep(tree(b('a'), b('row', 'row', [b('r1'), b('r2')]), b('c')));

describe('renumber and walkBlocks (existing)', () => {
  it('still renumbers in place and walks depth first', () => {
    const blocks = [b('x'), b('y', 'row', [b('y1'), b('y2')])];
    blocks[0]!.order = 5;
    renumber(blocks);
    expect(orders(blocks)).toEqual([0, 1]);
    expect(orders(blocks[1]!.items)).toEqual([0, 1]);
    expect(uids([...walkBlocks(blocks)])).toEqual(['x', 'y', 'y1', 'y2']);
  });
});

describe('find', () => {
  const blocks = sample();
  it('finds blocks at any depth by uid', () => {
    expect(findBlock(blocks, 'r2')?.uid).toBe('r2');
    expect(findBlock(blocks, 'c')?.uid).toBe('c');
    expect(findBlock(blocks, 'nope')).toBeUndefined();
  });
  it('finds the parent, siblings and index', () => {
    const top = findParent(blocks, 'c')!;
    expect(top.parent).toBeNull();
    expect(top.index).toBe(2);
    const inner = findParent(blocks, 'r2')!;
    expect(inner.parent?.uid).toBe('row');
    expect(inner.index).toBe(1);
    expect(uids(inner.siblings)).toEqual(['r1', 'r2']);
    expect(findParent(blocks, 'nope')).toBeUndefined();
  });
  it('locates a block and tells ancestry', () => {
    expect(locate(blocks, 'r1')).toEqual({ parentUid: 'row', index: 0 });
    expect(locate(blocks, 'a')).toEqual({ parentUid: null, index: 0 });
    expect(locate(blocks, 'zz')).toBeUndefined();
    expect(isWithin(blocks, 'r1', 'row')).toBe(true);
    expect(isWithin(blocks, 'row', 'row')).toBe(true);
    expect(isWithin(blocks, 'a', 'row')).toBe(false);
    expect(isWithin(blocks, 'a', 'missing')).toBe(false);
  });
});

describe('canContain', () => {
  it('follows container.accepts with "*" for any non-pseudo type', () => {
    expect(canContain('row', 'textBlock', metaOf)).toBe(true);
    expect(canContain('row', 'row', metaOf)).toBe(true);
    expect(canContain('slideshow', 'slide', metaOf)).toBe(true);
    expect(canContain('slideshow', 'textBlock', metaOf)).toBe(false);
  });
  it('refuses non-containers, unknown parents and unknown children', () => {
    expect(canContain('textBlock', 'banner', metaOf)).toBe(false);
    expect(canContain('mystery', 'banner', metaOf)).toBe(false);
    expect(canContain('row', 'mystery', metaOf)).toBe(false);
    expect(canContain(null, 'mystery', metaOf)).toBe(false);
    expect(canContain('row', '', metaOf)).toBe(false);
  });
  it('places pseudo types only where a container names them', () => {
    expect(canContain('row', '_tab', metaOf)).toBe(false);
    expect(canContain('row', 'shadow_', metaOf)).toBe(false);
    expect(canContain('tabs', '_tab', metaOf)).toBe(true);
    expect(canContain('tabs', 'textBlock', metaOf)).toBe(false);
    expect(canContain(null, '_tab', metaOf)).toBe(false);
  });
  it('lets the page top level hold any known non-pseudo type', () => {
    expect(canContain(null, 'textBlock', metaOf)).toBe(true);
    expect(canContain(null, 'slideshow', metaOf)).toBe(true);
  });
});

describe('insertAt', () => {
  it('inserts at the top level without touching the input, renumbering and sharing unchanged blocks', () => {
    const blocks = sample();
    const next = insertAt(blocks, b('new'), { parentUid: null, index: 1 }, metaOf)!;
    expect(uids(next)).toEqual(['a', 'new', 'row', 'c']);
    expect(allOrdersMatch(next)).toBe(true);
    expect(uids(blocks)).toEqual(['a', 'row', 'c']); // input untouched
    expect(next[0]).toBe(blocks[0]); // order unchanged: same object
    expect(next[2]).not.toBe(blocks[1]); // order changed: copied
    expect(next[2]!.items![0]).toBe(blocks[1]!.items[0]); // its children are shared
  });
  it('inserts into containers and clamps the index', () => {
    const blocks = sample();
    const first = insertAt(blocks, b('n1'), { parentUid: 'row', index: 0 }, metaOf)!;
    expect(uids(findBlock(first, 'row')!.items!)).toEqual(['n1', 'r1', 'r2']);
    expect(first[0]).toBe(blocks[0]);
    expect(first[2]).toBe(blocks[2]);
    const end = insertAt(blocks, b('n2'), { parentUid: 'row', index: 99 }, metaOf)!;
    expect(uids(findBlock(end, 'row')!.items!)).toEqual(['r1', 'r2', 'n2']);
    const negative = insertAt(blocks, b('n3'), { parentUid: null, index: -4 }, metaOf)!;
    expect(uids(negative)[0]).toBe('n3');
    expect(allOrdersMatch(negative)).toBe(true);
  });
  it('refuses a missing parent, a non-container, a type the container does not accept and duplicate uids', () => {
    const blocks = sample();
    expect(insertAt(blocks, b('n'), { parentUid: 'missing', index: 0 }, metaOf)).toBeNull();
    expect(insertAt(blocks, b('n'), { parentUid: 'a', index: 0 }, metaOf)).toBeNull();
    const shows = freezeDeep(tree(b('s', 'slideshow', [b('s1', 'slide')])));
    expect(insertAt(shows, b('n'), { parentUid: 's', index: 0 }, metaOf)).toBeNull();
    expect(insertAt(shows, b('s2', 'slide'), { parentUid: 's', index: 1 }, metaOf)).not.toBeNull();
    expect(insertAt(blocks, b('r1'), { parentUid: null, index: 0 }, metaOf)).toBeNull();
  });
  it('inserts mechanically without metaOf (parent must still exist)', () => {
    const blocks = sample();
    expect(insertAt(blocks, b('n'), { parentUid: 'a', index: 0 })).not.toBeNull();
    expect(insertAt(blocks, b('n'), { parentUid: 'zz', index: 0 })).toBeNull();
  });
  it('never puts anything above a fixed slideshow at order 0', () => {
    const blocks = freezeDeep(tree(b('s', 'slideshow'), b('a')));
    expect(insertAt(blocks, b('n'), { parentUid: null, index: 0 }, metaOf)).toBeNull();
    expect(uids(insertAt(blocks, b('n'), { parentUid: null, index: 1 }, metaOf)!)).toEqual(['s', 'n', 'a']);
  });
});

describe('removeByUid', () => {
  it('removes a block with its children and renumbers the siblings', () => {
    const blocks = sample();
    const next = removeByUid(blocks, 'row')!;
    expect(uids(next)).toEqual(['a', 'c']);
    expect(orders(next)).toEqual([0, 1]);
    expect(next[0]).toBe(blocks[0]);
    const inner = removeByUid(blocks, 'r1')!;
    expect(uids(findBlock(inner, 'row')!.items!)).toEqual(['r2']);
    expect(findBlock(inner, 'r2')!.order).toBe(0);
    expect(inner[0]).toBe(blocks[0]);
    expect(inner[2]).toBe(blocks[2]);
  });
  it('refuses a missing block and the fixed slideshow at order 0', () => {
    const blocks = freezeDeep(tree(b('s', 'slideshow', [b('s1', 'slide')]), b('a'), b('s2', 'slideshow')));
    expect(removeByUid(blocks, 'zz')).toBeNull();
    expect(isFixedBlock(blocks, 's')).toBe(true);
    expect(removeByUid(blocks, 's')).toBeNull();
    expect(removeByUid(blocks, 's1')).not.toBeNull(); // its slides are not fixed
    expect(isFixedBlock(blocks, 's2')).toBe(false); // only the first block is fixed
    expect(uids(removeByUid(blocks, 's2')!)).toEqual(['s', 'a']);
  });
});

describe('moveTo', () => {
  it('reorders within a list (index = position after the move) and flags the moved block', () => {
    const blocks = sample();
    const down = moveTo(blocks, 'a', { parentUid: null, index: 2 }, metaOf)!;
    expect(uids(down)).toEqual(['row', 'c', 'a']);
    expect(allOrdersMatch(down)).toBe(true);
    expect(findBlock(down, 'a')!.flags?.reordered).toBe(true);
    expect(findBlock(down, 'c')!.flags?.reordered).toBeUndefined();
    const up = moveTo(blocks, 'c', { parentUid: null, index: 0 }, metaOf)!;
    expect(uids(up)).toEqual(['c', 'a', 'row']);
    expect(blocks[0]!.flags).toBeUndefined(); // the input is untouched
  });
  it('returns null when the block would not move', () => {
    const blocks = sample();
    expect(moveTo(blocks, 'a', { parentUid: null, index: 0 }, metaOf)).toBeNull();
    expect(moveTo(blocks, 'c', { parentUid: null, index: 50 }, metaOf)).toBeNull();
  });
  it('moves into and out of containers', () => {
    const blocks = sample();
    const into = moveTo(blocks, 'a', { parentUid: 'row', index: 1 }, metaOf)!;
    expect(uids(into)).toEqual(['row', 'c']);
    expect(uids(findBlock(into, 'row')!.items!)).toEqual(['r1', 'a', 'r2']);
    expect(allOrdersMatch(into)).toBe(true);
    expect(findBlock(into, 'a')!.flags?.reordered).toBe(true);
    const out = moveTo(blocks, 'r2', { parentUid: null, index: 0 }, metaOf)!;
    expect(uids(out)).toEqual(['r2', 'a', 'row', 'c']);
    expect(uids(findBlock(out, 'row')!.items!)).toEqual(['r1']);
    expect(allOrdersMatch(out)).toBe(true);
  });
  it('moves between containers, keeping the moved block children', () => {
    const blocks = freezeDeep(tree(b('row1', 'row', [b('x'), b('inner', 'row', [b('i1')])]), b('row2', 'row', [b('y')])));
    const next = moveTo(blocks, 'inner', { parentUid: 'row2', index: 0 }, metaOf)!;
    expect(uids(findBlock(next, 'row1')!.items!)).toEqual(['x']);
    expect(uids(findBlock(next, 'row2')!.items!)).toEqual(['inner', 'y']);
    expect(findBlock(next, 'i1')).toBe(findBlock(blocks, 'i1')); // children keep identity
  });
  it('refuses moves into itself or its own children, into non-containers or where not accepted', () => {
    const blocks = freezeDeep(tree(b('row', 'row', [b('inner', 'row')]), b('a'), b('show2', 'slideshow', [b('sl', 'slide')])));
    expect(moveTo(blocks, 'row', { parentUid: 'row', index: 0 }, metaOf)).toBeNull();
    expect(moveTo(blocks, 'row', { parentUid: 'inner', index: 0 }, metaOf)).toBeNull();
    expect(moveTo(blocks, 'row', { parentUid: 'a', index: 0 }, metaOf)).toBeNull();
    expect(moveTo(blocks, 'a', { parentUid: 'show2', index: 0 }, metaOf)).toBeNull();
    expect(moveTo(blocks, 'a', { parentUid: 'missing', index: 0 }, metaOf)).toBeNull();
    expect(moveTo(blocks, 'missing', { parentUid: null, index: 0 }, metaOf)).toBeNull();
    expect(moveTo(blocks, 'sl', { parentUid: null, index: 0 }, metaOf)).not.toBeNull(); // a slide may stand alone
  });
  it('keeps a slideshow at order 0 fixed: it cannot move and nothing moves above it', () => {
    const blocks = freezeDeep(tree(b('s', 'slideshow'), b('a'), b('c')));
    expect(moveTo(blocks, 's', { parentUid: null, index: 1 }, metaOf)).toBeNull();
    expect(moveTo(blocks, 'c', { parentUid: null, index: 0 }, metaOf)).toBeNull();
    expect(uids(moveTo(blocks, 'c', { parentUid: null, index: 1 }, metaOf)!)).toEqual(['s', 'c', 'a']);
    expect(canPlaceAt(blocks, 'textBlock', { parentUid: null, index: 0 }, metaOf)).toBe(false);
    expect(canPlaceAt(blocks, 'textBlock', { parentUid: null, index: 1 }, metaOf)).toBe(true);
  });
  it('moves a slideshow that is not first freely (it is fixed only at order 0)', () => {
    const blocks = freezeDeep(tree(b('a'), b('s', 'slideshow')));
    expect(uids(moveTo(blocks, 's', { parentUid: null, index: 0 }, metaOf)!)).toEqual(['s', 'a']);
  });
});

describe('duplicate and clone', () => {
  it('deep copies with fresh uids right after the original', () => {
    const blocks = sample();
    let n = 0;
    const result = duplicate(blocks, 'row', () => `new${n++}`)!;
    expect(uids(result.blocks)).toEqual(['a', 'row', 'new0', 'c']);
    expect(result.uid).toBe('new0');
    const copy = findBlock(result.blocks, 'new0')!;
    expect(uids(copy.items!)).toEqual(['new1', 'new2']);
    expect(copy.items![0]).not.toBe(findBlock(blocks, 'r1'));
    expect(allOrdersMatch(result.blocks)).toBe(true);
    expect(result.blocks[1]).toBe(blocks[1]); // the original keeps its identity
  });
  it('duplicates inside containers and refuses a missing block', () => {
    const blocks = sample();
    const result = duplicate(blocks, 'r1', () => 'dup')!;
    expect(uids(findBlock(result.blocks, 'row')!.items!)).toEqual(['r1', 'dup', 'r2']);
    expect(duplicate(blocks, 'zz', () => 'x')).toBeNull();
  });
  it('gives clones fresh uids, drops ids and the reordered flag, and leaves the original alone', () => {
    const original = freezeDeep({ ...b('o', 'row', [b('o1')]), id: 5, flags: { reordered: true }, properties: { text: 'hi' } });
    const clone = cloneWithNewUids(original, (() => {
      let i = 0;
      return () => `c${i++}`;
    })());
    expect(clone.uid).toBe('c0');
    expect(clone.items[0]!.uid).toBe('c1');
    expect('id' in clone).toBe(false);
    expect(clone.flags?.reordered).toBe(false);
    expect(clone.properties).toEqual({ text: 'hi' });
    expect(clone.properties).not.toBe(original.properties);
  });
});

describe('updateBlock and renumbered', () => {
  it('replaces one block by uid and copies only its path', () => {
    const blocks = sample();
    const next = updateBlock(blocks, 'r2', (x) => ({ ...x, properties: { text: 'changed' } }))!;
    expect(findBlock(next, 'r2')!.properties).toEqual({ text: 'changed' });
    expect(next[0]).toBe(blocks[0]);
    expect(next[2]).toBe(blocks[2]);
    expect(findBlock(next, 'r1')).toBe(findBlock(blocks, 'r1'));
    expect(next[1]).not.toBe(blocks[1]);
    expect(updateBlock(blocks, 'zz', (x) => x)).toBeNull();
    expect(updateBlock(blocks, 'r2', (x) => x)).toBe(blocks); // no change: same array
  });
  it('renumbers without mutating and copies only renumbered blocks', () => {
    const blocks = freezeDeep([{ ...b('a'), order: 0 }, { ...b('b'), order: 5 }, { ...b('r', 'row', [{ ...b('r1'), order: 3 }]), order: 2 }]);
    const next = renumbered(blocks);
    expect(allOrdersMatch(next)).toBe(true);
    expect(next[0]).toBe(blocks[0]);
    expect(next[1]).not.toBe(blocks[1]);
    expect(next[2]!.items![0]!.order).toBe(0);
  });
});

describe('upsertBlocks (editor mode update blocks)', () => {
  it('replaces by uid wherever the block is and inserts new ones at their order, then renumbers', () => {
    const blocks = sample();
    const result = upsertBlocks(blocks, [
      { ...b('r1'), properties: { text: 'replaced' } },
      { ...b('n1'), order: 0 },
      { ...b('n2'), order: 99 },
      { uid: 'n3', type: 'textBlock' } as B,
    ]);
    expect(result.replaced).toEqual(['r1']);
    expect(result.inserted).toEqual(['n1', 'n2', 'n3']);
    expect(uids(result.blocks)).toEqual(['n1', 'a', 'row', 'c', 'n2', 'n3']);
    expect(findBlock(result.blocks, 'r1')!.properties).toEqual({ text: 'replaced' });
    expect(allOrdersMatch(result.blocks)).toBe(true);
    expect(uids(blocks)).toEqual(['a', 'row', 'c']);
  });
});
