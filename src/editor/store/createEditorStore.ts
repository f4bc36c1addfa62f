/**
 * The editor store (DESIGN §6): one zustand store made of slices — document, selection, history, clipboard,
 * validation (in the document and history writes), saving, theme — with zundo history of the page. Actions
 * address blocks by uid. Each editor screen makes its own store and provides it through React context.
 */
import { create } from 'zustand';
import { temporal } from 'zundo';
import { clipboardSlice } from './clipboardSlice';
import { documentSlice } from './documentSlice';
import { HISTORY_LIMIT, historySlice } from './history';
import { sliceKit } from './kit';
import { savingSlice } from './savingSlice';
import { selectionSlice } from './selectionSlice';
import { initialState } from './state';
import { themeSlice } from './themeSlice';
import type { EditorStore, Tracked } from './types';

export function createEditorStore() {
  const store = create<EditorStore>()(
    temporal(
      (set, get) => {
        const kit = sliceKit(set, get, () => store.temporal.getState());
        return {
          ...initialState(),
          ...documentSlice(kit),
          ...selectionSlice(kit),
          ...historySlice(kit),
          ...clipboardSlice(kit),
          ...savingSlice(kit),
          ...themeSlice(kit),
        };
      },
      {
        partialize: (state): Tracked => ({ page: state.page }),
        equality: (past, current) => past.page === current.page,
        limit: HISTORY_LIMIT,
      },
    ),
  );
  return store;
}

export type EditorStoreApi = ReturnType<typeof createEditorStore>;
