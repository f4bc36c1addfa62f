import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useEditorStore } from '../store';
import { editorRegistry } from '../schemas';
import { useDragState, type ActiveDrag } from './dragState';
import { allSpots, indexTree, isInside, isNoOp, locatePoint, swallowNextClick, toLocation, type DropTarget, type TreeIndex } from './dropTargets';
import { announce } from './announce';
import { DropIndicator } from './DropIndicator';

export const CANVAS_DROPPABLE = 'canvas';

export const blockTitle = (type: string) => editorRegistry().blockMeta(type)?.title ?? type;
const isContainer = (type: string) => editorRegistry().blockMeta(type)?.container != null;

/** What a drag carries in dnd-kit's `data`. */
export type DragData = { kind: 'palette'; type: string } | { kind: 'block'; uid: string; type: string };

interface Session {
  index: TreeIndex;
  topCount: number;
  root: HTMLElement | null;
  spots: ReturnType<typeof allSpots>;
  spot: number;
  /** The last pointer position (pointer drags): auto-scroll re-locates the target under it. */
  pointer: { x: number; y: number } | null;
  scrollFrame: number;
}

/** Within this distance of the canvas's top or bottom edge a pointer drag scrolls the canvas (never the palette). */
export const AUTO_SCROLL_EDGE_PX = 64;
const AUTO_SCROLL_MAX_PX = 18;

/** Pixels per frame to scroll the canvas for a pointer at `y` in an area from `top` to `bottom` (negative: up). */
export function autoScrollStep(y: number, top: number, bottom: number): number {
  if (y < top + AUTO_SCROLL_EDGE_PX) return -Math.ceil(AUTO_SCROLL_MAX_PX * Math.min(1, (top + AUTO_SCROLL_EDGE_PX - y) / AUTO_SCROLL_EDGE_PX));
  if (y > bottom - AUTO_SCROLL_EDGE_PX) return Math.ceil(AUTO_SCROLL_MAX_PX * Math.min(1, (y - (bottom - AUTO_SCROLL_EDGE_PX)) / AUTO_SCROLL_EDGE_PX));
  return 0;
}

const describe = (target: Omit<DropTarget, 'description'>, index: TreeIndex): string => {
  const title = (uid: string | null) => (uid ? blockTitle(index.get(uid)?.type ?? '') : 'the page');
  const where = target.location.parentUid ? `in ${title(target.location.parentUid)}` : 'on the page';
  const at = target.edge === 'inside' ? `into ${title(target.anchorUid)}` : `${target.edge} ${title(target.anchorUid)} ${where}`;
  return target.allowed ? `Drop ${at}, position ${target.location.index + 1}.` : `Not allowed ${at}.`;
};

/**
 * The editor's one DndContext: palette items and the selected block's handle are the draggables, the canvas is
 * the one droppable, and dropTargets.ts works out the list and index (see there why). Pointer and keyboard
 * sensors; the keyboard steps through every spot in document order (arrows), Space drops, Escape cancels.
 */
