import { useMemo } from 'react';
import { useDragState } from './dragState';
import { indicatorRect } from './dropTargets';

/** The line (or box, into an empty container) where the dragged block will land; red when it may not go there. */
export function DropIndicator() {
  const target = useDragState((s) => s.target);
  const active = useDragState((s) => s.active);
  // Measured when the target changes (the canvas does not re-layout during a drag).
  const rect = useMemo(() => {
    const root = typeof document === 'undefined' ? null : document.querySelector<HTMLElement>('[data-canvas-root]');
    return target && root ? indicatorRect(target, root) : null;
  }, [target]);
  if (!active || !target || !rect) return null;
  return (
    <div
      className={`ed-drop-indicator${rect.box ? ' ed-drop-indicator--box' : ''}${target.allowed ? '' : ' ed-drop-indicator--blocked'}`}
      style={{ left: rect.left, top: rect.top, width: rect.width, height: rect.height }}
      data-testid="drop-indicator"
      data-allowed={target.allowed}
      aria-hidden="true"
    >
      {!target.allowed && <span className="ed-drop-indicator__label">Not allowed here</span>}
    </div>
  );
}
