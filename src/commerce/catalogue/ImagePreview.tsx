import { useEffect, useState, type RefObject } from 'react';
import { Popup } from '../../../blocks/content/Popup';
import { IMAGE_ZOOM, nextZoom } from '../../core/images';
import type { ImageRef } from '../../core/catalogue';
import './imagePreview.css';

/**
 * §2.4 image preview: a list of images opened at a start index, larger than the page shows them. Arrow keys and
 * the buttons move between images (wrapping at both ends); the wheel zooms about the pointer from 1 to 2 in steps
 * of 0.1 and leaving the image unzooms (§4); a click or tap toggles between normal and fully zoomed for those
 * without a wheel.
 */
export function ImagePreview({
  images,
  start,
  title,
  onClose,
  returnFocusTo,
}: {
  images: ImageRef[];
  start: number;
  title: string;
  onClose: (index: number) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const [index, setIndex] = useState(Math.min(Math.max(start, 0), images.length - 1));
  const [zoom, setZoom] = useState<{ scale: number; x: number; y: number }>({ scale: IMAGE_ZOOM.min, x: 50, y: 50 });
  const image = images[index];
  const many = images.length > 1;
  const go = (step: number) => {
    setIndex((i) => (i + step + images.length) % images.length);
    setZoom((z) => ({ ...z, scale: IMAGE_ZOOM.min }));
  };

  useEffect(() => {
    if (!many) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') go(1);
      else if (event.key === 'ArrowLeft') go(-1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  if (!image) return null;
  /** The pointer's place in the image, in percent: zooming keeps that spot under the pointer. */
  const origin = (event: { clientX: number; clientY: number; currentTarget: HTMLElement }) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: box.width ? ((event.clientX - box.left) / box.width) * 100 : 50, y: box.height ? ((event.clientY - box.top) / box.height) * 100 : 50 };
  };

  return (
    <Popup title={title} onClose={() => onClose(index)} className="image-preview" returnFocusTo={returnFocusTo}>
      <figure className="image-preview__figure">
        <div
          className={`image-preview__stage${zoom.scale > IMAGE_ZOOM.min ? ' image-preview__stage--zoomed' : ''}`}
          data-zoom={zoom.scale}
          onWheel={(event) => {
            const at = origin(event);
            setZoom((z) => ({ scale: nextZoom(z.scale, event.deltaY), ...at }));
          }}
          onMouseLeave={() => setZoom((z) => ({ ...z, scale: IMAGE_ZOOM.min }))}
          onClick={(event) => {
            const at = origin(event);
            setZoom((z) => ({ scale: z.scale > IMAGE_ZOOM.min ? IMAGE_ZOOM.min : IMAGE_ZOOM.max, ...at }));
          }}
        >
          <img
            className="image-preview__image"
            src={image.src}
            alt={image.alt}
            style={{ transform: `scale(${zoom.scale})`, transformOrigin: `${zoom.x}% ${zoom.y}%` }}
          />
        </div>
        {many && (
          <figcaption className="image-preview__bar">
            <button type="button" className="image-preview__step" onClick={() => go(-1)} aria-label="Previous image">
              ‹
            </button>
            <span aria-live="polite">
              Image {index + 1} of {images.length}
            </span>
            <button type="button" className="image-preview__step" onClick={() => go(1)} aria-label="Next image">
              ›
            </button>
          </figcaption>
        )}
      </figure>
    </Popup>
  );
}
