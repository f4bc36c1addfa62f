/**
 * Where a dragged block will land, worked out from the canvas DOM and the page tree — without registering a
 * droppable per block. dnd-kit's droppables (and SortableContext) re-render every registered item whenever the
 * drag state changes; at 1,250 blocks that alone blows the 16 ms budget, and sortable strategies assume one flat
 * list, not a nested 12-column grid of mixed widths. So the canvas is one droppable and this module answers
 * "which list, which index" for a point (pointer drags) or steps through every legal spot (keyboard drags).
 */
import type { BlockData } from '../../core/storeData';

/** Where a block goes, as the store's actions take it: `index` is its position once placed. */
export interface Location {
  parentUid: string | null;
  index: number;
}

/** A drop spot and how to draw it: before/after a sibling, or inside an empty container. */
export interface DropTarget {
  location: Location;
  anchorUid: string | null;
  edge: 'before' | 'after' | 'inside';
  allowed: boolean;
  /** Words for the live region: "before Banner in Row 2". */
  description: string;
}

export interface TreeEntry {
  uid: string;
  type: string;
  parentUid: string | null;
  index: number;
  childCount: number;
}

export type TreeIndex = Map<string, TreeEntry>;

export function indexTree(blocks: readonly BlockData[]): { index: TreeIndex; top: string[] } {
  const index: TreeIndex = new Map();
  const visit = (list: readonly BlockData[], parentUid: string | null): string[] => {
    const sorted = [...list].sort((a, b) => a.order - b.order);
    sorted.forEach((block, i) => {
      index.set(block.uid, { uid: block.uid, type: block.type, parentUid, index: i, childCount: block.items.length });
      if (block.items.length) visit(block.items, block.uid);
    });
    return sorted.map((b) => b.uid);
  };
  const top = visit(blocks, null);
  return { index, top };
}

/** True when `uid` is `ancestor` or inside it. */
export function isInside(index: TreeIndex, uid: string | null, ancestor: string): boolean {
  for (let at = uid; at !== null; at = index.get(at)?.parentUid ?? null) if (at === ancestor) return true;
  return false;
}

/**
 * An insertion point among the current siblings ("before the child now at i") as the store's location: when a
 * block moves later within its own list, its removal shifts the spot one up.
 */
export function toLocation(parentUid: string | null, insertAt: number, moving: TreeEntry | undefined): Location {
  if (moving && moving.parentUid === parentUid && moving.index < insertAt) return { parentUid, index: insertAt - 1 };
  return { parentUid, index: insertAt };
}

/** The same spot as where the block already is (dropping there changes nothing). */
export function isNoOp(parentUid: string | null, insertAt: number, moving: TreeEntry | undefined): boolean {
  return moving !== undefined && moving.parentUid === parentUid && (insertAt === moving.index || insertAt === moving.index + 1);
}

const NARROW = 0.85;
const EDGE_PX = 14;

/** Whether a block shares its row with others (then before/after is left/right, else top/bottom). */
export function isSideBySide(element: Element): boolean {
  const grid = element.parentElement;
  if (!grid) return false;
  return element.getBoundingClientRect().width < grid.getBoundingClientRect().width * NARROW;
}

export interface LocateContext {
  root: HTMLElement;
  index: TreeIndex;
  topCount: number;
  isContainer: (type: string) => boolean;
  title: (uid: string | null) => string;
}

const blockOf = (element: Element | null, root: HTMLElement): HTMLElement | null => {
  const found = element?.closest<HTMLElement>('[data-block-uid]') ?? null;
  return found && root.contains(found) ? found : null;
};

