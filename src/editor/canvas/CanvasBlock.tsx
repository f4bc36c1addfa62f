import { canvasScale } from './canvasScale';
import { memo, useRef, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useDraggable } from '@dnd-kit/core';
import type { BlockData } from '../../core/storeData';
import { GRID_COLUMNS, GRID_COLUMNS_SMALL, MIN_BLOCK_SIZE } from '../../core/blocks/messages';
import { editorRegistry } from '../schemas';
import { useEditor, useEditorStore, type EditorStoreApi } from '../store';
import { Icon } from '../toolbar/icons';
import { announce } from './announce';
import { DRAGGING, INVALID, SELECTED, useBlockFlags } from './blockFlags';
import { swallowNextClick } from './dropTargets';
import { blockTitle, focusBlock, type DragData } from './EditorDnd';

const isContainer = (type: string) => editorRegistry().blockMeta(type)?.container != null;
const minWidth = (type: string) => editorRegistry().blockMeta(type)?.size.min ?? MIN_BLOCK_SIZE;

/**
 * Blocks drawn as plain flow content, with nothing inside positioned against the block: their canvas wrapper
 * stays unpositioned until it is selected or shows an error badge. A positioned box is a paint layer that every
 * pointer event's hit test walks, and with the frame zoomed out a page of 1,250 such wrappers cost each pointer
 * event milliseconds. Other blocks keep the wrapper as the box their insides hang from.
 */
const FLOW_BLOCKS: ReadonlySet<string> = new Set(['textBlock', 'button', 'image', 'spacer', 'quote', 'html', 'feature', 'socials', 'tag', 'taglets', 'summary']);

/** Whether a block is the fixed slideshow at order 0 of the page (§3): no move, no delete. */
const isFixed = (blocks: readonly BlockData[] | undefined, block: BlockData) => block.type === 'slideshow' && blocks?.[0]?.uid === block.uid;

/** Width in columns on the current device: size.x of 12 on desktop and tablet, size.y of 6 on the phone. */
export function widthOf(block: BlockData, phone: boolean) {
  return phone ? { span: block.size.y, columns: GRID_COLUMNS_SMALL } : { span: block.size.x, columns: GRID_COLUMNS };
}

/** Changes a block's width by `delta` columns (keyboard), announcing the result. */
export function resizeBy(editor: EditorStoreApi, uid: string, delta: number) {
  const store = editor.getState();
  const phone = store.device === 'phone';
  const block = findInTree(store.page?.blocks ?? [], uid);
  if (!block) return;
  const { span, columns } = widthOf(block, phone);
  const next = Math.min(columns, Math.max(minWidth(block.type), span + delta));
  if (next !== span) store.resizeBlock(uid, phone ? { y: next } : { x: next });
  announce(`${blockTitle(block.type)} width ${next} of ${columns} columns${next === span ? (delta < 0 ? ', the minimum' : ', the maximum') : ''}.`);
}

export function findInTree(blocks: readonly BlockData[], uid: string): BlockData | undefined {
  for (const block of blocks) {
    if (block.uid === uid) return block;
    const inner = block.items.length ? findInTree(block.items, uid) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/**
 * The canvas wrapper of one drawn block: focusable (Tab), Enter or a click selects it, an outline and its title
 * show selection, a badge shows errors. Memoised, and it reads selection and errors through useBlockFlags, so
 * selecting re-renders the old and the new block only.
 */
export const CanvasBlock = memo(function CanvasBlock({ block, children }: { block: BlockData; children: ReactNode }) {
  const uid = block.uid;
  const flags = useBlockFlags(uid);
  const selected = (flags & SELECTED) !== 0;
  const invalid = (flags & INVALID) !== 0;
  const dragging = (flags & DRAGGING) !== 0;
  const title = blockTitle(block.type);
  const empty = isContainer(block.type) && block.items.length === 0;
  const className = [
    'ed-block',
    selected && 'ed-block--selected',
    invalid && 'ed-block--invalid',
    dragging && 'ed-block--dragging',
    empty && 'ed-block--empty',
    block.fullWidth && 'ed-block--full',
    FLOW_BLOCKS.has(block.type) && 'ed-block--flow',
  ]
    .filter(Boolean)
    .join(' ');
  const editor = useEditorStore();
  const select = () => editor.getState().select(uid);
  return (
    <div
      className={className}
      data-canvas-uid={uid}
      data-title={title}
      tabIndex={0}
      role="group"
      aria-roledescription="block"
      aria-label={`${title}${selected ? ', selected' : ''}${invalid ? ', has errors' : ''}`}
      // Selected on press, not on release: the outline and the panel follow the pointer at once (and a drag that
      // starts on the block's handle has its block selected already).
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.stopPropagation();
        if (!selected) select();
      }}
      onClick={(event) => {
        event.stopPropagation();
        if (!selected) select();
      }}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget || event.key !== 'Enter') return;
        event.preventDefault();
        select();
      }}
    >
      {children}
      {invalid && (
        <span className="ed-block__badge" title="This block has errors: select it to see them">
          <Icon name="alert" size={14} /> Fix
        </span>
      )}
      {selected && <BlockControls block={block} title={title} />}
    </div>
  );
});

