/** The editor store reaches the canvas, panels and toolbar through React context: one store per editor screen. */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { BlockData } from '../../core/storeData';
import { useBeforeUnloadPrompt } from '../save';
import { createEditorStore, type EditorStoreApi } from './createEditorStore';
import { blockIndex } from './share';
import { hasUnsavedChanges } from './state';
import type { EditorStore } from './types';

const EditorStoreContext = createContext<EditorStoreApi | null>(null);

/** Provides `store`, or a new store made for this subtree. */
export function EditorStoreProvider({ store, children }: { store?: EditorStoreApi; children: ReactNode }) {
  const [own] = useState(() => store ?? createEditorStore());
  return <EditorStoreContext.Provider value={store ?? own}>{children}</EditorStoreContext.Provider>;
}

/** The store itself, for event handlers that act on it (`useEditorStore().getState().undo()`). */
export function useEditorStore(): EditorStoreApi {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('useEditorStore needs an EditorStoreProvider above it');
  return store;
}

/** A slice of the editor's state; the component re-renders when the selected value changes. */
export function useEditor<T>(selector: (state: EditorStore) => T): T {
  return useStore(useEditorStore(), selector);
}

/** One block by uid, O(1) (an index per tree); unchanged blocks keep their identity between changes. */
export function useBlock(uid: string): BlockData | undefined {
  return useEditor((state) => (state.page ? blockIndex(state.page.blocks).get(uid) : undefined));
}

export function useCanUndo(): boolean {
  return useStore(useEditorStore().temporal, (state) => state.pastStates.length > 0);
}

export function useCanRedo(): boolean {
  return useStore(useEditorStore().temporal, (state) => state.futureStates.length > 0);
}

/** Asks before the tab closes or navigates away while the page has unsaved changes. */
export function useUnsavedChangesPrompt(): void {
  useBeforeUnloadPrompt(useEditor(hasUnsavedChanges));
}

