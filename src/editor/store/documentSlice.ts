/**
 * Changes to the page's blocks and fields. Every change goes through the pure tree operations of
 * src/core/blocks/tree.ts (which also hold the one containment rule), so only the changed path is copied and
 * memoised canvas blocks of unchanged blocks do not re-render.
 */
import {
  canContain,
  canPlaceAt,
  duplicate,
  findBlock,
  findParent,
  insertAt,
  isFixedBlock,
  isWithin,
  moveTo,
  removeByUid,
  updateBlock,
  upsertBlocks as upsertTree,
  walkBlocks,
} from '../../core/blocks/tree';
import { GRID_COLUMNS, GRID_COLUMNS_SMALL, MIN_BLOCK_SIZE, isPseudoType } from '../../core/blocks/messages';
import type { BlockData, PageDocument } from '../../core/storeData';
import type { Compatibility } from '../../core/schemas/types';
import { withOverrides } from '../../core/blocks/responsive';
import { clipboardMessages } from '../clipboard';
import { editorRegistry, makeBlock, metaOf, newUid } from '../schemas';
import { upgradeAndValidateBlocks } from '../../core/schemas/upgradeAndValidate';
import { commitPage, touchGesture } from './history';
import type { SliceKit } from './kit';
import { blockIndex } from './share';
import { PAGE_PATCH_FIELDS, type DocumentActions, type Location } from './types';
import { withValidation, withoutValidation } from './validation';

/** Storefront vs mail (§3 Block type compatibility set). */
export const pageKind = (page: PageDocument): Compatibility =>
  page.properties.isMailPage === true || page.layout === 'mail' ? 'mail' : 'storefront';

/** Whether blocks of `type` may go on `page` at all (§3 compatibility). */
export function compatibleWith(page: PageDocument | null, type: string): boolean {
  const meta = editorRegistry().blockMeta(type);
  return page !== null && meta !== undefined && meta.compatibility.includes(pageKind(page));
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, Math.round(value)));

