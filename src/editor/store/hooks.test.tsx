// @vitest-environment jsdom
import { memo } from 'react';
import { act, render, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getBlock, useBlock, useCanRedo, useCanUndo, useEditor } from './index';
import { textPage } from './testing';

describe('hooks on the shared store', () => {
  it('re-renders only the block that changed (useBlock + memo)', () => {
    useEditor.getState().load(textPage(20), 3);
    const renders = new Map<string, number>();
    const Host = memo(function Host({ uid }: { uid: string }) {
      const block = useBlock(uid);
      renders.set(uid, (renders.get(uid) ?? 0) + 1);
      return <p>{String(block?.properties.text)}</p>;
    });
    const uids = Array.from({ length: 20 }, (_, i) => `t${i}`);
    const { container } = render(
      <div>
        {uids.map((uid) => (
          <Host key={uid} uid={uid} />
        ))}
      </div>,
    );
    expect(uids.every((uid) => renders.get(uid) === 1)).toBe(true);
    act(() => useEditor.getState().updateProperties('t5', { text: 'Changed' }));
    expect(container.textContent).toContain('Changed');
    expect(renders.get('t5')).toBe(2);
    expect(uids.filter((uid) => uid !== 't5').every((uid) => renders.get(uid) === 1)).toBe(true);
    act(() => useEditor.getState().select('t3'));
    act(() => useEditor.getState().setDevice('phone'));
    expect(uids.filter((uid) => uid !== 't5').every((uid) => renders.get(uid) === 1)).toBe(true);
    act(() => useEditor.getState().undo());
    expect(renders.get('t5')).toBe(3);
    expect(getBlock('t5')!.properties.text).toBe('Block 5');
    expect(uids.filter((uid) => uid !== 't5').every((uid) => renders.get(uid) === 1)).toBe(true);
  });

  it('tells whether undo and redo are possible', () => {
    useEditor.getState().load(textPage(2), 3);
    const { result } = renderHook(() => [useCanUndo(), useCanRedo()]);
    expect(result.current).toEqual([false, false]);
    act(() => useEditor.getState().updateProperties('t0', { text: 'x' }));
    expect(result.current).toEqual([true, false]);
    act(() => useEditor.getState().undo());
    expect(result.current).toEqual([false, true]);
  });
});