function BlockControls({ block, title }: { block: BlockData; title: string }) {
  const uid = block.uid;
  const editor = useEditorStore();
  const fixed = useEditor((s) => isFixed(s.page?.blocks, block));
  const data: DragData = { kind: 'block', uid, type: block.type };
  const { setNodeRef, attributes, listeners } = useDraggable({ id: `block:${uid}`, data, disabled: fixed });
  const duplicate = () => {
    const copy = editor.getState().duplicateBlock(uid);
    if (copy) {
      editor.getState().select(copy);
      announce(`${title} duplicated.`);
      focusBlock(copy);
    }
  };
  const remove = () => removeSelected(editor, uid);
  return (
    <>
      <div className="ed-block-bar" role="toolbar" aria-label={`${title} block`} onClick={(e) => e.stopPropagation()}>
        <span className="ed-block-bar__title">{title}</span>
        {fixed ? (
          <span className="ed-block-bar__note">Fixed at the top</span>
        ) : (
          <button ref={setNodeRef} type="button" className="ed-block-bar__button ed-block-bar__handle" {...attributes} {...listeners} aria-label={`Move ${title}`} title="Drag to move (or press Space, then arrow keys)">
            <Icon name="drag" size={16} />
          </button>
        )}
        <button type="button" className="ed-block-bar__button" onClick={duplicate} aria-label={`Duplicate ${title}`} title="Duplicate">
          <Icon name="copy" size={16} />
        </button>
        {!fixed && (
          <button type="button" className="ed-block-bar__button" onClick={remove} aria-label={`Delete ${title}`} title="Delete (Delete key)">
            <Icon name="trash" size={16} />
          </button>
        )}
      </div>
      {!block.fullWidth && <ResizeHandle block={block} title={title} />}
    </>
  );
}

/** Removes a block (not the fixed slideshow), selecting a neighbour so keyboard users keep their place. */
export function removeSelected(editor: EditorStoreApi, uid: string) {
  const store = editor.getState();
  const blocks = store.page?.blocks ?? [];
  const block = findInTree(blocks, uid);
  if (!block || isFixed(blocks, block)) return;
  const order = [...document.querySelectorAll<HTMLElement>('[data-canvas-uid]')].map((el) => el.dataset.canvasUid!);
  const at = order.indexOf(uid);
  store.removeBlock(uid);
  const remaining = new Set([...document.querySelectorAll<HTMLElement>('[data-canvas-uid]')].map((el) => el.dataset.canvasUid!));
  const next = order.slice(at + 1).find((u) => remaining.has(u)) ?? order.slice(0, at).reverse().find((u) => remaining.has(u)) ?? null;
  store.select(next);
  announce(`${blockTitle(block.type)} deleted. Undo with Control+Z.`);
  if (next) focusBlock(next);
}

/**
 * The right-edge width handle: drag to snap to whole columns (1/12, or 1/6 of size.y on the phone), or use the
 * arrow keys — it is a slider to assistive technology. One drag is one history step (a gesture id).
 */
function ResizeHandle({ block, title }: { block: BlockData; title: string }) {
  const editor = useEditorStore();
  const phone = useEditor((s) => s.device === 'phone');
  const { span, columns } = widthOf(block, phone);
  const min = minWidth(block.type);
  const drag = useRef<{ left: number; column: number; gap: number; gesture: string; last: number } | null>(null);
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const section = event.currentTarget.closest<HTMLElement>('[data-block-uid]');
    const grid = section?.parentElement;
    if (!section || !grid) return;
    // The gap is in the frame's own pixels; the frame is zoomed to fit, pointer and rectangles are on screen.
    const gap = (parseFloat(getComputedStyle(grid).columnGap) || 0) * canvasScale(grid);
    const gridWidth = grid.getBoundingClientRect().width;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { left: section.getBoundingClientRect().left, column: (gridWidth + gap) / columns, gap, gesture: `resize:${block.uid}:${Date.now()}`, last: span };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const next = Math.min(columns, Math.max(min, Math.round((event.clientX - d.left + d.gap) / d.column)));
    if (next === d.last) return;
    d.last = next;
    editor.getState().resizeBlock(block.uid, phone ? { y: next } : { x: next }, d.gesture);
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
    swallowNextClick();
    announce(`${title} width ${d.last} of ${columns} columns.`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 }[event.key];
    const edge = event.key === 'Home' ? min - span : event.key === 'End' ? columns - span : 0;
    if (delta === undefined && edge === 0) return;
    event.preventDefault();
    event.stopPropagation();
    resizeBy(editor, block.uid, delta ?? edge);
  };
  return (
    <div
      className="ed-resize"
      role="slider"
      tabIndex={0}
      aria-label={`Width of ${title}, in columns`}
      aria-valuemin={min}
      aria-valuemax={columns}
      aria-valuenow={span}
      aria-valuetext={`${span} of ${columns} columns`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
    >
      <span className="ed-resize__grip" aria-hidden="true" />
      <span className="ed-resize__value" aria-hidden="true">
        {span}/{columns}
      </span>
    </div>
  );
}
