/** Live validation of the page being edited: messages by block uid, recomputed only for blocks that changed. */
import { walkBlocks } from '../../core/blocks/tree';
import { isPseudoType } from '../../core/blocks/messages';
import { versionError } from '../../core/blocks/upgrade';
import type { BlockData } from '../../core/storeData';
import { editorRegistry } from '../schemas';
import { BREAKPOINT_LABELS, type Breakpoint } from '../../core/blocks/responsive';
import { blockIndex } from './share';

export type Invalid = Record<string, string[]>;

/**
 * One block's messages: its properties (validated on a copy: the registry fills defaults in place) and overrides. A
 * block saved under another schema version than the builder's (one the server could not upgrade) gets that one
 * message instead.
 */
export function validateBlock(block: BlockData): string[] {
  if (isPseudoType(block.type)) return [];
  const registry = editorRegistry();
  const meta = registry.blockMeta(block.type);
  const versionProblem = meta ? versionError(block.type, block.schemaVersion, meta.version) : null;
  if (versionProblem) return [versionProblem];
  const own = registry.validateBlockProperties(block.type, structuredClone(block.properties)).map((e) => e.message);
  // An override's message says which device it is about ("/responsive/phone/fontScale" → "Phone: …").
  const overrides = registry.validateBlockOverrides(block.type, block.responsive).map((e) => {
    const breakpoint = e.path.split('/')[2] as Breakpoint;
    return `${BREAKPOINT_LABELS[breakpoint] ?? breakpoint}: ${e.message}`;
  });
  return overrides.length > 0 ? [...own, ...overrides] : own;
}

/** `invalid` with the messages of exactly these blocks brought up to date (pass walkBlocks(...) for subtrees). */
export function withValidation(invalid: Invalid, blocks: Iterable<BlockData>): Invalid {
  let out = invalid;
  for (const block of blocks) {
    const messages = validateBlock(block);
    if (messages.length > 0) out = { ...out, [block.uid]: messages };
    else if (block.uid in out) {
      out = { ...out };
      delete out[block.uid];
    }
  }
  return out;
}

/** `invalid` without the messages of these blocks (they left the page). */
export function withoutValidation(invalid: Invalid, blocks: Iterable<BlockData>): Invalid {
  let out = invalid;
  for (const block of blocks) {
    if (!(block.uid in out)) continue;
    if (out === invalid) out = { ...invalid };
    delete out[block.uid];
  }
  return out;
}

/** Validates every block of a page. */
export function validateAll(blocks: readonly BlockData[]): Invalid {
  const out: Invalid = {};
  for (const block of walkBlocks(blocks)) {
    const messages = validateBlock(block);
    if (messages.length > 0) out[block.uid] = messages;
  }
  return out;
}

/** Re-validates only the blocks whose properties changed between two versions of a page (undo/redo/reload). */
export function revalidateChanged(prev: readonly BlockData[], next: readonly BlockData[], invalid: Invalid): Invalid {
  const before = blockIndex(prev);
  const after = blockIndex(next);
  let out = invalid;
  for (const uid of Object.keys(invalid)) {
    if (!after.has(uid)) {
      if (out === invalid) out = { ...invalid };
      delete out[uid];
    }
  }
  for (const [uid, block] of after) {
    const was = before.get(uid);
    if (was?.properties === block.properties && was.responsive === block.responsive) continue;
    out = withValidation(out, [block]);
  }
  return out;
}
