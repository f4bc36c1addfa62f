import { useEffect } from 'react';
import { locate } from '../../core/blocks/tree';
import { useEditorStore, type EditorStoreApi } from '../store';
import { historyKey } from '../historyKeys';
import { announce } from './announce';
import { removeSelected, resizeBy, findInTree } from './CanvasBlock';
import { useDragState } from './dragState';
import { blockTitle, focusBlock } from './EditorDnd';

const isTyping = (el: Element | null) =>
  !!el && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el as HTMLElement).isContentEditable);

/** Where a paste or a palette insert goes: after the selected block (else at the end of the page). */
export function afterSelection(editor: EditorStoreApi): { parentUid: string | null; index: number }[] {
  const { page, selectedUid } = editor.getState();
  const blocks = page?.blocks ?? [];
  const spots: { parentUid: string | null; index: number }[] = [];
  const at = selectedUid ? locate(blocks, selectedUid) : undefined;
  if (at) spots.push({ parentUid: at.parentUid, index: at.index + 1 });
  spots.push({ parentUid: null, index: blocks.length });
  return spots;
}

/** Moves the selected block one place within its list (arrow keys on a focused block). */
function nudge(editor: EditorStoreApi, uid: string, delta: number) {
  const store = editor.getState();
  const at = locate(store.page?.blocks ?? [], uid);
  const block = findInTree(store.page?.blocks ?? [], uid);
  if (!at || !block) return;
  const index = at.index + delta;
  if (index < 0) return announce(`${blockTitle(block.type)} is already first.`);
  if (store.moveBlock(uid, { parentUid: at.parentUid, index })) {
    announce(`${blockTitle(block.type)} moved to position ${index + 1}.`);
    focusBlock(uid);
  } else announce(`${blockTitle(block.type)} can't move there.`);
}

/**
 * The editor's keyboard shortcuts: Ctrl/Cmd+S save, Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z and Ctrl/Cmd+Y redo (also
 * while typing in a panel field: the store's history covers them), Ctrl/Cmd+C/X/V blocks, Delete removes the
 * selection, Escape clears it, Alt/Option+Left/Right or [ and ] change its width, arrows move a focused block.
 */
export function useEditorShortcuts(save: () => void) {
  const editor = useEditorStore();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || useDragState.getState().active) return;
      const target = event.target as Element | null;
      if (target?.closest('dialog')) return;
      const store = editor.getState();
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 's') {
        event.preventDefault();
        save();
        return;
      }
      const history = historyKey(event);
      if (history) {
        event.preventDefault();
        if (history === 'redo') store.redo();
        else store.undo();
        return;
      }
      if (isTyping(target)) return;
      const uid = store.selectedUid;
      if (mod && (key === 'c' || key === 'x')) {
        if (!uid || (window.getSelection()?.toString() ?? '') !== '') return; // copying text stays text
        event.preventDefault();
        const block = findInTree(store.page?.blocks ?? [], uid);
        const title = block ? blockTitle(block.type) : 'Block';
        if (key === 'c') void store.copy(uid).then(() => announce(`${title} copied.`));
        else void store.cut(uid).then(() => announce(`${title} cut.`));
        return;
      }
      if (mod && key === 'v') {
        event.preventDefault();
        void (async () => {
          for (const spot of afterSelection(editor)) {
            const uids = await store.paste(spot);
            if (uids.length) {
              store.select(uids[0]!);
              announce(uids.length === 1 ? 'Block pasted.' : `${uids.length} blocks pasted.`);
              focusBlock(uids[0]!);
              return;
            }
          }
          announce('Nothing to paste here.');
        })();
        return;
      }
      if (!uid || mod) return;
      const onBlock = !!target?.closest('[data-canvas-uid]');
      if (event.key === 'Escape') {
        store.select(null);
        return;
      }
      if (event.key === 'Delete' || (event.key === 'Backspace' && onBlock)) {
        event.preventDefault();
        removeSelected(editor, uid);
        return;
      }
      if (event.key === '[' || event.key === ']' || (event.altKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight'))) {
        event.preventDefault();
        resizeBy(editor, uid, event.key === '[' || event.key === 'ArrowLeft' ? -1 : 1);
        return;
      }
      if (onBlock && !event.altKey && !event.shiftKey && ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(event.key)) {
        event.preventDefault();
        nudge(editor, uid, event.key === 'ArrowUp' || event.key === 'ArrowLeft' ? -1 : 1);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [editor, save]);
}
