import type { BlockData } from '../../core/storeData';
import type { EditorState } from '../store';

/** The block a JSON pointer of a save error points into (/blocks/2/items/0/properties/title → that block). */
export function blockAtPath(blocks: readonly BlockData[], path: string): BlockData | undefined {
  const match = /^\/blocks((?:\/\d+(?:\/items)?)+)/.exec(path);
  if (!match) return undefined;
  const indexes = match[1]!.split('/items').filter((part) => part !== '').map((part) => Number(part.replace(/\//g, '')));
  let list: readonly BlockData[] = blocks;
  let found: BlockData | undefined;
  for (const i of indexes) {
    found = list[i];
    if (!found) return undefined;
    list = found.items;
  }
  return found;
}

const EMPTY = new Set<string>();
let memo: { errors: unknown; blocks: unknown; uids: Set<string> } | null = null;

/** Uids of blocks with save (422) errors; computed once per state change however many blocks ask. */
export function saveErrorUids(state: Pick<EditorState, 'saveErrors' | 'page'>): Set<string> {
  const errors = state.saveErrors;
  const blocks = state.page?.blocks;
  if (!blocks || Object.keys(errors).length === 0) return EMPTY;
  if (memo && memo.errors === errors && memo.blocks === blocks) return memo.uids;
  const uids = new Set<string>();
  for (const path of Object.keys(errors)) {
    const block = blockAtPath(blocks, path);
    if (block) uids.add(block.uid);
  }
  memo = { errors, blocks, uids };
  return uids;
}

/** The field part of an error path: "/blocks/0/properties/title" → "title". */
export const fieldOf = (path: string) => path.replace(/^\/blocks(?:\/\d+(?:\/items)?)+/, '').replace(/^\/properties\//, '').replace(/^\//, '').replace(/\//g, ' › ');
