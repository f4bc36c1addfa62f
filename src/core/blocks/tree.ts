/** Block tree operations shared by the server, the renderer and the editor. */

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
