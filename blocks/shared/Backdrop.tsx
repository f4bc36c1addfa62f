import { BlockImage, type ImageValue } from '../../src/renderer/BlockImage';
import { BANNER_SIZE } from '../../src/core/images';
import './backdrop.css';

/** §3 default overlay opacity of banners and slides. */
export const DEFAULT_OVERLAY_OPACITY = 0.15;

/**
 * A cover image behind a tinted overlay, filling its positioned parent (which needs `isolation: isolate` so the
 * negative z-index layers stay inside it). Banners and slides draw their background with it. `overlayOpacity` may be a
 * CSS value (a custom property the block sets per device).
 */
export function Backdrop({ image, overlayColor, overlayOpacity, eager }: { image?: ImageValue; overlayColor?: string; overlayOpacity?: number | string; eager: boolean }) {
  return (
    <>
      {/* The first banner's picture is the page's largest: fetched first and preloaded from the head (§4, §9). */}
      {image?.src && <BlockImage className="backdrop__image" image={image} sizes="100vw" priority={eager} width={BANNER_SIZE.width} height={BANNER_SIZE.height} />}
      <div className="backdrop__overlay" style={{ background: overlayColor || '#000', opacity: overlayOpacity ?? DEFAULT_OVERLAY_OPACITY }} />
    </>
  );
}