/** The insertion point under a point of the viewport, or null outside the canvas. */
export function locatePoint(x: number, y: number, ctx: LocateContext): Omit<DropTarget, 'allowed' | 'location' | 'description'> & { parentUid: string | null; insertAt: number } | null {
  const rootRect = ctx.root.getBoundingClientRect();
  if (x < rootRect.left || x > rootRect.right || y < rootRect.top || y > rootRect.bottom) return null;
  const hit = document.elementsFromPoint(x, y).find((el) => ctx.root.contains(el) && !el.closest('[data-drag-overlay]'));
  const element = blockOf(hit ?? null, ctx.root);
  if (!element) {
    // Empty canvas space: the end of the page.
    const lastUid = [...ctx.index.values()].filter((e) => e.parentUid === null).at(-1)?.uid ?? null;
    return { parentUid: null, insertAt: ctx.topCount, anchorUid: lastUid, edge: lastUid ? 'after' : 'inside' };
  }
  const uid = element.dataset.blockUid!;
  const entry = ctx.index.get(uid);
  if (!entry) return null;
  const rect = element.getBoundingClientRect();
  // A container's inner area (away from its edges) takes the block inside, at its end.
  if (ctx.isContainer(entry.type)) {
    const inner = x > rect.left + EDGE_PX && x < rect.right - EDGE_PX && y > rect.top + EDGE_PX && y < rect.bottom - EDGE_PX;
    if (inner) return { parentUid: uid, insertAt: entry.childCount, anchorUid: uid, edge: 'inside' };
  }
  const after = isSideBySide(element) ? x > rect.left + rect.width / 2 : y > rect.top + rect.height / 2;
  return { parentUid: entry.parentUid, insertAt: entry.index + (after ? 1 : 0), anchorUid: uid, edge: after ? 'after' : 'before' };
}

/**
 * Every spot in document order, for keyboard drags: before each block of a list, after its last block, and
 * inside empty containers.
 */
export function allSpots(blocks: readonly BlockData[], isContainer: (type: string) => boolean): { parentUid: string | null; insertAt: number; anchorUid: string | null; edge: DropTarget['edge'] }[] {
  const spots: { parentUid: string | null; insertAt: number; anchorUid: string | null; edge: DropTarget['edge'] }[] = [];
  const visit = (list: readonly BlockData[], parentUid: string | null) => {
    const sorted = [...list].sort((a, b) => a.order - b.order);
    if (sorted.length === 0) {
      spots.push({ parentUid, insertAt: 0, anchorUid: parentUid, edge: 'inside' });
      return;
    }
    sorted.forEach((block, i) => {
      spots.push({ parentUid, insertAt: i, anchorUid: block.uid, edge: 'before' });
      if (isContainer(block.type)) visit(block.items, block.uid);
    });
    spots.push({ parentUid, insertAt: sorted.length, anchorUid: sorted.at(-1)!.uid, edge: 'after' });
  };
  visit(blocks, null);
  return spots;
}

/** Where the drop indicator goes, in viewport coordinates. */
export function indicatorRect(target: Pick<DropTarget, 'anchorUid' | 'edge'>, root: HTMLElement): { left: number; top: number; width: number; height: number; box: boolean } | null {
  const anchor = target.anchorUid ? root.querySelector<HTMLElement>(`[data-block-uid="${CSS.escape(target.anchorUid)}"]`) : null;
  if (!anchor) {
    const r = root.getBoundingClientRect();
    return { left: r.left + 16, top: r.top + 16, width: r.width - 32, height: 48, box: true };
  }
  const r = anchor.getBoundingClientRect();
  if (target.edge === 'inside') return { left: r.left + 6, top: r.top + 6, width: Math.max(r.width - 12, 12), height: Math.max(r.height - 12, 24), box: true };
  if (isSideBySide(anchor)) {
    const x = target.edge === 'before' ? r.left - 8 : r.right + 6;
    return { left: x, top: r.top, width: 3, height: r.height, box: false };
  }
  const y = target.edge === 'before' ? r.top - 8 : r.bottom + 6;
  return { left: r.left, top: y, width: r.width, height: 3, box: false };
}

/**
 * After a pointer gesture (a drag or a resize) the browser still fires a click on the common ancestor of where
 * it started and ended — the canvas background, which would clear the selection. Swallow that one click.
 */
export function swallowNextClick() {
  const swallow = (event: Event) => {
    event.stopPropagation();
    event.preventDefault();
  };
  window.addEventListener('click', swallow, { capture: true, once: true });
  setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
}
