/**
 * Loading a page and saving it (with the theme) under optimistic concurrency: the server's version travels with
 * every save; a 409 becomes a conflict the owner resolves by reloading or overwriting. Server answers change the
 * page without an undo step and keep the identity of unchanged blocks (shareStructure).
 */
import { freeze } from 'immer';
import type { PageDocument } from '../../core/storeData';
import { fetchPage, savePage, SAVE_INDICATOR_MS, type SaveOutcome } from '../save';
import type { SliceKit } from './kit';
import { blockIndex, shareStructure } from './share';
import { saveTheme } from './themeSlice';
import { initialState } from './state';
import type { SavingActions } from './types';
import { revalidateChanged, validateAll } from './validation';

export function savingSlice(kit: SliceKit): SavingActions {
  const settleSaving = () => {
    clearTimeout(kit.runtime.savingTimer);
    kit.runtime.savingTimer = setTimeout(() => kit.set({ saving: false }), SAVE_INDICATOR_MS);
  };

  const doSave = async (): Promise<SaveOutcome> => {
    const { page, divisionId, dirty, themeDirty, serverVersion, generation: started } = kit.get();
    if (!page || divisionId === null) return 'error';
    clearTimeout(kit.runtime.savingTimer);
    kit.set({ saving: true });
    try {
      // Only the theme changed: the page is not written again (no new version for nothing).
      if (themeDirty && !dirty) {
        const outcome = await saveTheme(kit, divisionId);
        if (outcome === 'saved') kit.set({ saveMessage: null });
        return outcome;
      }
      const result = await savePage(divisionId, page, serverVersion);
      if (started !== kit.get().generation) return result.outcome; // another page was loaded meanwhile
      if (result.outcome === 'saved') {
        const version = result.page.version;
        const saved = freeze(shareStructure(page, result.page), true);
        // Edits made while the save ran stay in the working copy (still dirty), on the new version.
        const latest = kit.get().page;
        const next = latest === page ? saved : latest && { ...latest, version };
        kit.write({ page: next, savedPage: saved, serverVersion: version, dirty: next !== saved, conflict: null, saveErrors: {}, saveMessage: null }, false);
        return themeDirty && started === kit.get().generation ? saveTheme(kit, divisionId) : 'saved';
      }
      kit.set({
        saveMessage: result.message,
        ...(result.outcome === 'conflict' ? { conflict: { message: result.message } } : {}),
        ...(result.outcome === 'invalid' || result.outcome === 'pro-required' ? { saveErrors: result.errors } : {}),
      });
      return result.outcome;
    } finally {
      settleSaving();
    }
  };

  const save = async (): Promise<SaveOutcome> => {
    // One save at a time; a save asked for during another runs after it (edits made meanwhile are kept).
    while (kit.runtime.inFlight) await kit.runtime.inFlight.catch(() => undefined);
    const run = doSave();
    kit.runtime.inFlight = run;
    try {
      return await run;
    } finally {
      if (kit.runtime.inFlight === run) kit.runtime.inFlight = null;
    }
  };

  return {
    load(page, divisionId) {
      clearTimeout(kit.runtime.savingTimer);
      const state = kit.get();
      // The theme belongs to the store: another page of the same store keeps its draft.
      const theme =
        state.divisionId === divisionId
          ? { themeSaved: state.themeSaved, themeDraft: state.themeDraft, themeDirty: state.themeDirty, themeContrast: state.themeContrast }
          : {};
      const loaded = freeze(page, true);
      kit.write(
        {
          ...initialState(),
          ...theme,
          device: state.device,
          generation: state.generation + 1,
          page: loaded,
          savedPage: loaded,
          serverVersion: page.version,
          divisionId,
          invalid: validateAll(page.blocks),
        },
        false,
      );
      kit.history().clear();
    },

    save,

    runningSave: () => kit.runtime.inFlight,

    async reloadFromServer() {
      const { page, divisionId, generation: started } = kit.get();
      if (!page || divisionId === null) return;
      let fresh: PageDocument;
      try {
        fresh = await fetchPage(divisionId, page.id);
      } catch (error) {
        if (started === kit.get().generation) kit.set({ saveMessage: (error as Error).message });
        return;
      }
      const state = kit.get();
      if (started !== state.generation) return;
      const current = state.page ?? page;
      const next = freeze(shareStructure(current, fresh), true);
      kit.write(
        {
          page: next,
          savedPage: next,
          serverVersion: fresh.version,
          dirty: false,
          lastGesture: null,
          conflict: null,
          saveErrors: {},
          saveMessage: null,
          selectedUid: state.selectedUid && blockIndex(next.blocks).has(state.selectedUid) ? state.selectedUid : null,
          invalid: revalidateChanged(current.blocks, next.blocks, state.invalid),
        },
        false,
      );
      kit.history().clear();
    },

    async overwrite() {
      const { page, divisionId, generation: started } = kit.get();
      if (!page || divisionId === null) return 'error';
      try {
        const version = (await fetchPage(divisionId, page.id)).version;
        if (started !== kit.get().generation) return 'error';
        kit.set({ serverVersion: version });
      } catch (error) {
        kit.set({ saveMessage: (error as Error).message });
        return 'error';
      }
      kit.set({ conflict: null });
      return save();
    },
  };
}
