// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createEditorStore, type EditorStoreApi } from '../store';
import { renderWithEditor } from '../store/withEditor';
import { blockOf, pageOf } from '../store/testing';
import { PropertyPanel } from './PropertyPanel';
import { useEditorShortcuts } from '../canvas/shortcuts';
import { Y, Z, findRichText, placeCaret, polyfillProseMirrorDom, typeInto } from './widgets/testing';

let store: EditorStoreApi;
beforeEach(() => {
  store = createEditorStore();
});

const textOf = (uid: string) => {
  const block = store.getState().page!.blocks.find((b) => b.uid === uid)!;
  return block.properties.text as string;
};

/** The builder's keyboard shortcuts, as the editor screen binds them. */
function Shortcuts({ children }: { children: ReactNode }) {
  useEditorShortcuts(() => undefined);
  return children;
}

beforeEach(() => {
  polyfillProseMirrorDom();
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200 })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('undo and redo refill the open panel', () => {
  it('a focused rich-text field shows the undone text, and typing again does not bring it back', async () => {
    store.getState().load(pageOf([blockOf('textBlock', 't0', { text: '<p>Block 0</p>' })]), 3);
    renderWithEditor(store, <PropertyPanel uid="t0" />);
    const { area, editor } = await findRichText('Text');
    placeCaret(area, editor);
    typeInto(editor, 'abcde');
    expect(textOf('t0')).toBe('<p>Block 0abcde</p>');

    // Undo with the caret still in the field: the field shows the restored text.
    act(() => store.getState().undo());
    expect(textOf('t0')).toBe('<p>Block 0</p>');
    expect(document.activeElement).toBe(area);
    expect(area.innerHTML).toBe('<p>Block 0</p>');

    // The next keystroke edits the restored text.
    typeInto(editor, 'f');
    expect(textOf('t0')).toBe('<p>Block 0f</p>');

    // Redo is gone (a new edit), and undo goes back to the restored text; the field follows both.
    act(() => store.getState().undo());
    expect(area.innerHTML).toBe('<p>Block 0</p>');
    act(() => store.getState().redo());
    expect(area.innerHTML).toBe('<p>Block 0f</p>');
  });

  it('Ctrl/Cmd+Z and Ctrl+Y typed in the rich-text field undo and redo the page', async () => {
    store.getState().load(pageOf([blockOf('textBlock', 't0', { text: '<p>Block 0</p>' })]), 3);
    renderWithEditor(store, <Shortcuts><PropertyPanel uid="t0" /></Shortcuts>);
    const { area, editor } = await findRichText('Text');
    placeCaret(area, editor);
    typeInto(editor, 'abcde');
    const history = () => store.temporal.getState();
    expect(history().futureStates).toHaveLength(0);
    act(() => void fireEvent.keyDown(area, { ...Z, ctrlKey: true }));
    expect(textOf('t0')).toBe('<p>Block 0</p>');
    expect(area.innerHTML).toBe('<p>Block 0</p>');
    // The page's history stepped back (a field-only undo would have written a new step instead).
    expect(history().futureStates).toHaveLength(1);
    act(() => void fireEvent.keyDown(area, { ...Y, ctrlKey: true }));
    expect(textOf('t0')).toBe('<p>Block 0abcde</p>');
    act(() => void fireEvent.keyDown(area, { ...Z, key: 'Z', metaKey: true, shiftKey: true }));
    expect(area.innerHTML).toBe('<p>Block 0abcde</p>');
    act(() => void fireEvent.keyDown(area, { ...Z, metaKey: true }));
    expect(area.innerHTML).toBe('<p>Block 0</p>');
  });

  it('a focused plain text field follows undo and redo', () => {
    store.getState().load(pageOf([blockOf('banner', 'b1', { title: 'Hello' })]), 3);
    renderWithEditor(store, <PropertyPanel uid="b1" />);
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    act(() => title.focus());
    fireEvent.change(title, { target: { value: 'Hello there' } });
    act(() => store.getState().undo());
    expect(title.value).toBe('Hello');
    expect(document.activeElement).toBe(title);
    act(() => store.getState().redo());
    expect(title.value).toBe('Hello there');
  });
});
