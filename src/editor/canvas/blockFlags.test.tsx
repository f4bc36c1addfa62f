// @vitest-environment jsdom
import { memo, useRef } from 'react';
import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it, beforeEach } from 'vitest';
import { createEditorStore, type EditorStoreApi } from '../store';
import { renderWithEditor } from '../store/withEditor';
import { textPage } from '../store/testing';
import { DRAGGING, INVALID, SELECTED, useBlockFlags } from './blockFlags';
import { useDragState } from './dragState';
import { HoverLabel } from './HoverLabel';

let store: EditorStoreApi;
beforeEach(() => {
  store = createEditorStore();
});

describe('useBlockFlags', () => {
  it('wakes only the blocks whose selection or error state changed', () => {
    store.getState().load(textPage(30), 3);
    const renders = new Map<string, number>();
    const flags = new Map<string, number>();
    const Probe = memo(function Probe({ uid }: { uid: string }) {
      const f = useBlockFlags(uid);
      renders.set(uid, (renders.get(uid) ?? 0) + 1);
      flags.set(uid, f);
      return null;
    });
    const uids = Array.from({ length: 30 }, (_, i) => `t${i}`);
    renderWithEditor(store, 
      <>
        {uids.map((uid) => (
          <Probe key={uid} uid={uid} />
        ))}
      </>,
    );
    const rendered = () => uids.filter((uid) => renders.get(uid)! > 1);

    act(() => store.getState().select('t4'));
    expect(flags.get('t4')).toBe(SELECTED);
    expect(rendered()).toEqual(['t4']);

    act(() => store.getState().select('t9'));
    expect(flags.get('t4')).toBe(0);
    expect(flags.get('t9')).toBe(SELECTED);
    expect(rendered().sort()).toEqual(['t4', 't9']);

    // Typing into another block re-renders no flag holder.
    renders.clear();
    uids.forEach((uid) => renders.set(uid, 1));
    act(() => store.getState().updateProperties('t2', { text: 'Changed' }));
    expect(rendered()).toEqual([]);

    // An invalid value marks that block only; fixing it clears the mark.
    act(() => store.getState().updateProperties('t2', { align: 'sideways' }));
    expect(flags.get('t2')).toBe(INVALID);
    expect(rendered()).toEqual(['t2']);
    act(() => store.getState().updateProperties('t2', { align: 'left' }));
    expect(flags.get('t2')).toBe(0);

    // A drag marks the dragged block only, and pointer moves (new targets) wake nobody.
    renders.clear();
    uids.forEach((uid) => renders.set(uid, 1));
    act(() => useDragState.setState({ active: { kind: 'block', type: 'textBlock', uid: 't7', title: 'Text', keyboard: false }, target: null }));
    expect(flags.get('t7')).toBe(DRAGGING);
    act(() => useDragState.setState({ target: { location: { parentUid: null, index: 3 }, anchorUid: 't3', edge: 'before', allowed: true, description: '' } }));
    expect(rendered()).toEqual(['t7']);
    act(() => useDragState.setState({ active: null, target: null }));
    expect(flags.get('t7')).toBe(0);
  });
});

describe('HoverLabel', () => {
  it('names the block under the pointer, and not the selected one', () => {
    function Canvas() {
      const root = useRef<HTMLDivElement>(null);
      return (
        <div ref={root}>
          <div data-canvas-uid="a" data-title="Banner" className="ed-block">
            <span>inside</span>
          </div>
          <div data-canvas-uid="b" data-title="Text" className="ed-block ed-block--selected" />
          <HoverLabel rootRef={root} />
        </div>
      );
    }
    const { container, getByText } = renderWithEditor(store, <Canvas />);
    const label = container.querySelector<HTMLElement>('.ed-hover-label')!;
    expect(label.hidden).toBe(true);
    fireEvent.pointerOver(getByText('inside'));
    expect(label.hidden).toBe(false);
    expect(label.textContent).toBe('Banner');
    fireEvent.pointerOver(container.querySelector('[data-canvas-uid="b"]')!);
    expect(label.hidden).toBe(true);
  });
});

describe('CanvasBlock', () => {
  it('leaves plain flow blocks unpositioned (no paint layer per block) and keeps containers as their insides’ anchor', async () => {
    const { CanvasBlock } = await import('./CanvasBlock');
    store.getState().load(textPage(2), 3);
    const text = store.getState().page!.blocks[0]!;
    const row = { ...text, uid: 'r1', type: 'row', properties: {}, items: [] };
    const { container } = renderWithEditor(store, 
      <>
        <CanvasBlock block={text}>text</CanvasBlock>
        <CanvasBlock block={row}>row</CanvasBlock>
      </>,
    );
    const wrapper = (uid: string) => container.querySelector(`[data-canvas-uid="${uid}"]`)!;
    expect(wrapper(text.uid).classList.contains('ed-block--flow')).toBe(true);
    expect(wrapper('r1').classList.contains('ed-block--flow')).toBe(false);
  });
});
