import { describe, expect, it } from 'vitest';
import { describeRevision, summariseRevision } from './revisionDiff';

interface B {
  uid: string;
  type: string;
  size: { x: number; y: number };
  properties: object;
  responsive?: object;
  items: B[];
}
const b = (uid: string, properties: object = {}, items: B[] = []): B => ({ uid, type: uid.startsWith('row') ? 'row' : 'textBlock', size: { x: 12, y: 6 }, properties, items });
const page = (blocks: B[], properties: object = { title: 'About' }) => ({ url: '/about/', layout: 'standard', published: true, sitemap: true, theme: null, properties, blocks });

describe('summariseRevision', () => {
  it('names added, removed, changed and moved blocks, and the page fields that changed', () => {
    const before = page([b('a', { text: 'A' }), b('row1', {}, [b('c'), b('d')]), b('e')]);
    const after = page([b('row1', {}, [b('d'), b('c', { text: 'C' })]), b('a', { text: 'A' }), b('f')], { title: 'About us' });
    const summary = summariseRevision(before, after);
    expect(summary.added).toEqual([{ uid: 'f', type: 'textBlock' }]);
    expect(summary.removed).toEqual([{ uid: 'e', type: 'textBlock' }]);
    expect(summary.changed).toEqual([{ uid: 'c', type: 'textBlock' }]);
    expect(summary.moved.map((m) => m.uid).sort()).toEqual(['a', 'c', 'd', 'row1']);
    expect(summary.page).toEqual(['properties']);
    expect(describeRevision(summary)).toBe('1 added · 1 removed · 1 changed · 4 moved · page properties');
  });

  it('counts a block whose per-device settings alone changed as changed', () => {
    const before = page([b('a', { align: 'center' })]);
    const after = page([{ ...b('a', { align: 'center' }), responsive: { phone: { align: 'left' } } }]);
    expect(summariseRevision(before, after).changed).toEqual([{ uid: 'a', type: 'textBlock' }]);
  });

  it('does not count blocks shifted by an insertion above them as moved', () => {
    const before = page([b('a'), b('b'), b('c')]);
    const after = page([b('new'), b('a'), b('b'), b('c')]);
    expect(summariseRevision(before, after)).toMatchObject({ added: [{ uid: 'new' }], moved: [], changed: [] });
  });

  it('counts every block of a first version as added, and says when nothing changed', () => {
    const first = page([b('a'), b('row1', {}, [b('c')])]);
    expect(summariseRevision(null, first).added.map((x) => x.uid)).toEqual(['a', 'row1', 'c']);
    expect(describeRevision(summariseRevision(first, first))).toBe('No changes');
  });
});
