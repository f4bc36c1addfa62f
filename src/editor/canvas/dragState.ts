import { create } from 'zustand';
import type { DropTarget } from './dropTargets';

/** What is being dragged: a block type from the palette, or a block of the page. */
export interface ActiveDrag {
  kind: 'palette' | 'block';
  type: string;
  uid: string | null;
  title: string;
  keyboard: boolean;
}

interface DragState {
  active: ActiveDrag | null;
  target: DropTarget | null;
}

/** Drag state apart from the page store: it changes on every pointer move and must not touch the page history. */
export const useDragState = create<DragState>(() => ({ active: null, target: null }));
