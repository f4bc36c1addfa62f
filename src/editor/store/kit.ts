/**
 * What every slice of the editor store works with. History is decided per write (like Puck's recordHistory):
 * `record` true makes the write an undo step when it changes the page; false changes the page without one
 * (server answers, version bumps, the rest of a continuous gesture).
 */
import type { TemporalState } from 'zundo';
import type { SaveOutcome } from '../save';
import type { EditorState, EditorStore, Tracked } from './types';

export type Patch = Partial<EditorState>;

export interface SliceKit {
  get(): EditorStore;
  /** A change of state other than the page (selection, flags, theme): never an undo step. */
  set(patch: Patch): void;
  /** A change that may include the page: an undo step only when `record` is true. */
  write(patch: Patch, record: boolean): void;
  history(): TemporalState<Tracked>;
  /** Per-store handles that are not state: the save indicator's timer and the save running now. */
  runtime: { savingTimer?: ReturnType<typeof setTimeout>; inFlight: Promise<SaveOutcome> | null };
}

export function sliceKit(set: (patch: Patch) => void, get: () => EditorStore, history: () => TemporalState<Tracked>): SliceKit {
  return {
    get,
    set,
    history,
    write(patch, record) {
      const tracking = history().isTracking;
      if (record || !tracking) return set(patch);
      history().pause();
      try {
        set(patch);
      } finally {
        history().resume();
      }
    },
    runtime: { inFlight: null },
  };
}
