// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { act, render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BlockData } from '../core/storeData';
import { BLOCK_CHUNK_SIZE, PageRenderer, stableChunks } from './PageRenderer';
import { preloadBlockTypes } from './registry';

const spacer = (i: number): BlockData => ({ uid: `s${i}`, type: 'spacer', order: i, size: { x: 12, y: 6 }, items: [], properties: { ratio: 'regular' } }) as unknown as BlockData;
const page = (n: number) => Array.from({ length: n }, (_, i) => spacer(i));

beforeAll(async () => {
  await preloadBlockTypes(['spacer']);
});

describe('stableChunks', () => {
  it('keeps the arrays of chunks whose blocks did not change', () => {
    const blocks = page(BLOCK_CHUNK_SIZE * 3 + 7);
    const first = stableChunks(blocks);
    expect(first.map((c) => c.length)).toEqual([BLOCK_CHUNK_SIZE, BLOCK_CHUNK_SIZE, BLOCK_CHUNK_SIZE, 7]);
    const edited = [...blocks];
    edited[BLOCK_CHUNK_SIZE + 3] = { ...edited[BLOCK_CHUNK_SIZE + 3]! };
    const second = stableChunks(edited);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[2]).toBe(first[2]);
    expect(second[3]).toBe(first[3]);
  });
});

describe('PageRenderer with a long page', () => {
  it('draws every block in order in one grid, also after a block moves across chunks', () => {
    const blocks = page(BLOCK_CHUNK_SIZE * 2 + 5);
    const { container, rerender } = render(<PageRenderer blocks={blocks} mode="preview" />);
    const uids = () => [...container.querySelectorAll<HTMLElement>('[data-block-uid]')].map((el) => el.dataset.blockUid);
    expect(container.querySelectorAll('.pod-grid')).toHaveLength(1);
    expect(uids()).toEqual(blocks.map((b) => b.uid));
    // Move the first block to the end: orders renumbered, the DOM follows.
    const moved = [...blocks.slice(1), blocks[0]!].map((b, i) => ({ ...b, order: i }));
    act(() => rerender(<PageRenderer blocks={moved} mode="preview" />));
    expect(uids()).toEqual(moved.map((b) => b.uid));
    expect(container.querySelector('.pod-grid')!.children).toHaveLength(blocks.length);
  });
});

describe('a long store page lays out only what is near the screen', () => {
  it('the storefront marks its page native; the builder canvas does not, so every block there keeps a measured box', () => {
    const published = page(3).map((b) => ({ ...b, flags: {} }));
    const store = render(<PageRenderer blocks={published} mode="native" />);
    expect(store.container.firstElementChild!.className).toBe('pod-page pod-page--native');
    store.unmount();
    const canvas = render(<PageRenderer blocks={page(3)} mode="preview" />);
    expect(canvas.container.firstElementChild!.className).toBe('pod-page');
    canvas.unmount();
    // The rule skips layout only for the store's top-level blocks after the first screens (grid.css).
    const css = readFileSync('src/renderer/grid.css', 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const rule = /([^{}]+)\{[^}]*content-visibility:\s*auto[^}]*\}/.exec(css);
    expect(rule?.[1]?.trim()).toBe('.pod-page--native > .pod-grid > .pod-block:nth-child(n + 25):not(:has(.live-chat--floating))');
  });
});
