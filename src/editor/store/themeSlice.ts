/** The store's theme, edited beside the page and saved by the same Save (not an undo step). */
import type { StoreThemeDocument } from '../../core/theme/types';
import { api, ApiError, GENERIC_ERROR } from '../../lib/api';
import type { SaveOutcome } from '../save';
import type { SliceKit } from './kit';
import type { ThemeActions, ThemeDraft } from './types';

export const themePath = (divisionId: number) => `/omnis/v3/divisions/${divisionId}/theme/`;

export const sameTheme = (saved: StoreThemeDocument | null, draft: ThemeDraft | null) =>
  draft === null || (saved !== null && saved.name === draft.name && JSON.stringify(saved.properties) === JSON.stringify(draft.overrides));

export function themeSlice(kit: SliceKit): ThemeActions {
  return {
    loadTheme(doc) {
      const themeDraft = kit.get().themeDraft ?? { name: doc.name, overrides: doc.properties };
      kit.set({ themeSaved: doc, themeDraft, themeDirty: !sameTheme(doc, themeDraft) });
    },
    setTheme(draft) {
      kit.set({ themeDraft: draft, themeDirty: !sameTheme(kit.get().themeSaved, draft) });
    },
    setThemeContrast(issues) {
      if (kit.get().themeContrast.length === 0 && issues.length === 0) return;
      kit.set({ themeContrast: issues });
    },
  };
}

/** PUTs the theme draft when it differs from the saved theme; its 422 message names the property in plain words. */
export async function saveTheme(kit: SliceKit, divisionId: number): Promise<SaveOutcome> {
  const { themeDraft, themeSaved } = kit.get();
  if (!themeDraft || sameTheme(themeSaved, themeDraft)) return 'saved';
  try {
    const doc = await api<StoreThemeDocument>(themePath(divisionId), { method: 'PUT', body: { name: themeDraft.name, properties: themeDraft.overrides } });
    kit.set({ themeSaved: doc, themeDirty: !sameTheme(doc, kit.get().themeDraft) });
    return 'saved';
  } catch (error) {
    let message = GENERIC_ERROR;
    if (error instanceof ApiError) {
      const first = Object.entries(error.errors ?? {})[0];
      message = first ? `Theme: ${first[0].replace(/^\/properties\//, '')}: ${first[1][0]}` : `Theme: ${error.message || GENERIC_ERROR}`;
    }
    kit.set({ saveMessage: message });
    return 'error';
  }
}
