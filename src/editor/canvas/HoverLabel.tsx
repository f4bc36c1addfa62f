import { canvasScale } from './canvasScale';
import { useEffect, useRef, type RefObject } from 'react';

/**
 * The title tag over the block under the pointer (the innermost one; none over the selected block, whose bar
 * shows its title). One element for the whole canvas, moved by transform, rather than a ::before per block: a
 * pseudo-element appearing inside the 12-column grid re-lays the grid out, which at 1,250 blocks cost every
 * pointer move a millisecond or more; a transform on a layer of its own outside the grid only repaints.
 */
export function HoverLabel({ rootRef }: { rootRef: RefObject<HTMLElement | null> }) {
  const label = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const root = rootRef.current;
    const tag = label.current;
    if (!root || !tag) return;
    let current: HTMLElement | null = null;
    const hide = () => {
      current = null;
      if (!tag.hidden) tag.hidden = true;
    };
    const onOver = (event: PointerEvent) => {
      const block = (event.target as Element).closest<HTMLElement>('[data-canvas-uid]');
      if (block === current) return;
      if (!block || block.classList.contains('ed-block--selected')) return hide();
      current = block;
      const box = block.getBoundingClientRect();
      const origin = root.getBoundingClientRect();
      // Only what changed is written: a new text or showing the tag needs layout, a new transform only repaints.
      const title = block.dataset.title ?? '';
      if (tag.textContent !== title) tag.textContent = title;
      // On-screen distances inside the zoomed frame: back to the frame's own pixels.
      const scale = canvasScale(root);
      tag.style.transform = `translate(${(box.left - origin.left) / scale - 3}px, ${(box.top - origin.top) / scale - 23}px)`;
      if (tag.hidden) tag.hidden = false;
    };
    root.addEventListener('pointerover', onOver);
    root.addEventListener('pointerleave', hide);
    // A click selects the block under the pointer: its own bar takes over.
    root.addEventListener('pointerdown', hide);
    return () => {
      root.removeEventListener('pointerover', onOver);
      root.removeEventListener('pointerleave', hide);
      root.removeEventListener('pointerdown', hide);
    };
  }, [rootRef]);
  return <span ref={label} className="ed-hover-label" aria-hidden="true" hidden />;
}
