/** The editor store's shape, slice by slice (DESIGN §6). Components read state; actions live beside it. */
import type { PageDocument } from '../../core/storeData';
import type { StoreThemeDocument, ThemeProperties } from '../../core/theme/types';
import type { ContrastIssue } from '../../core/theme/contrast';
import type { SaveOutcome } from '../save';
import type { Breakpoint } from '../../core/blocks/responsive';

/** The device the canvas shows, which is also the breakpoint the panel edits (src/core/blocks/responsive.ts). */
export type Device = Breakpoint;

/** null parent = page top level. `index` = the block's position in that list once the action is done. */
export interface Location {
  parentUid: string | null;
  index: number;
}

export interface ThemeDraft {
  name: string;
  overrides: ThemeProperties;
}

/** The top-level page fields updatePage may change (others are ignored: id, version, flags belong elsewhere). */
export const PAGE_PATCH_FIELDS = ['url', 'layout', 'published', 'sitemap', 'theme', 'temporaryUrl'] as const;

export type PagePatch = Partial<Pick<PageDocument, (typeof PAGE_PATCH_FIELDS)[number]>> & {
  properties?: Partial<PageDocument['properties']>;
};

export type UpsertResult = { ok: true; replaced: string[]; inserted: string[] } | { ok: false; message: string };

/** The page being edited and what the server last accepted. Only `page` is undoable. */
export interface PageState {
  page: PageDocument | null;
  divisionId: number | null;
  /** The page as last loaded or saved: the working copy differs from it when `dirty`. */
  savedPage: PageDocument | null;
  /** The version the server holds; undo never brings back an older one. */
  serverVersion: number;
  /** Bumped by load(): answers to requests made for a previously loaded page are dropped. */
  generation: number;
  dirty: boolean;
}

export interface SelectionState {
  selectedUid: string | null;
  device: Device;
}

export interface HistoryState {
  /** The continuous gesture (same id within the editing delay) the last change belonged to. */
  lastGesture: { id: string; at: number } | null;
}

export interface ValidationState {
  /** Live validation messages by block uid. */
  invalid: Record<string, string[]>;
}

export interface SavingState {
  saving: boolean;
  conflict: { message: string } | null;
  /** The server's 422 messages by JSON pointer into the page. */
  saveErrors: Record<string, string[]>;
  /** The message of the last failed save (§8 wording from the server), null otherwise. */
  saveMessage: string | null;
}

export interface ClipboardState {
  /** A short status for the UI / screen-reader announcements (clipboard results, refusals). */
  notice: string | null;
}

export interface ThemeState {
  /** The store's theme as last saved (null until the theme panel or a save loads it). */
  themeSaved: StoreThemeDocument | null;
  /** The theme being edited: saved together with the page by the one Save. */
  themeDraft: ThemeDraft | null;
  /** The draft differs from the saved theme (part of "Unsaved changes"). */
  themeDirty: boolean;
  /** Text/background pairs of the edited theme below WCAG AA (the theme panel measures the resolved theme). */
  themeContrast: readonly ContrastIssue[];
}

export type EditorState = PageState & SelectionState & HistoryState & ValidationState & SavingState & ClipboardState & ThemeState;

export interface DocumentActions {
  insertBlock(type: string, at: Location): string | null;
  moveBlock(uid: string, to: Location): boolean;
  resizeBlock(uid: string, size: { x?: number; y?: number }, gesture?: string): void;
  /**
   * Merges `patch` into the block's properties (undefined deletes). At tablet or phone, the type's responsive
   * properties in the patch become overrides of that breakpoint instead (undefined resets one: it inherits again);
   * the others still change every device. One history step per gesture either way.
   */
  updateProperties(uid: string, patch: Record<string, unknown>, gesture?: string, breakpoint?: Device): void;
  duplicateBlock(uid: string): string | null;
  removeBlock(uid: string): void;
  setPublished(uid: string, published: boolean): void;
  setConditions(uid: string, conditions: string[]): void;
  updatePage(patch: PagePatch, gesture?: string): void;
  /** The outside-editor bridge (§4 Editor mode): replace blocks by uid or insert them at their order, then renumber. */
  upsertBlocks(blocks: unknown[]): UpsertResult;
  canPlace(type: string, at: Location): boolean;
}

export interface SelectionActions {
  select(uid: string | null): void;
  setDevice(device: Device): void;
}

export interface HistoryActions {
  undo(): void;
  redo(): void;
}

export interface SavingActions {
  load(page: PageDocument, divisionId: number): void;
  save(): Promise<SaveOutcome>;
  /** The save running now, if any (a second press of Save waits for it instead of queueing another). */
  runningSave(): Promise<SaveOutcome> | null;
  reloadFromServer(): Promise<void>;
  overwrite(): Promise<SaveOutcome>;
}

export interface ClipboardActions {
  copy(uid: string): Promise<void>;
  cut(uid: string): Promise<void>;
  paste(at: Location): Promise<string[]>;
  /** Clears `notice` once the UI has shown it. */
  clearNotice(): void;
}

export interface ThemeActions {
  /** The store's saved theme arrived (the draft starts from it unless one is being edited for this store). */
  loadTheme(doc: StoreThemeDocument): void;
  /** Picks a named theme and/or changes overrides (not a page undo step; Save stores it with the page). */
  setTheme(draft: ThemeDraft): void;
  setThemeContrast(issues: readonly ContrastIssue[]): void;
}

export type EditorActions = DocumentActions & SelectionActions & HistoryActions & SavingActions & ClipboardActions & ThemeActions;
export type EditorStore = EditorState & EditorActions;

/** What the history records: the page only (selection, device, saving flags are not undoable). */
export interface Tracked {
  page: PageDocument | null;
}
