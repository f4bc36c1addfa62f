/**
 * Two-finger gestures on the selected layer: the fingers hold the layer as if pinned to it, so spreading them
 * scales it, turning them rotates it, and moving them together carries it — all about the point between them.
 */
export interface Point {
  x: number;
  y: number;
}

export interface Placement {
  x: number;
  y: number;
  rotation: number;
  scale: number;
}

/** Fingers closer than this (pixels) give no reliable angle or distance: the gesture waits. */
const MIN_SPAN = 8;

/** Where a layer placed at `start` goes when fingers at `from` move to `to` (same coordinate space). */
export function pinchPlacement(start: Placement, from: readonly [Point, Point], to: readonly [Point, Point]): Placement {
  const span0 = Math.hypot(from[1].x - from[0].x, from[1].y - from[0].y);
  const span1 = Math.hypot(to[1].x - to[0].x, to[1].y - to[0].y);
  if (span0 < MIN_SPAN || span1 < MIN_SPAN) return start;
  const scale = span1 / span0;
  const turn = Math.atan2(to[1].y - to[0].y, to[1].x - to[0].x) - Math.atan2(from[1].y - from[0].y, from[1].x - from[0].x);
  const mid0 = { x: (from[0].x + from[1].x) / 2, y: (from[0].y + from[1].y) / 2 };
  const mid1 = { x: (to[0].x + to[1].x) / 2, y: (to[0].y + to[1].y) / 2 };
  // The layer's centre keeps its place relative to the fingers: turned and scaled about their midpoint.
  const dx = start.x - mid0.x;
  const dy = start.y - mid0.y;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  let rotation = start.rotation + (turn * 180) / Math.PI;
  rotation = ((((rotation + 180) % 360) + 360) % 360) - 180;
  return { x: mid1.x + scale * (dx * cos - dy * sin), y: mid1.y + scale * (dx * sin + dy * cos), rotation, scale: start.scale * scale };
}
