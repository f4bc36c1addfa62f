/** Copy, cut and paste of blocks through the system clipboard (src/editor/clipboard.ts), with a notice for each. */
import { cloneWithNewUids, insertAt, isFixedBlock, walkBlocks } from '../../core/blocks/tree';
import { isPseudoType } from '../../core/blocks/messages';
import type { BlockData } from '../../core/storeData';
import { clipboardMessages, readBlocks, writeBlocks } from '../clipboard';
import { editorRegistry, metaOf, newUid } from '../schemas';
import { upgradeAndValidateBlocks } from '../../core/schemas/upgradeAndValidate';
import { compatibleWith } from './documentSlice';
import { commitPage } from './history';
import type { SliceKit } from './kit';
import { blockIndex } from './share';
import type { ClipboardActions } from './types';
import { withValidation } from './validation';

const titleOf = (type: string) => editorRegistry().blockMeta(type)?.title ?? type;

export function clipboardSlice(kit: SliceKit): ClipboardActions {
  return {
    async copy(uid) {
      const page = kit.get().page;
      const block = page && blockIndex(page.blocks).get(uid);
      if (!block) return;
      await writeBlocks([block]);
      kit.set({ notice: `Copied ${titleOf(block.type)} block` });
    },

    async cut(uid) {
      const page = kit.get().page;
      const block = page && blockIndex(page.blocks).get(uid);
      if (!page || !block) return;
      if (isFixedBlock(page.blocks, uid)) {
        kit.set({ notice: 'The slideshow at the top of the page is fixed and cannot be cut' });
        return;
      }
      await writeBlocks([block]);
      kit.get().removeBlock(uid);
      kit.set({ notice: `Cut ${titleOf(block.type)} block` });
    },

    async paste(at) {
      const raw = await readBlocks();
      const page = kit.get().page;
      if (!page) return [];
      if (!raw || raw.length === 0) {
        kit.set({ notice: clipboardMessages.empty });
        return [];
      }
      // Copied in another tab, perhaps before an upgrade: old blocks are upgraded like a save would.
      const { blocks: copies, errors } = upgradeAndValidateBlocks(editorRegistry(), structuredClone(raw) as BlockData[]);
      if (errors.length > 0) {
        kit.set({ notice: clipboardMessages.invalid });
        return [];
      }
      let blocks: BlockData[] = page.blocks;
      const pasted: BlockData[] = [];
      for (const [i, original] of copies.entries()) {
        const copy = cloneWithNewUids(original, newUid);
        const everyCompatible = [...walkBlocks([copy])].every((b) => isPseudoType(b.type) || compatibleWith(page, b.type));
        const next = everyCompatible && !isPseudoType(copy.type) ? insertAt(blocks, copy, { parentUid: at.parentUid, index: at.index + i }, metaOf) : null;
        if (!next) {
          kit.set({ notice: clipboardMessages.notAllowed });
          return [];
        }
        blocks = next;
        pasted.push(copy);
      }
      const { selectedUid, invalid } = kit.get();
      commitPage(kit, { ...page, blocks }, {
        also: {
          selectedUid: pasted[0]?.uid ?? selectedUid,
          notice: pasted.length === 1 ? 'Pasted 1 block' : `Pasted ${pasted.length} blocks`,
          invalid: withValidation(invalid, walkBlocks(pasted)),
        },
      });
      return pasted.map((b) => b.uid);
    },

    clearNotice() {
      if (kit.get().notice !== null) kit.set({ notice: null });
    },
  };
}
