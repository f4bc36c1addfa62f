import { useEffect, useRef, type RefObject } from 'react';
import type Konva from 'konva';
import { pinchPlacement, type Placement, type Point } from './pinch';

/**
 * Two fingers on the stage pinch the selected layer: the node follows the fingers live (scale, turn, carry, see
 * pinch.ts) and the result is committed once when a finger lifts — one undo step per pinch.
 */
export function usePinch(
  stage: RefObject<Konva.Stage | null>,
  selected: () => { id: string; node: Konva.Node } | null,
  commit: (id: string, placement: Placement) => void,
): { pinching: () => boolean } {
  const latest = useRef({ selected, commit });
  // From the second finger until the last one lifts: the stage's own tap (which deselects) is not a tap then.
  const pinching = useRef(false);
  useEffect(() => {
    latest.current = { selected, commit };
  });
  useEffect(() => {
    const container = stage.current?.container();
    if (!container) return;
    let gesture: { id: string; node: Konva.Node; from: [Point, Point]; start: Placement; draggable: boolean } | null = null;
    const pointsOf = (node: Konva.Node, touches: TouchList): [Point, Point] => {
      const rect = container.getBoundingClientRect();
      const toLocal = node.getParent()!.getAbsoluteTransform().copy().invert();
      const at = (t: Touch) => toLocal.point({ x: t.clientX - rect.left, y: t.clientY - rect.top });
      return [at(touches[0]!), at(touches[1]!)];
    };
    const onStart = (e: TouchEvent) => {
      if (e.touches.length !== 2 || gesture) return;
      const target = latest.current.selected();
      if (!target) return;
      const { id, node } = target;
      e.preventDefault();
      pinching.current = true;
      if (node.isDragging()) node.stopDrag();
      gesture = { id, node, from: pointsOf(node, e.touches), start: { x: node.x(), y: node.y(), rotation: node.rotation(), scale: node.scaleX() }, draggable: node.draggable() };
      node.draggable(false);
    };
    const onMove = (e: TouchEvent) => {
      if (!gesture || e.touches.length < 2) return;
      e.preventDefault();
      const p = pinchPlacement(gesture.start, gesture.from, pointsOf(gesture.node, e.touches));
      gesture.node.setAttrs({ x: p.x, y: p.y, rotation: p.rotation, scaleX: p.scale, scaleY: p.scale });
      gesture.node.getLayer()?.batchDraw();
    };
    const onEnd = (e: TouchEvent) => {
      if (e.touches.length === 0) pinching.current = false;
      if (!gesture || e.touches.length >= 2) return;
      const { id, node, draggable } = gesture;
      gesture = null;
      const placement = { x: node.x(), y: node.y(), rotation: node.rotation(), scale: node.scaleX() };
      node.setAttrs({ scaleX: 1, scaleY: 1 });
      node.draggable(draggable);
      latest.current.commit(id, placement);
    };
    container.addEventListener('touchstart', onStart, { passive: false });
    container.addEventListener('touchmove', onMove, { passive: false });
    container.addEventListener('touchend', onEnd);
    container.addEventListener('touchcancel', onEnd);
    return () => {
      container.removeEventListener('touchstart', onStart);
      container.removeEventListener('touchmove', onMove);
      container.removeEventListener('touchend', onEnd);
      container.removeEventListener('touchcancel', onEnd);
    };
  }, [stage]);
  return { pinching: () => pinching.current };
}
