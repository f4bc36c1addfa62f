/** Block tree operations shared by the server, the renderer and the editor. */

import { isPseudoType } from './messages';

export interface TreeBlock {
  uid: string;
  type: string;
  order?: number;
  items?: TreeBlock[];
}

/** Orders follow array positions at every level (§4: orders are renumbered after each change). */
export function renumber<T extends { order?: number; items?: unknown[] }>(blocks: T[]): T[] {
  blocks.forEach((block, index) => {
    block.order = index;
    if (Array.isArray(block.items)) renumber(block.items as T[]);
  });
  return blocks;
}

/** Depth-first visit of every block (children after their parent). */
export function* walkBlocks<T extends { items?: unknown[] }>(blocks: readonly T[]): Generator<T> {
  for (const block of blocks) {
    yield block;
    if (Array.isArray(block.items)) yield* walkBlocks(block.items as T[]);
  }
}

/* ------------------------------------------------------------------------------------------------------------
 * Editor operations. Pure: inputs are never mutated (they may be frozen immer state); every operation
 * returns a new top-level array that copies only the blocks on the changed path, so unchanged blocks keep their
 * object identity (structural sharing). Blocks are addressed by uid, never by index paths. An operation that is
 * not allowed returns null and changes nothing.
 * ------------------------------------------------------------------------------------------------------------ */

/** The block shape the editor operations need (BlockData satisfies it). */
export interface EditableBlock {
  uid: string;
  type: string;
  order?: number;
  items?: EditableBlock[];
  flags?: { deleted?: boolean; reordered?: boolean };
}

/** Where a block goes: a container (by uid) or the page top level (null), and its index there. */
export interface TreeLocation {
  parentUid: string | null;
  /** Position in the destination list once the operation is done (clamped to 0…length). */
  index: number;
}

/** What the containment rules need of a block type (the x-block annotation, §3 / DESIGN §3). */
export type MetaOf = (type: string) => { container: { accepts: string[] } | null } | undefined;

type Items<T> = T & { items?: T[] };
const itemsOf = <T extends EditableBlock>(block: T): T[] => (block.items ?? []) as T[];

/** The block with this uid anywhere in the tree. */
export function findBlock<T extends EditableBlock>(blocks: readonly T[], uid: string): T | undefined {
  for (const block of blocks) {
    if (block.uid === uid) return block;
    if (block.items && block.items.length > 0) {
      const found = findBlock(itemsOf(block), uid);
      if (found) return found;
    }
  }
  return undefined;
}

/** The parent (null at top level), the sibling list and the index of the block with this uid. */
export function findParent<T extends EditableBlock>(
  blocks: readonly T[],
  uid: string,
  parent: T | null = null,
): { parent: T | null; siblings: readonly T[]; index: number } | undefined {
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!;
    if (block.uid === uid) return { parent, siblings: blocks, index };
    if (block.items && block.items.length > 0) {
      const found = findParent(itemsOf(block), uid, block);
      if (found) return found;
    }
  }
  return undefined;
}

/** The location of a block: its parent's uid (null at top level) and its index among its siblings. */
export function locate(blocks: readonly EditableBlock[], uid: string): TreeLocation | undefined {
  const found = findParent(blocks, uid);
  return found && { parentUid: found.parent?.uid ?? null, index: found.index };
}

/** Whether `uid` is `ancestorUid` or lies inside it. */
export function isWithin(blocks: readonly EditableBlock[], uid: string, ancestorUid: string): boolean {
  const ancestor = findBlock(blocks, ancestorUid);
  return ancestor !== undefined && findBlock([ancestor], uid) !== undefined;
}

/**
 * Containment (§3): a container accepts the types its x-block lists, "*" meaning any non-pseudo type; a pseudo
 * type (leading or trailing "_") goes only where it is named. parentType null is the page top level, which takes
 * any known non-pseudo type. Unknown types are never placed.
 */
export function canContain(parentType: string | null, childType: string, metaOf: MetaOf): boolean {
  if (!childType) return false;
  const pseudo = isPseudoType(childType);
  if (!pseudo && !metaOf(childType)) return false;
  if (parentType === null) return !pseudo;
  const accepts = metaOf(parentType)?.container?.accepts;
  if (!accepts) return false;
  if (accepts.includes(childType)) return true;
  return !pseudo && accepts.includes('*');
}

/** §3: a slideshow at order 0 of the page is fixed — it cannot be moved or removed, nothing goes above it. */
export function isFixedBlock(blocks: readonly EditableBlock[], uid: string): boolean {
  const first = blocks[0];
  return first !== undefined && first.uid === uid && first.type === 'slideshow';
}

const hasFixedTop = (blocks: readonly EditableBlock[]) => blocks[0]?.type === 'slideshow';

