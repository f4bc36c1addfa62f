import { useCallback, useSyncExternalStore } from 'react';
import { useEditorStore, type EditorState, type EditorStoreApi } from '../store';
import { saveErrorUids } from './blockErrors';
import { useDragState } from './dragState';

/**
 * Whether a canvas block is selected, has errors or is being dragged, delivered per uid. A selector per block
 * (useEditor(s => …)) would run every block's selectors on every store change — 2,500 calls per keystroke, and
 * 1,250 on every pointer move of a drag, at 1,250 blocks — so one subscription per editor store works out which uids
 * changed and wakes only their listeners.
 */
export const SELECTED = 1;
export const INVALID = 2;
export const DRAGGING = 4;

type Flags = Pick<EditorState, 'selectedUid' | 'invalid' | 'saveErrors' | 'page'>;


function flagsOf(state: Flags, uid: string): number {
  return (
    (state.selectedUid === uid ? SELECTED : 0) |
    ((state.invalid[uid]?.length ?? 0) > 0 || saveErrorUids(state).has(uid) ? INVALID : 0) |
    (useDragState.getState().active?.uid === uid ? DRAGGING : 0)
  );
}

/** The uids whose flags may differ between two states (a superset is fine: listeners re-read and compare). */
function touched(next: Flags, prev: Flags): Iterable<string> {
  const uids = new Set<string>();
  if (next.selectedUid !== prev.selectedUid) {
    if (next.selectedUid) uids.add(next.selectedUid);
    if (prev.selectedUid) uids.add(prev.selectedUid);
  }
  if (next.invalid !== prev.invalid) {
    for (const uid of Object.keys(next.invalid)) if (next.invalid[uid] !== prev.invalid[uid]) uids.add(uid);
    for (const uid of Object.keys(prev.invalid)) if (!(uid in next.invalid)) uids.add(uid);
  }
  const errorsBefore = saveErrorUids(prev);
  const errorsNow = saveErrorUids(next);
  if (errorsBefore !== errorsNow) {
    for (const uid of errorsBefore) uids.add(uid);
    for (const uid of errorsNow) uids.add(uid);
  }
  return uids;
}

/** Listeners by uid for one editor store; it subscribes to the stores while any block listens. */
function flagsHub(editor: EditorStoreApi) {
  const listeners = new Map<string, Set<() => void>>();
  let unsubscribe: (() => void) | null = null;
  const wake = (uids: Iterable<string>) => {
    for (const uid of uids) listeners.get(uid)?.forEach((l) => l());
  };
  return function subscribe(uid: string, listener: () => void): () => void {
    if (!unsubscribe) {
      const offEditor = editor.subscribe((next, prev) => wake(touched(next, prev)));
      const offDrag = useDragState.subscribe((next, prev) => {
        const [now, before] = [next.active?.uid, prev.active?.uid];
        if (now !== before) wake([now, before].filter((uid): uid is string => typeof uid === 'string'));
      });
      unsubscribe = () => {
        offEditor();
        offDrag();
      };
    }
    let set = listeners.get(uid);
    if (!set) listeners.set(uid, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(uid);
      if (listeners.size === 0 && unsubscribe) {
        unsubscribe();
        unsubscribe = null;
      }
    };
  };
}

const hubs = new WeakMap<EditorStoreApi, ReturnType<typeof flagsHub>>();
const hubOf = (editor: EditorStoreApi) => {
  let hub = hubs.get(editor);
  if (!hub) hubs.set(editor, (hub = flagsHub(editor)));
  return hub;
};

/** SELECTED | INVALID | DRAGGING bits of one block, re-rendering the caller only when they change. */
export function useBlockFlags(uid: string): number {
  const editor = useEditorStore();
  const sub = useCallback((listener: () => void) => hubOf(editor)(uid, listener), [editor, uid]);
  const get = useCallback(() => flagsOf(editor.getState(), uid), [editor, uid]);
  return useSyncExternalStore(sub, get, get);
}
