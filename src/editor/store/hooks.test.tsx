// @vitest-environment jsdom
import { memo } from 'react';
import { act, render, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { blockIndex, createEditorStore, EditorStoreProvider, useBlock, useCanRedo, useCanUndo, useEditor, useEditorStore, type EditorStoreApi } from './index';
import { renderWithEditor, withEditor } from './withEditor';
import { textPage } from './testing';

let store: EditorStoreApi;
beforeEach(() => {
  store = createEditorStore();
});

describe('hooks on the provided store', () => {
  it('re-renders only the block that changed (useBlock + memo)', () => {
    store.getState().load(textPage(20), 3);
    const renders = new Map<string, number>();
    const Host = memo(function Host({ uid }: { uid: string }) {
      const block = useBlock(uid);
      renders.set(uid, (renders.get(uid) ?? 0) + 1);
      return <p>{String(block?.properties.text)}</p>;
    });
    const uids = Array.from({ length: 20 }, (_, i) => `t${i}`);
    const { container } = renderWithEditor(store, 
      <div>
        {uids.map((uid) => (
          <Host key={uid} uid={uid} />
        ))}
      </div>,
    );
    expect(uids.every((uid) => renders.get(uid) === 1)).toBe(true);
    act(() => store.getState().updateProperties('t5', { text: 'Changed' }));
    expect(container.textContent).toContain('Changed');
    expect(renders.get('t5')).toBe(2);
    expect(uids.filter((uid) => uid !== 't5').every((uid) => renders.get(uid) === 1)).toBe(true);
    act(() => store.getState().select('t3'));
    act(() => store.getState().setDevice('phone'));
    expect(uids.filter((uid) => uid !== 't5').every((uid) => renders.get(uid) === 1)).toBe(true);
    act(() => store.getState().undo());
    expect(renders.get('t5')).toBe(3);
    expect(blockIndex(store.getState().page!.blocks).get('t5')!.properties.text).toBe('Block 5');
    expect(uids.filter((uid) => uid !== 't5').every((uid) => renders.get(uid) === 1)).toBe(true);
  });

  it('tells whether undo and redo are possible', () => {
    store.getState().load(textPage(2), 3);
    const { result } = renderHook(() => [useCanUndo(), useCanRedo()], { wrapper: withEditor(store) });
    expect(result.current).toEqual([false, false]);
    act(() => store.getState().updateProperties('t0', { text: 'x' }));
    expect(result.current).toEqual([true, false]);
    act(() => store.getState().undo());
    expect(result.current).toEqual([false, true]);
  });

  it('reads the store its provider gives: two editors never share a page, a selection or a history', () => {
    const other = createEditorStore();
    store.getState().load(textPage(2), 3);
    other.getState().load(textPage(5), 4);
    const Title = () => <p>{useEditor((s) => `${s.divisionId}:${s.page?.blocks.length}:${s.selectedUid}`)}</p>;
    const { container } = renderWithEditor(
      store,
      <>
        <Title />
        <EditorStoreProvider store={other}>
          <Title />
        </EditorStoreProvider>
      </>,
    );
    act(() => store.getState().select('t1'));
    act(() => other.getState().updateProperties('t4', { text: 'x' }));
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['3:2:t1', '4:5:null']);
    expect(store.temporal.getState().pastStates).toHaveLength(0);
    expect(other.temporal.getState().pastStates).toHaveLength(1);
  });

  it('a provider without a store makes its own, kept across renders', () => {
    const seen = new Set<unknown>();
    const Probe = () => {
      seen.add(useEditorStore());
      return null;
    };
    const { rerender } = render(
      <EditorStoreProvider>
        <Probe />
      </EditorStoreProvider>,
    );
    rerender(
      <EditorStoreProvider>
        <Probe />
      </EditorStoreProvider>,
    );
    expect(seen.size).toBe(1);
    expect([...seen][0]).not.toBe(store);
  });

  it('says what is missing when a hook is used outside the editor', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useEditor((s) => s.page))).toThrow('useEditorStore needs an EditorStoreProvider above it');
    vi.restoreAllMocks();
  });
});