/** The sibling list at a location, or undefined when the parent is missing or no container. */
function listAt<T extends EditableBlock>(blocks: readonly T[], parentUid: string | null): { parent: T | null; list: readonly T[] } | undefined {
  if (parentUid === null) return { parent: null, list: blocks };
  const parent = findBlock(blocks, parentUid);
  if (!parent) return undefined;
  return { parent, list: itemsOf(parent) };
}

/**
 * Whether a block of `type` may go to `at`: the parent exists and accepts the type, and it does not go above a
 * fixed top slideshow. `movingUid` is the block being moved (it may not go into itself or its own children).
 */
export function canPlaceAt(blocks: readonly EditableBlock[], type: string, at: TreeLocation, metaOf: MetaOf, movingUid?: string): boolean {
  const target = listAt(blocks, at.parentUid);
  if (!target) return false;
  if (movingUid !== undefined && at.parentUid !== null && isWithin(blocks, at.parentUid, movingUid)) return false;
  if (!canContain(target.parent?.type ?? null, type, metaOf)) return false;
  if (at.parentUid === null && at.index <= 0 && hasFixedTop(blocks)) {
    // Only the fixed slideshow itself stays at 0; anything else would push it down.
    if (movingUid === undefined || blocks[0]!.uid !== movingUid) return false;
  }
  return true;
}

/** Orders follow positions in one sibling list; a block whose order changes is copied, the others are kept. */
function renumberList<T extends EditableBlock>(list: T[], reorderedUids: ReadonlySet<string> = new Set()): T[] {
  for (let index = 0; index < list.length; index++) {
    const block = list[index]!;
    const reordered = reorderedUids.has(block.uid) && block.flags?.reordered !== true;
    if (block.order !== index || reordered) {
      list[index] = { ...block, order: index, ...(reordered ? { flags: { ...block.flags, reordered: true } } : {}) };
    }
  }
  return list;
}

/** Deep renumber without mutating: copies only blocks whose order changes (or who hold such blocks). */
export function renumbered<T extends EditableBlock>(blocks: readonly T[]): T[] {
  let changed = false;
  const out = blocks.map((block, index) => {
    const items = block.items && block.items.length > 0 ? renumbered(itemsOf(block)) : undefined;
    const itemsChanged = items !== undefined && items.some((item, i) => item !== block.items![i]);
    if (block.order === index && !itemsChanged) return block;
    changed = true;
    return { ...block, order: index, ...(itemsChanged ? { items } : {}) } as T;
  });
  return changed ? out : [...blocks];
}

/**
 * Replaces one sibling list (the top level when parentUid is null) through `edit`, copying the blocks on the
 * path down to it. `edit` receives a fresh copy of the list it may change freely.
 */
function editList<T extends EditableBlock>(blocks: readonly T[], parentUid: string | null, edit: (list: T[]) => T[]): T[] | null {
  if (parentUid === null) return edit([...blocks]);
  let done = false;
  const walk = (list: readonly T[]): T[] | null => {
    for (let index = 0; index < list.length; index++) {
      const block = list[index]!;
      if (block.uid === parentUid) {
        done = true;
        const copy = [...list];
        copy[index] = { ...block, items: edit([...itemsOf(block)]) } as Items<T>;
        return copy;
      }
      if (block.items && block.items.length > 0) {
        const inner = walk(itemsOf(block));
        if (inner) {
          const copy = [...list];
          copy[index] = { ...block, items: inner } as Items<T>;
          return copy;
        }
      }
    }
    return null;
  };
  const result = walk(blocks);
  return done ? result : null;
}

/** Replaces the block with this uid by `update(block)`, copying only the path to it. null if missing. */
export function updateBlock<T extends EditableBlock>(blocks: readonly T[], uid: string, update: (block: T) => T): T[] | null {
  const walk = (list: readonly T[]): T[] | null => {
    for (let index = 0; index < list.length; index++) {
      const block = list[index]!;
      if (block.uid === uid) {
        const next = update(block);
        if (next === block) return list as T[];
        const copy = [...list];
        copy[index] = next;
        return copy;
      }
      if (block.items && block.items.length > 0) {
        const inner = walk(itemsOf(block));
        if (inner) {
          if (inner === block.items) return list as T[];
          const copy = [...list];
          copy[index] = { ...block, items: inner } as Items<T>;
          return copy;
        }
      }
    }
    return null;
  };
  return walk(blocks);
}

const clampIndex = (index: number, length: number) => Math.max(0, Math.min(Number.isFinite(index) ? Math.trunc(index) : length, length));

/**
 * Inserts a block at a location (then renumbers that list). With metaOf the containment rules and the fixed
 * slideshow are checked; without, the insertion is mechanical. null when refused or the parent is missing.
 */
