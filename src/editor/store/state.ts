/** The editor store's starting state (also what load() resets to, apart from the device and the store's theme). */
import type { EditorState } from './types';

export const initialState = (): EditorState => ({
  page: null,
  divisionId: null,
  savedPage: null,
  serverVersion: 0,
  generation: 0,
  dirty: false,
  selectedUid: null,
  device: 'desktop',
  lastGesture: null,
  invalid: {},
  saving: false,
  conflict: null,
  saveErrors: {},
  saveMessage: null,
  notice: null,
  themeSaved: null,
  themeDraft: null,
  themeDirty: false,
  themeContrast: [],
});

/** Unsaved changes to the page or the theme: the save status, the leave prompts. */
export const hasUnsavedChanges = (state: Pick<EditorState, 'dirty' | 'themeDirty'>) => state.dirty || state.themeDirty;
