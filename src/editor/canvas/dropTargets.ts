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

type Spot = Omit<DropTarget, 'allowed' | 'location' | 'description'> & { parentUid: string | null; insertAt: number };

/** The drawn elements of one list (the page's top level, or a container's children), in their order. */
function listElements(root: HTMLElement, parentUid: string | null, ctx: LocateContext): HTMLElement[] {
  const scope = parentUid === null ? root : root.querySelector<HTMLElement>(`[data-block-uid="${CSS.escape(parentUid)}"]`);
  if (!scope) return [];
  const out: HTMLElement[] = [];
  for (const el of scope.querySelectorAll<HTMLElement>('[data-block-uid]')) {
    const entry = ctx.index.get(el.dataset.blockUid!);
    if (entry && entry.parentUid === parentUid) out[entry.index] = el;
  }
  return out.filter(Boolean);
}

/**
 * The spot in a list nearest a point that is on none of its blocks (a gap between blocks or rows, the space
 * below the last block): reading order — before the first block of a later row, or before the first block of
 * the point's own row that lies to its right; after the last block otherwise.
 */
export function spotInList(children: readonly Element[], x: number, y: number): number {
  // Rows go down in order: the first block whose top is below the point (binary search; 1,250 blocks stay cheap).
  let lo = 0;
  let hi = children.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (children[mid]!.getBoundingClientRect().top > y) hi = mid;
    else lo = mid + 1;
  }
  let at = lo;
  if (at === 0) return 0;
  // The row just above (or around) the point: if the point is beside its blocks, not below them, go by x.
  const rowTop = children[at - 1]!.getBoundingClientRect().top;
  let rowBottom = -Infinity;
  for (let k = at - 1; k >= 0; k--) {
    const r = children[k]!.getBoundingClientRect();
    if (r.top !== rowTop) break;
    rowBottom = Math.max(rowBottom, r.bottom);
  }
  if (y > rowBottom) return at;
  for (let k = at - 1; k >= 0; k--) {
    const r = children[k]!.getBoundingClientRect();
    if (r.top !== rowTop || x >= r.left + r.width / 2) break;
    at = k;
  }
  return at;
}

const spotFor = (children: readonly HTMLElement[], parentUid: string | null, insertAt: number): Spot => {
  if (children.length === 0) return { parentUid, insertAt: 0, anchorUid: parentUid, edge: 'inside' };
  if (insertAt < children.length) return { parentUid, insertAt, anchorUid: children[insertAt]!.dataset.blockUid!, edge: 'before' };
  return { parentUid, insertAt: children.length, anchorUid: children.at(-1)!.dataset.blockUid!, edge: 'after' };
};

/**
 * The insertion point under a point of the viewport, or null outside the canvas. Anywhere in the canvas's
 * scroll area counts (a point beside or below the page is taken at the page's nearest edge), so gaps, the
 * space under the last block and empty containers all resolve to where the pointer is, never "the end".
 */
export function locatePoint(x: number, y: number, ctx: LocateContext): Spot | null {
  const area = ctx.root.closest<HTMLElement>('.ed-canvas-scroll') ?? ctx.root;
  const areaRect = area.getBoundingClientRect();
  if (x < areaRect.left || x > areaRect.right || y < areaRect.top || y > areaRect.bottom) return null;
  const rootRect = ctx.root.getBoundingClientRect();
  const px = Math.min(Math.max(x, rootRect.left + 1), rootRect.right - 1);
  const py = Math.min(Math.max(y, rootRect.top + 1), rootRect.bottom - 1);
  const hit = document.elementsFromPoint(px, py).find((el) => ctx.root.contains(el) && !el.closest('[data-drag-overlay]'));
  const element = blockOf(hit ?? null, ctx.root);
  if (!element) return spotFor(listElements(ctx.root, null, ctx), null, spotInList(listElements(ctx.root, null, ctx), px, py));
  const uid = element.dataset.blockUid!;
  const entry = ctx.index.get(uid);
  if (!entry) return null;
  const rect = element.getBoundingClientRect();
  // A container's inner area (away from its edges) takes the block among its children, where the pointer is.
  if (ctx.isContainer(entry.type)) {
    const inner = px > rect.left + EDGE_PX && px < rect.right - EDGE_PX && py > rect.top + EDGE_PX && py < rect.bottom - EDGE_PX;
    if (inner) {
      const children = entry.childCount ? listElements(ctx.root, uid, ctx) : [];
      return spotFor(children, uid, children.length ? spotInList(children, px, py) : 0);
    }
  }
  const after = isSideBySide(element) ? px > rect.left + rect.width / 2 : py > rect.top + rect.height / 2;
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