export function insertAt<T extends EditableBlock>(blocks: readonly T[], block: T, at: TreeLocation, metaOf?: MetaOf): T[] | null {
  if (findBlock(blocks, block.uid)) return null; // uids are unique in a page
  if (metaOf && !canPlaceAt(blocks, block.type, at, metaOf)) return null;
  if (!metaOf && !listAt(blocks, at.parentUid)) return null;
  return editList(blocks, at.parentUid, (list) => {
    list.splice(clampIndex(at.index, list.length), 0, block);
    return renumberList(list);
  });
}

/** Removes a block and its children (then renumbers its siblings). null for a missing or fixed block. */
export function removeByUid<T extends EditableBlock>(blocks: readonly T[], uid: string): T[] | null {
  if (isFixedBlock(blocks, uid)) return null;
  const found = findParent(blocks, uid);
  if (!found) return null;
  return editList(blocks, found.parent?.uid ?? null, (list) => {
    list.splice(found.index, 1);
    return renumberList(list);
  });
}

/**
 * Moves a block (with its children) to a location — within its list, into or out of containers. `at.index` is
 * its position in the destination list after the move. Sets flags.reordered on the moved block (§4) and
 * renumbers both lists. null when not allowed (containment, into itself, the fixed slideshow) or unchanged.
 */
export function moveTo<T extends EditableBlock>(blocks: readonly T[], uid: string, at: TreeLocation, metaOf: MetaOf): T[] | null {
  const from = findParent(blocks, uid);
  if (!from) return null;
  if (isFixedBlock(blocks, uid)) return null;
  const block = from.siblings[from.index]!;
  if (!canPlaceAt(blocks, block.type, at, metaOf, uid)) return null;
  const fromParent = from.parent?.uid ?? null;
  const moved = new Set([uid]);
  if (fromParent === at.parentUid) {
    const target = clampIndex(at.index, from.siblings.length - 1);
    if (target === from.index) return null;
    return editList(blocks, fromParent, (list) => {
      list.splice(from.index, 1);
      list.splice(target, 0, block);
      return renumberList(list, moved);
    });
  }
  const without = editList(blocks, fromParent, (list) => {
    list.splice(from.index, 1);
    return renumberList(list);
  });
  if (!without) return null;
  return editList(without, at.parentUid, (list) => {
    list.splice(clampIndex(at.index, list.length), 0, block);
    return renumberList(list, moved);
  });
}

/** A deep copy of a block with fresh uids for it and all its children (ids dropped: the copy is new). */
export function cloneWithNewUids<T extends EditableBlock>(block: T, newUid: () => string): T {
  const copy = structuredClone(block) as T & { id?: unknown };
  const refresh = (b: EditableBlock & { id?: unknown }) => {
    b.uid = newUid();
    delete b.id;
    if (b.flags?.reordered) b.flags = { ...b.flags, reordered: false };
    b.items?.forEach(refresh);
  };
  refresh(copy);
  return copy;
}

/** Duplicates a block (deep, fresh uids) right after the original. null when the block is missing. */
export function duplicate<T extends EditableBlock>(blocks: readonly T[], uid: string, newUid: () => string): { blocks: T[]; uid: string } | null {
  const found = findParent(blocks, uid);
  if (!found) return null;
  const copy = cloneWithNewUids(found.siblings[found.index]!, newUid);
  const next = editList(blocks, found.parent?.uid ?? null, (list) => {
    list.splice(found.index + 1, 0, copy);
    return renumberList(list);
  });
  return next && { blocks: next, uid: copy.uid };
}

/**
 * Editor mode "update blocks" (§4): each incoming block replaces the block with its uid (wherever it is, keeping
 * its position) or, when new, is inserted at the top level at its `order` (at the end without one); then every
 * level is renumbered. Containment is the caller's check (validateBlocks). Returns the new tree and, per incoming
 * block, whether it replaced or inserted.
 */
export function upsertBlocks<T extends EditableBlock>(blocks: readonly T[], incoming: readonly T[]): { blocks: T[]; replaced: string[]; inserted: string[] } {
  let next: T[] = [...blocks];
  const replaced: string[] = [];
  const inserted: string[] = [];
  for (const block of incoming) {
    const updated = findBlock(next, block.uid) ? updateBlock(next, block.uid, () => block) : null;
    if (updated) {
      next = updated;
      replaced.push(block.uid);
      continue;
    }
    const index = typeof block.order === 'number' && Number.isFinite(block.order) ? block.order : next.length;
    next.splice(clampIndex(index, next.length), 0, block);
    inserted.push(block.uid);
  }
  return { blocks: renumbered(next), replaced, inserted };
}
