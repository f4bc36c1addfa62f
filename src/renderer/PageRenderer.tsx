import { memo, Suspense, useMemo, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import type { BlockData } from '../core/storeData';
import { ROW_SPACING, isPseudoType } from '../core/blocks/messages';
import { visibleBlocks, isUnpublished, type Conditions } from '../core/blocks/visibility';
import { componentFor, isRegistered, onBlockModuleLoaded, reportUnregistered, responsiveStyleFor } from './registry';
import { breakpointStyle } from './breakpointStyle';
import { GenericBlock } from './GenericBlock';
import { BlockErrorBoundary } from './BlockErrorBoundary';
import type { RenderMode } from './types';
import './grid.css';

export interface PageRendererProps {
  blocks: readonly BlockData[];
  mode: RenderMode;
  /** Named conditions blocks may require (§4); unknown names hide the block in native mode. */
  conditions?: Conditions;
  /** Vertical spacing between rows in px (§3 Page ySpacing, default 24). */
  ySpacing?: number;
  /**
   * Preview mode only: wraps each drawn block (inside its grid cell) — the builder canvas adds its selection
   * outline, handles and badges here. Pass a stable function: BlockHost is memoised on it.
   */
  renderHost?: RenderHost;
}

export type RenderHost = (block: BlockData, drawn: ReactNode) => ReactNode;

/** The one renderer: storefront (native), builder canvas (preview), dashboard and atlas all draw pages with it. */
export function PageRenderer({ blocks, mode, conditions = {}, ySpacing = ROW_SPACING, renderHost }: PageRendererProps) {
  const shown = useMemo(() => (mode === 'preview' ? [...blocks] : visibleBlocks(blocks, conditions)), [blocks, mode, conditions]);
  return (
    <div className={mode === 'native' ? 'pod-page pod-page--native' : 'pod-page'} style={{ '--pod-row-gap': `${ySpacing}px` } as CSSProperties}>
      <BlockList blocks={shown} mode={mode} renderHost={mode === 'preview' ? renderHost : undefined} />
    </div>
  );
}

interface ListProps {
  blocks: readonly BlockData[];
  mode: RenderMode;
  renderHost?: RenderHost | undefined;
}

/** Blocks per chunk of a long list (see BlockList). */
export const BLOCK_CHUNK_SIZE = 50;

const byOrder = (a: BlockData, b: BlockData) => a.order - b.order;

/** Chunks by their first block: a chunk whose blocks are all unchanged keeps its array (BlockChunk's props). */
const chunkCache = new WeakMap<BlockData, readonly BlockData[]>();

/** A sorted list in chunks of `size`, reusing a previous chunk array when its blocks are the same objects. */
export function stableChunks(sorted: readonly BlockData[], size = BLOCK_CHUNK_SIZE): (readonly BlockData[])[] {
  const chunks: (readonly BlockData[])[] = [];
  for (let at = 0; at < sorted.length; at += size) {
    const next = sorted.slice(at, at + size);
    const cached = chunkCache.get(next[0]!);
    if (cached && cached.length === next.length && cached.every((b, j) => b === next[j])) chunks.push(cached);
    else {
      chunkCache.set(next[0]!, next);
      chunks.push(next);
    }
  }
  return chunks;
}

/**
 * One grid of sibling blocks. A long list is drawn in memoised chunks of 50 (fragments: no extra DOM, the grid
 * still places every block): a change to one block — or a block moved within its chunk — reconciles that chunk
 * and a few chunk elements, not all 1,250 siblings, which kept the builder's keystrokes and drops from fitting
 * in a frame.
 */
function BlockList({ blocks, mode, renderHost }: ListProps) {
  const chunks = useMemo(() => stableChunks([...blocks].sort(byOrder)), [blocks]);
  return (
    <div className="pod-grid">
      {chunks.map((chunk, i) => (
        <BlockChunk key={i} blocks={chunk} mode={mode} renderHost={renderHost} />
      ))}
    </div>
  );
}

const BlockChunk = memo(function BlockChunk({ blocks, mode, renderHost }: ListProps) {
  return blocks.map((block) => <BlockHost key={block.uid} block={block} mode={mode} renderHost={renderHost} />);
});

/**
 * Places one block on the grid (12 columns, 6 on small screens) and draws it with its component. Memoised: with
 * structural sharing (the editor's immer store) an unchanged block keeps its identity and is not drawn again.
 */
const BlockHost = memo(function BlockHost({ block, mode, renderHost }: { block: BlockData; mode: RenderMode; renderHost?: RenderHost | undefined }) {
  // Read before any return (a hook); a host drawn before its module loaded draws again once it has.
  const responsiveStyle = useSyncExternalStore(onBlockModuleLoaded, () => responsiveStyleFor(block.type), () => responsiveStyleFor(block.type));
  if (isPseudoType(block.type)) return null;
  if (!isRegistered(block.type)) {
    reportUnregistered(block.type);
    return null;
  }
  // componentFor returns one cached component per type, so its identity is stable across renders.
  const Component = componentFor(block.type) ?? GenericBlock;
  const hidden = mode === 'preview' && isUnpublished(block);
  // Settings that differ by device: desktop's inline, the others switched by container rules (breakpointStyle.ts).
  const breakpoints = breakpointStyle(block, mode, responsiveStyle);
  const style = {
    '--pod-span': block.size.x,
    '--pod-span-sm': block.size.y,
    ...(block.fullBackgroundColor ? { '--pod-full-bg': block.fullBackgroundColor } : {}),
    ...breakpoints.inline,
  } as CSSProperties;
  const className = [
    'pod-block',
    `pod-block--${block.type}`,
    block.fullWidth && 'pod-block--full-width',
    block.padding ? 'pod-block--padded' : '',
    block.fullBackgroundColor && 'pod-block--full-bg',
    hidden && 'pod-block--hidden',
  ]
    .filter(Boolean)
    .join(' ');
  const drawn = (
    <BlockErrorBoundary type={block.type} uid={block.uid} showError={mode === 'preview'}>
      <Suspense fallback={<div className="pod-block-loading" aria-busy="true" />}>
        {/* eslint-disable-next-line react-hooks/static-components -- cached per type, see componentFor */}
        <Component block={block} properties={block.properties as never} mode={mode}>
          {block.items.length > 0 ? <BlockList blocks={block.items} mode={mode} renderHost={renderHost} /> : undefined}
        </Component>
      </Suspense>
    </BlockErrorBoundary>
  );
  return (
    <section className={className} style={style} data-block-type={block.type} data-block-uid={block.uid} aria-label={hidden ? 'Hidden block' : undefined}>
      {renderHost ? renderHost(block, drawn) : drawn}
      {breakpoints.css && <style>{breakpoints.css}</style>}
    </section>
  );
});
