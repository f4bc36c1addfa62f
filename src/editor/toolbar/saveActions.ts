import type { EditorStoreApi, SaveOutcome } from '../store';
import { announce } from '../canvas/announce';
import { blockAtPath } from '../canvas/blockErrors';
import { blockTitle, focusBlock } from '../canvas/EditorDnd';

/** Selects the first block a save error points into and scrolls it into view (422 "jumps to the block"). */
export function jumpToFirstError(editor: EditorStoreApi): boolean {
  const { page, saveErrors, invalid } = editor.getState();
  if (!page) return false;
  const fromSave = Object.keys(saveErrors)
    .map((path) => blockAtPath(page.blocks, path))
    .find(Boolean);
  const uid = fromSave?.uid ?? Object.keys(invalid)[0];
  if (!uid) return false;
  jumpTo(editor, uid);
  return true;
}

export function jumpTo(editor: EditorStoreApi, uid: string) {
  editor.getState().select(uid);
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>(`[data-canvas-uid="${CSS.escape(uid)}"]`);
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el?.focus({ preventScroll: true });
  });
}

/** Saves the page and the theme (button and Ctrl/Cmd+S), announcing the outcome; a second press while saving waits. */
export async function runSave(editor: EditorStoreApi): Promise<SaveOutcome | undefined> {
  const store = editor.getState();
  const running = store.runningSave();
  if (running) return running;
  if (!store.page) return;
  announce('Saving…');
  return store
    .save()
    .then((outcome) => {
      if (outcome === 'saved') {
        const low = editor.getState().themeContrast.length;
        announce(low ? `Saved. The theme has ${low === 1 ? 'one colour pair' : `${low} colour pairs`} below WCAG AA contrast: see the Theme tab.` : 'Page saved.');
      }
      else if (outcome === 'conflict') announce('Not saved: someone else changed this page. Choose whose version to keep.');
      else if (outcome === 'invalid') {
        const first = Object.keys(editor.getState().saveErrors).length;
        announce(`Not saved: ${first === 1 ? 'one problem needs' : `${first} problems need`} fixing.`);
        jumpToFirstError(editor);
      } else if (outcome === 'pro-required') announce('Not saved: Pro is required to save this page.');
      else announce(`Not saved: ${editor.getState().saveMessage ?? 'something went wrong. Please try again.'}`);
      return outcome;
    });
}

export { blockTitle, focusBlock };
