/** The scale the canvas frame is drawn at (1 = real size); pointer maths inside the frame divide by it. */
export function canvasScale(el: Element | null): number {
  const scale = Number(el?.closest<HTMLElement>('[data-canvas-scale]')?.dataset.canvasScale);
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}
