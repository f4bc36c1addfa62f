// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createEditorStore, type EditorStoreApi } from '../store';
import { renderWithEditor } from '../store/withEditor';
import { blockOf, pageOf } from '../store/testing';
import { PropertyPanel } from './PropertyPanel';

let store: EditorStoreApi;
beforeEach(() => {
  store = createEditorStore();
});

const textOf = (uid: string) => {
  const block = store.getState().page!.blocks.find((b) => b.uid === uid)!;
  return block.properties.text as string;
};

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200 })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('undo and redo refill the open panel', () => {
  it('a focused rich-text field shows the undone text, and typing again does not bring it back', () => {
    store.getState().load(pageOf([blockOf('textBlock', 't0', { text: '<p>Block 0</p>' })]), 3);
    renderWithEditor(store, <PropertyPanel uid="t0" />);
    const area = screen.getByRole('textbox', { name: 'Text' });
    act(() => area.focus());
    expect(document.activeElement).toBe(area);
    // Typing: the editor's DOM changes and emits input.
    area.innerHTML = '<p>Block 0abcde</p>';
    act(() => void fireEvent.input(area));
    expect(textOf('t0')).toBe('<p>Block 0abcde</p>');

    // Undo with the caret still in the field: the field shows the restored text.
    act(() => store.getState().undo());
    expect(textOf('t0')).toBe('<p>Block 0</p>');
    expect(document.activeElement).toBe(area);
    expect(area.innerHTML).toBe('<p>Block 0</p>');

    // The next keystroke edits the restored text.
    area.innerHTML = '<p>Block 0f</p>';
    act(() => void fireEvent.input(area));
    expect(textOf('t0')).toBe('<p>Block 0f</p>');

    // Redo is gone (a new edit), and undo goes back to the restored text; the field follows both.
    act(() => store.getState().undo());
    expect(area.innerHTML).toBe('<p>Block 0</p>');
    act(() => store.getState().redo());
    expect(area.innerHTML).toBe('<p>Block 0f</p>');
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