export function documentSlice(kit: SliceKit): DocumentActions {
  const setBlocks = (blocks: BlockData[], options: Parameters<typeof commitPage>[2] = {}) => {
    const page = kit.get().page;
    if (page) commitPage(kit, { ...page, blocks }, options);
  };

  const canPlace = (type: string, at: Location) => {
    const page = kit.get().page;
    if (!page || isPseudoType(type) || !compatibleWith(page, type)) return false;
    return canPlaceAt(page.blocks, type, at, metaOf);
  };

  return {
    canPlace,

    insertBlock(type, at) {
      const { page, invalid } = kit.get();
      if (!page || !canPlace(type, at)) return null;
      let block: BlockData;
      try {
        block = makeBlock(type);
      } catch {
        return null;
      }
      const blocks = insertAt(page.blocks, block, at, metaOf);
      if (!blocks) return null;
      setBlocks(blocks, { also: { selectedUid: block.uid, invalid: withValidation(invalid, [block]) } });
      return block.uid;
    },

    moveBlock(uid, to) {
      const page = kit.get().page;
      const blocks = page && moveTo(page.blocks, uid, to, metaOf);
      if (!blocks) return false;
      setBlocks(blocks);
      return true;
    },

    resizeBlock(uid, size, gesture) {
      const page = kit.get().page;
      const block = page && blockIndex(page.blocks).get(uid);
      if (!page || !block) return;
      const min = Math.max(MIN_BLOCK_SIZE, editorRegistry().blockMeta(block.type)?.size.min ?? MIN_BLOCK_SIZE);
      const x = size.x === undefined ? block.size.x : clamp(size.x, min, GRID_COLUMNS);
      const y = size.y === undefined ? block.size.y : clamp(size.y, MIN_BLOCK_SIZE, GRID_COLUMNS_SMALL);
      if (x === block.size.x && y === block.size.y) return touchGesture(kit, gesture);
      const blocks = updateBlock(page.blocks, uid, (b) => ({ ...b, size: { x, y } }));
      if (blocks) setBlocks(blocks, { gesture });
    },

    updateProperties(uid, patch, gesture, breakpoint = 'desktop') {
      const { page, invalid } = kit.get();
      const block = page && blockIndex(page.blocks).get(uid);
      if (!page || !block) return;
      const responsive = breakpoint === 'desktop' ? [] : editorRegistry().responsiveProperties(block.type);
      const overrides = breakpoint === 'desktop' ? {} : (block.responsive?.[breakpoint] ?? {});
      const isOverride = (key: string) => responsive.includes(key);
      const differs = (current: Record<string, unknown>, key: string, value: unknown) => !Object.is(current[key], value) || (value === undefined && key in current);
      const changed = Object.entries(patch).filter(([key, value]) => differs(isOverride(key) ? overrides : block.properties, key, value));
      if (changed.length === 0) return touchGesture(kit, gesture);
      const properties: BlockData['properties'] = { ...block.properties };
      const overridePatch: Record<string, unknown> = {};
      for (const [key, value] of changed) {
        if (isOverride(key)) overridePatch[key] = value;
        else if (value === undefined) delete properties[key];
        else properties[key] = value;
      }
      const next: BlockData = { ...block, properties: changed.some(([key]) => !isOverride(key)) ? properties : block.properties };
      if (breakpoint !== 'desktop' && Object.keys(overridePatch).length > 0) {
        const nextResponsive = withOverrides(block.responsive, breakpoint, overridePatch);
        if (nextResponsive) next.responsive = nextResponsive;
        else delete next.responsive;
      }
      const blocks = updateBlock(page.blocks, uid, () => next);
      if (blocks) setBlocks(blocks, { gesture, also: { invalid: withValidation(invalid, [next]) } });
    },

    duplicateBlock(uid) {
      const { page, invalid } = kit.get();
      const result = page && duplicate(page.blocks, uid, newUid);
      if (!result) return null;
      const copy = blockIndex(result.blocks).get(result.uid);
      setBlocks(result.blocks, { also: { selectedUid: result.uid, invalid: copy ? withValidation(invalid, walkBlocks([copy])) : invalid } });
      return result.uid;
    },

    removeBlock(uid) {
      const { page, selectedUid, invalid } = kit.get();
      const blocks = page && removeByUid(page.blocks, uid);
      if (!page || !blocks) return;
      const removed = findBlock(page.blocks, uid);
      setBlocks(blocks, {
        also: {
          selectedUid: selectedUid !== null && isWithin(page.blocks, selectedUid, uid) ? null : selectedUid,
          invalid: removed ? withoutValidation(invalid, walkBlocks([removed])) : invalid,
        },
      });
    },

    setPublished(uid, published) {
      const page = kit.get().page;
      if (!page) return;
      const blocks = updateBlock(page.blocks, uid, (b) =>
        b.properties.published === published && b.unpublished === !published ? b : { ...b, unpublished: !published, properties: { ...b.properties, published } },
      );
      if (blocks && blocks !== page.blocks) setBlocks(blocks);
    },

    setConditions(uid, conditions) {
      const { page, invalid } = kit.get();
      if (!page) return;
      const blocks = updateBlock(page.blocks, uid, (b) => {
        const current = b.properties.conditions ?? [];
        if (current.length === conditions.length && current.every((c, i) => c === conditions[i])) return b;
        const properties: BlockData['properties'] = { ...b.properties, conditions: [...conditions] };
        if (conditions.length === 0) delete properties.conditions;
        return { ...b, properties };
      });
      if (!blocks || blocks === page.blocks) return;
      const next = blockIndex(blocks).get(uid);
      setBlocks(blocks, { also: { invalid: next ? withValidation(invalid, [next]) : invalid } });
    },

    updatePage(patch, gesture) {
      const page = kit.get().page;
      if (!page) return;
      const { properties = {}, ...fields } = patch;
      const fieldChanges = PAGE_PATCH_FIELDS.filter((k) => fields[k] !== undefined && !Object.is(page[k], fields[k]));
      const propChanges = Object.entries(properties).filter(([k, v]) => !Object.is(page.properties[k], v));
      if (fieldChanges.length === 0 && propChanges.length === 0) return;
      const nextProperties: PageDocument['properties'] = { ...page.properties };
      for (const [k, v] of propChanges) {
        if (v === undefined) delete nextProperties[k];
        else nextProperties[k] = v;
      }
      const next: PageDocument = { ...page, properties: nextProperties };
      for (const k of fieldChanges) Object.assign(next, { [k]: fields[k] });
      commitPage(kit, next, { gesture });
    },

    upsertBlocks(incoming) {
      const { page, invalid } = kit.get();
      if (!page) return { ok: false, message: 'Page not found' };
      if (!Array.isArray(incoming)) return { ok: false, message: 'blocks must be an array' };
      // An outside editor may send blocks saved under an older schema version: upgraded like a save would.
      const { blocks: copies, errors } = upgradeAndValidateBlocks(editorRegistry(), structuredClone(incoming) as BlockData[]);
      if (errors.length > 0) return { ok: false, message: errors.map((e) => `${e.path}: ${e.message}`).join('; ') };
      const index = blockIndex(page.blocks);
      for (const block of copies) {
        if (!index.has(block.uid)) {
          if (!compatibleWith(page, block.type)) return { ok: false, message: clipboardMessages.notAllowed };
          continue;
        }
        // A replaced block stays where it is: its parent must accept the new type, and a fixed top slideshow stays one.
        const parent = findParent(page.blocks, block.uid)?.parent ?? null;
        if (!canContain(parent?.type ?? null, block.type, metaOf)) return { ok: false, message: clipboardMessages.notAllowed };
        if (isFixedBlock(page.blocks, block.uid) && block.type !== 'slideshow') return { ok: false, message: clipboardMessages.notAllowed };
      }
      const result = upsertTree(page.blocks, copies);
      setBlocks(result.blocks, { also: { invalid: withValidation(invalid, walkBlocks(copies)) } });
      return { ok: true, replaced: result.replaced, inserted: result.inserted };
    },
  };
}
