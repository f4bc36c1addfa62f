/** Test helpers for the rich-text field (Tiptap/ProseMirror) under jsdom. */
import { act, screen } from '@testing-library/react';
import type { Editor } from '@tiptap/react';

/**
 * jsdom does no layout: ProseMirror measures the caret (Range rects) to scroll it into view, and a paste builds a
 * ClipboardEvent. Stand-ins for tests only; the browser has the real ones.
 */
export function polyfillProseMirrorDom() {
  if (typeof Range.prototype.getClientRects !== 'function') Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  if (typeof Range.prototype.getBoundingClientRect !== 'function') Range.prototype.getBoundingClientRect = () => new DOMRect();
  if (typeof globalThis.ClipboardEvent !== 'function') {
    globalThis.ClipboardEvent = class extends Event {
      readonly clipboardData = null;
    } as unknown as typeof ClipboardEvent;
  }
}

/** The rich-text field once its lazy editor has loaded: the textbox and the Tiptap editor behind it. */
export async function findRichText(name: string): Promise<{ area: HTMLElement; editor: Editor }> {
  const area = await screen.findByRole('textbox', { name });
  // Tiptap keeps its editor on the ProseMirror element.
  const editor = (area as HTMLElement & { editor?: Editor }).editor;
  if (!editor) throw new Error(`the "${name}" textbox is not a Tiptap editor`);
  return { area, editor };
}

/** Puts the caret in the field (at a document position, or after the text) as a click would. */
export function placeCaret(area: HTMLElement, editor: Editor, at: number | 'end' = 'end') {
  act(() => {
    area.focus(); // Tiptap's own focus command waits for an animation frame
    editor.commands.setTextSelection(at === 'end' ? editor.state.doc.content.size - 1 : at);
  });
}

/** The Z and Y keys as a browser reports them (ProseMirror reads the key code). */
export const Z = { key: 'z', code: 'KeyZ', keyCode: 90 };
export const Y = { key: 'y', code: 'KeyY', keyCode: 89 };

/** Types text at the caret as a keystroke would (one ProseMirror text insertion, emitted like typing). */
export function typeInto(editor: Editor, text: string) {
  act(() => void editor.commands.insertContent(text));
}
