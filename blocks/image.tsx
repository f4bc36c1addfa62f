import { useEffect, useRef, useState, type CSSProperties, type MouseEvent, type RefObject } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { ImageProperties } from '../src/core/generated/blockProperties';
import { BlockImage } from '../src/renderer/BlockImage';
import { SafeLink } from '../src/renderer/SafeLink';
import { RATIOS } from '../src/renderer/style';
import './image.css';

/** §4/§9 image zoom: scale 1 to 2 in steps of 0.1 on the mouse wheel. */
export const ZOOM = { min: 1, max: 2, step: 0.1 } as const;

/** One wheel notch in (up) or out (down), kept on the 0.1 grid so repeated steps do not drift. */
export const nextZoom = (scale: number, deltaY: number): number => {
  const next = scale + (deltaY < 0 ? ZOOM.step : -ZOOM.step);
  return Math.round(Math.min(ZOOM.max, Math.max(ZOOM.min, next)) * 10) / 10;
};

/** A picture with an optional ratio frame, link and caption; with zoom on, the wheel magnifies where the pointer is. */
export default function Image({ properties: p, mode }: BlockProps<ImageProperties>) {
  // Keyed on the src too: the frame (and its wheel listener) only exists once there is an image.
  const frame = useRef<HTMLDivElement>(null);
  const zoom = useZoom(frame, (p.zoom ?? false) && Boolean(p.image?.src));
  if (!p.image?.src) {
    // BlockImage reports the missing src (§8); the shopper sees nothing rather than a broken frame.
    return mode === 'preview' ? (
      <div className="image-block image-block--empty">
        <BlockImage image={p.image} sizes="0" />
        No image selected
      </div>
    ) : (
      <BlockImage image={p.image} sizes="0" />
    );
  }
  const framed = p.ratio !== undefined;
  const style = {
    '--image-block-ratio': framed ? `1 / ${RATIOS[p.ratio!]}` : undefined,
    '--image-block-radius': p.borderRadius && p.borderRadius !== '0' ? p.borderRadius : 'var(--image-radius, 0)',
    '--image-block-fit': p.fit ?? 'cover',
  } as CSSProperties;
  const picture = (
    <div
      ref={frame}
      className={`image-block__frame${framed ? ' image-block__frame--ratio' : ''}${zoom.scale > 1 ? ' image-block__frame--zoomed' : ''}`}
      data-zoom={p.zoom ? zoom.scale.toFixed(1) : undefined}
      onMouseLeave={zoom.reset}
      onMouseMove={zoom.follow}
    >
      <BlockImage className="image-block__img" image={p.image} sizes="(min-width: 1200px) 1200px, 100vw" />
    </div>
  );
  return (
    <figure className="image-block" style={{ ...style, ...zoom.style }}>
      {p.link ? (
        <SafeLink className="image-block__link" href={p.link} target={p.target}>
          {picture}
        </SafeLink>
      ) : (
        picture
      )}
      {p.caption && <figcaption className="image-block__caption">{p.caption}</figcaption>}
    </figure>
  );
}

/**
 * Wheel zoom around the pointer. The wheel listener is native and non-passive so the page does not scroll
 * while the image zooms; at the limits the wheel scrolls the page as usual.
 */
function useZoom(frame: RefObject<HTMLDivElement | null>, enabled: boolean) {
  const [scale, setScale] = useState<number>(ZOOM.min);
  const [origin, setOrigin] = useState('50% 50%');
  // The wheel handler must decide synchronously whether to stop the page scrolling, so it keeps its own copy.
  const current = useRef<number>(ZOOM.min);
  const apply = (next: number) => {
    current.current = next;
    setScale(next);
  };
  useEffect(() => {
    const el = frame.current;
    if (!enabled || !el) return;
    const onWheel = (event: WheelEvent) => {
      const next = nextZoom(current.current, event.deltaY);
      if (next === current.current) return;
      event.preventDefault();
      current.current = next;
      setScale(next);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [enabled, frame]);
  if (!enabled) return { scale: ZOOM.min, style: {}, reset: undefined, follow: undefined };
  return {
    scale,
    style: { '--image-block-scale': scale, '--image-block-origin': origin } as CSSProperties,
    reset: () => apply(ZOOM.min),
    follow: (event: MouseEvent<HTMLDivElement>) => {
      const box = event.currentTarget.getBoundingClientRect();
      if (!box.width || !box.height) return;
      setOrigin(`${((event.clientX - box.left) / box.width) * 100}% ${((event.clientY - box.top) / box.height) * 100}%`);
    },
  };
}
