import type { BlockData } from '../storeData';

/** §4 block visibility in native mode. Preview mode skips these filters. */

export type ConditionCheck = () => boolean;
export type Conditions = Record<string, ConditionCheck>;

/** A block is unpublished when published is false (or the envelope says so), or when all its children are. */
export function isUnpublished(block: BlockData): boolean {
  if (block.properties.published === false || block.unpublished) return true;
  return block.items.length > 0 && block.items.every(isUnpublished);
}

/**
 * Keeps the blocks a shopper sees: published ones whose conditions all pass (an unknown condition name is
 * reported and hides the block), and containers with at least one visible child.
 */
export function visibleBlocks(blocks: readonly BlockData[], conditions: Conditions, report: (message: string) => void = console.warn): BlockData[] {
  const out: BlockData[] = [];
  for (const block of blocks) {
    if (block.flags.deleted || isUnpublished(block)) continue;
    const names = block.properties.conditions ?? [];
    const pass = names.every((name) => {
      const check = conditions[name];
      if (!check) report(`Invalid block condition "${name}" on block ${block.uid}`);
      return check ? check() : false;
    });
    if (!pass) continue;
    if (block.items.length > 0) {
      const items = visibleBlocks(block.items, conditions, report);
      if (items.length === 0) continue;
      out.push(items.length === block.items.length ? block : { ...block, items });
    } else out.push(block);
  }
  return out;
}