export function EditorDnd({ children }: { children: ReactNode }) {
  const editor = useEditorStore();
  const session = useRef<Session | null>(null);

  const resolve = useCallback((spot: { parentUid: string | null; insertAt: number; anchorUid: string | null; edge: DropTarget['edge'] }, active: ActiveDrag): DropTarget => {
    const s = session.current!;
    const moving = active.uid ? s.index.get(active.uid) : undefined;
    const location = toLocation(spot.parentUid, spot.insertAt, moving);
    const store = editor.getState();
    const intoItself = active.uid !== null && spot.parentUid !== null && isInside(s.index, spot.parentUid, active.uid);
    const noOp = isNoOp(spot.parentUid, spot.insertAt, moving);
    const allowed = noOp || (!intoItself && store.canPlace(active.type, location));
    const target = { location, anchorUid: spot.anchorUid, edge: spot.edge, allowed };
    return { ...target, description: noOp ? 'Current position.' : describe(target, s.index) };
  }, [editor]);

  const keyboardCoordinates: KeyboardCoordinateGetter = useCallback(
    (event, { currentCoordinates }) => {
      const s = session.current;
      const active = useDragState.getState().active;
      if (!s || !active || !s.root) return undefined;
      const step =
        event.code === KeyboardCode.Down || event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Up || event.code === KeyboardCode.Left ? -1 : 0;
      if (step === 0) return undefined;
      event.preventDefault();
      // Next spot in that direction where the block may go (spots equal to where it is are skipped).
      for (let i = s.spot + step; i >= 0 && i < s.spots.length; i += step) {
        const target = resolve(s.spots[i]!, active);
        const spot = s.spots[i]!;
        const moving = active.uid ? s.index.get(active.uid) : undefined;
        if (!target.allowed || isNoOp(spot.parentUid, spot.insertAt, moving)) continue;
        s.spot = i;
        useDragState.setState({ target });
        const anchor = spot.anchorUid ? s.root.querySelector<HTMLElement>(`[data-block-uid="${CSS.escape(spot.anchorUid)}"]`) : null;
        anchor?.scrollIntoView({ block: 'nearest' });
        const r = anchor?.getBoundingClientRect();
        return r ? { x: r.left, y: spot.edge === 'after' ? r.bottom : r.top } : currentCoordinates;
      }
      return currentCoordinates;
    },
    [resolve],
  );

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: keyboardCoordinates,
      keyboardCodes: { start: [KeyboardCode.Space], cancel: [KeyboardCode.Esc], end: [KeyboardCode.Space, KeyboardCode.Enter] },
    }),
  );

  const onDragStart = useCallback((event: DragStartEvent) => {
    const data = event.active.data.current as DragData | undefined;
    if (!data) return;
    const page = editor.getState().page;
    const { index, top } = indexTree(page?.blocks ?? []);
    const keyboard = event.activatorEvent instanceof KeyboardEvent;
    const active: ActiveDrag = { kind: data.kind, type: data.type, uid: data.kind === 'block' ? data.uid : null, title: blockTitle(data.type), keyboard };
    const spots = keyboard ? allSpots(page?.blocks ?? [], isContainer) : [];
    const root = document.querySelector<HTMLElement>('[data-canvas-root]');
    const here = active.uid ? index.get(active.uid) : undefined;
    // A keyboard drag starts at the block's own spot (or, from the palette, after the selection / at the end).
    let spot = spots.length - 1;
    if (here) spot = spots.findIndex((s) => s.parentUid === here.parentUid && s.insertAt === here.index);
    session.current = { index, topCount: top.length, root, spots, spot: Math.max(spot, 0), pointer: null, scrollFrame: 0 };
    useDragState.setState({ active, target: null });
  }, [editor]);

  /** The target under the pointer; `moved` forces a new object so the indicator re-measures after a scroll. */
  const locate = useCallback(
    (moved: boolean) => {
      const s = session.current;
      const active = useDragState.getState().active;
      if (!s || !active || !s.root || !s.pointer) return;
      const spot = locatePoint(s.pointer.x, s.pointer.y, { root: s.root, index: s.index, topCount: s.topCount, isContainer, title: () => '' });
      const target = spot ? resolve(spot, active) : null;
      const prev = useDragState.getState().target;
      if (moved || prev?.description !== target?.description || prev?.anchorUid !== target?.anchorUid || prev?.edge !== target?.edge) useDragState.setState({ target });
    },
    [resolve],
  );

  /** While the pointer rests near the canvas's top or bottom edge, scroll the canvas a step per frame. */
  const autoScroll = useCallback(() => {
    const s = session.current;
    if (!s || !s.root || !s.pointer || s.scrollFrame) return;
    const area = s.root.closest<HTMLElement>('.ed-canvas-scroll');
    if (!area) return;
    const tick = () => {
      s.scrollFrame = 0;
      if (session.current !== s || !s.pointer) return;
      const r = area.getBoundingClientRect();
      const inside = s.pointer.x >= r.left && s.pointer.x <= r.right;
      const step = inside ? autoScrollStep(s.pointer.y, r.top, r.bottom) : 0;
      if (step === 0) return;
      const before = area.scrollTop;
      area.scrollTop = before + step;
      if (area.scrollTop === before) return;
      locate(true);
      s.scrollFrame = requestAnimationFrame(tick);
    };
    s.scrollFrame = requestAnimationFrame(tick);
  }, [locate]);

  const onDragMove = useCallback(
    (event: DragMoveEvent) => {
      const s = session.current;
      const active = useDragState.getState().active;
      if (!s || !active || active.keyboard || !s.root) return;
      const pointer = event.activatorEvent as PointerEvent;
      s.pointer = { x: pointer.clientX + event.delta.x, y: pointer.clientY + event.delta.y };
      locate(false);
      autoScroll();
    },
    [locate, autoScroll],
  );

  const finish = useCallback(() => {
    if (session.current?.scrollFrame) cancelAnimationFrame(session.current.scrollFrame);
    session.current = null;
    useDragState.setState({ active: null, target: null });
  }, []);

  const onDragEnd = useCallback(
    (_event: DragEndEvent) => {
      const { active, target } = useDragState.getState();
      const s = session.current;
      finish();
      if (active && !active.keyboard) swallowNextClick();
      if (!active || !target || !s) return;
      const store = editor.getState();
      if (!target.allowed) {
        announce(`${active.title} can't go there; nothing changed.`);
        return;
      }
      if (active.kind === 'palette') {
        const uid = store.insertBlock(active.type, target.location);
        if (uid) {
          store.select(uid);
          announce(`${active.title} added.`);
          focusBlock(uid);
        } else announce(`${active.title} can't go there; nothing changed.`);
      } else if (active.uid) {
        const moving = s.index.get(active.uid);
        if (moving && moving.parentUid === target.location.parentUid && moving.index === target.location.index) return;
        // A pointer drag leaves focus on the handle, which the move would lose; React restoring it reads every
        // ancestor's scroll position and focuses again — two forced layouts of a 1,250-block grid. Keyboard
        // drags keep their focus (dnd-kit and focusBlock rely on it).
        if (!active.keyboard) blurInside(active.uid);
        if (store.moveBlock(active.uid, target.location)) {
          announce(`${active.title} moved to position ${target.location.index + 1}${target.location.parentUid ? ` in ${blockTitle(s.index.get(target.location.parentUid)?.type ?? '')}` : ''}.`);
          focusBlock(active.uid, active.keyboard);
        } else announce(`${active.title} can't go there; nothing changed.`);
      }
    },
    [editor, finish],
  );

  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: () => {
        const active = useDragState.getState().active;
        return active?.keyboard
          ? `Picked up ${active.title}. Use the arrow keys to choose where it goes, Space to drop it, Escape to cancel.`
          : `Picked up ${active?.title ?? 'block'}.`;
      },
      onDragMove: () => useDragState.getState().target?.description,
      onDragOver: () => undefined,
      onDragEnd: () => undefined,
      onDragCancel: () => `Cancelled. ${useDragState.getState().active?.title ?? 'The block'} stays where it was.`,
    }),
    [],
  );

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={finish}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'To move this block, press Space, then use the arrow keys to choose a spot and Space again to drop it. Escape cancels.',
        },
      }}
      // dnd-kit scrolls the dragged item's scroll parents (the palette); the canvas scrolls itself (autoScroll above).
      autoScroll={false}
    >
      {children}
      <DropIndicator />
      <DragOverlay dropAnimation={null}>
        <DragChip />
      </DragOverlay>
    </DndContext>
  );
}

function DragChip() {
  const active = useDragState((s) => s.active);
  const allowed = useDragState((s) => s.target?.allowed ?? true);
  if (!active) return null;
  return (
    <div className={`ed-drag-chip${allowed ? '' : ' ed-drag-chip--blocked'}`} data-drag-overlay>
      {active.title}
      {!allowed && <span> · not allowed here</span>}
    </div>
  );
}

function blurInside(uid: string) {
  const focused = document.activeElement;
  const block = document.querySelector(`[data-canvas-uid="${CSS.escape(uid)}"]`);
  if (focused instanceof HTMLElement && block?.contains(focused)) focused.blur();
}

/** Puts focus back on a block after it moved (a move into another list mounts it anew). */
export function focusBlock(uid: string, focus = true) {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>(`[data-canvas-uid="${CSS.escape(uid)}"]`);
    el?.scrollIntoView({ block: 'nearest' });
    if (focus) el?.focus({ preventScroll: true });
  });
}
