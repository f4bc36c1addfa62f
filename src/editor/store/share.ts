/** Helpers of the editor store: structural sharing with server answers, uid indexes, error mapping. */
import type { BlockData, PageDocument } from '../../core/storeData';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';
const hasUid = (value: unknown): value is { uid: string } => isObject(value) && typeof (value as { uid?: unknown }).uid === 'string';

/**
 * `next` with every part that deep-equals a part of `prev` replaced by that part of `prev` — so a page that
 * comes back from the server keeps the identity of the blocks that did not change (memoised canvas blocks do
 * not re-render). Lists of blocks are matched by uid, other lists by index.
 */
export function shareStructure<T>(prev: T, next: T): T {
  if (Object.is(prev, next)) return prev;
  if (!isObject(prev) || !isObject(next) || Array.isArray(prev) !== Array.isArray(next)) return next;
  if (Array.isArray(next)) {
    const before = prev as unknown as unknown[];
    const byUid = new Map<string, unknown>();
    for (const item of before) if (hasUid(item)) byUid.set(item.uid, item);
    let same = before.length === next.length;
    const out = next.map((item, index) => {
      const match = hasUid(item) && byUid.has(item.uid) ? byUid.get(item.uid) : before[index];
      const shared = shareStructure(match, item);
      if (shared !== before[index]) same = false;
      return shared;
    });
    return (same ? prev : out) as T;
  }
  const before = prev as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = Object.keys(after);
  let same = keys.length === Object.keys(before).length;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const shared = shareStructure(before[key], after[key]);
    if (shared !== before[key] || !(key in before)) same = false;
    out[key] = shared;
  }
  return (same ? prev : out) as T;
}

/**
 * The two most recent indexes (the current tree, and the previous one while subscribers compare). Older trees —
 * the undo history — keep no index, so history costs only the copied paths (heap growth for 100 edits).
 */
const recent: { blocks: readonly BlockData[]; index: Map<string, BlockData> }[] = [];

/** uid → block for a whole tree, built once per tree (the store replaces the top-level array on every change). */
export function blockIndex(blocks: readonly BlockData[]): Map<string, BlockData> {
  for (const entry of recent) if (entry.blocks === blocks) return entry.index;
  const index = new Map<string, BlockData>();
  const visit = (list: readonly BlockData[]) => {
    for (const block of list) {
      index.set(block.uid, block);
      if (block.items.length > 0) visit(block.items);
    }
  };
  visit(blocks);
  recent.unshift({ blocks, index });
  if (recent.length > 2) recent.length = 2;
  return index;
}

/**
 * Save errors (JSON pointers such as /blocks/0/items/1/properties/title) grouped by the uid of the deepest block
 * they point into; errors outside any block are keyed "page".
 */
export function saveErrorsByUid(page: PageDocument | null, errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    let key = 'page';
    if (page) {
      const parts = path.split('/').slice(1);
      let list: readonly BlockData[] | undefined = parts[0] === 'blocks' ? page.blocks : undefined;
      let i = 1;
      while (list && i < parts.length) {
        const block: BlockData | undefined = list[Number(parts[i])];
        if (!block) break;
        key = block.uid;
        if (parts[i + 1] === 'items') {
          list = block.items;
          i += 2;
        } else break;
      }
    }
    (out[key] ??= []).push(...messages);
  }
  return out;
}
