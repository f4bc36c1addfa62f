/** Which block is selected and which screen size the canvas shows (neither is an undo step). */
import type { SliceKit } from './kit';
import type { SelectionActions } from './types';

export function selectionSlice(kit: SliceKit): SelectionActions {
  return {
    select(uid) {
      if (kit.get().selectedUid !== uid) kit.set({ selectedUid: uid });
    },
    setDevice(device) {
      if (kit.get().device !== device) kit.set({ device });
    },
  };
}
