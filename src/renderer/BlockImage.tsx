import { useEffect } from 'react';

/** §8: an image property without src is reported, not drawn. */
export const NO_SRC_MESSAGE = 'No src found in image property value';

/** §9 srcset widths. */
export const SRCSET_WIDTHS = [480, 640, 960, 1280, 1920] as const;

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

/** An image with srcset (§9 widths; vectors need none), lazy loading, and the focal point as object-position. */
export function BlockImage({ image, sizes, className, eager = false }: { image: ImageValue | undefined; sizes: string; className?: string; eager?: boolean }) {
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
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      style={focal ? { objectPosition: focal } : undefined}
    />
  );
}
