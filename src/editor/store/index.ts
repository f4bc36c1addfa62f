/** The editor store: see createEditorStore.ts for its slices and context.tsx for how components reach it. */
export { EDITING_DELAY_MS } from '../../core/editing';
export type { SaveOutcome } from '../save';
export { createEditorStore, type EditorStoreApi } from './createEditorStore';
export { EditorStoreProvider, useBlock, useCanRedo, useCanUndo, useEditor, useEditorStore, useUnsavedChangesPrompt } from './context';
export { HISTORY_LIMIT } from './history';
export { pageKind } from './documentSlice';
export { hasUnsavedChanges } from './state';
export { themePath } from './themeSlice';
export { blockIndex, saveErrorsByUid, shareStructure } from './share';
export { validateBlock } from './validation';
export * from './types';
