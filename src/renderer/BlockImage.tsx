import { useEffect } from 'react';

/** §8: an image property without src is reported, not drawn. */
export const NO_SRC_MESSAGE = 'No src found in image property value';

import { SRCSET_WIDTHS } from '../core/images';

export { SRCSET_WIDTHS };

export interface ImageValue {
  src: string;
  alt?: string;
  focalPoint?: { x: number; y: number };
}

const isVector = (src: string) => /\.svg(\?|$)/i.test(src);

/** Adds the width parameter the image service understands, keeping other query parameters. */
export function sizedSrc(src: string, width: number): string {
  const [path, query] = src.split('?');
  const params = new URLSearchParams(query);
  params.set('width', String(width));
  return `${path}?${params.toString()}`;
}

export interface BlockImageProps {
  image: ImageValue | undefined;
  sizes: string;
  className?: string;
  /** Above the fold: loaded at once. */
  eager?: boolean;
  /** The page's largest picture (the first banner): eager, fetched first, and preloaded from the head by React. */
  priority?: boolean;
  /** The box's intrinsic size (its ratio), so the browser reserves the space before the picture arrives. */
  width?: number;
  height?: number;
}

/**
 * The one image of the storefront's blocks: srcset at the §9 widths (served by the image endpoint; vectors need
 * none), width and height for a fixed box, native lazy loading below the fold, the focal point as object-position.
 */
export function BlockImage({ image, sizes, className, eager = false, priority = false, width, height }: BlockImageProps) {
  const missing = !image?.src;
  useEffect(() => {
    if (missing) console.warn(NO_SRC_MESSAGE);
  }, [missing]);
  if (!image?.src) return null;
  const focal = image.focalPoint ? `${image.focalPoint.x * 100}% ${image.focalPoint.y * 100}%` : undefined;
  const srcSet = isVector(image.src) ? undefined : SRCSET_WIDTHS.map((w) => `${sizedSrc(image.src, w)} ${w}w`).join(', ');
  return (
    <img
      className={className}
      src={image.src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={image.alt ?? ''}
      width={width}
      height={height}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      style={focal ? { objectPosition: focal } : undefined}
    />
  );
}
