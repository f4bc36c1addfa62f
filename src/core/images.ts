/** §9 srcset widths: the only widths the image endpoint makes (a bounded set, so resized copies can be cached). */
export const SRCSET_WIDTHS = [480, 640, 960, 1280, 1920] as const;
export type SrcsetWidth = (typeof SRCSET_WIDTHS)[number];

/** §9 banner picture size: its srcset, width and height keep its box fixed before the picture arrives. */
export const BANNER_SIZE = { width: 1920, height: 768 } as const;

export const isSrcsetWidth = (n: number): n is SrcsetWidth => (SRCSET_WIDTHS as readonly number[]).includes(n);

/** §9 pod base width: pods and product pictures are square boxes of this intrinsic size (CSS scales them). */
export const POD_BASE_WIDTH = 1110;
/** Product pictures (mockups) are square. */
export const PRODUCT_IMAGE_SIZE = POD_BASE_WIDTH;

/** §4 / §9 image zoom: normal or zoomed, scale 1 to 2 in steps of 0.1 on the wheel; leaving the image unzooms. */
export const IMAGE_ZOOM = { min: 1, max: 2, step: 0.1 } as const;

/** The zoom after one wheel notch (`deltaY` < 0 zooms in), kept within IMAGE_ZOOM and to one decimal. */
export function nextZoom(scale: number, deltaY: number): number {
  const next = scale + (deltaY < 0 ? IMAGE_ZOOM.step : -IMAGE_ZOOM.step);
  return Math.round(Math.min(IMAGE_ZOOM.max, Math.max(IMAGE_ZOOM.min, next)) * 10) / 10;
}
