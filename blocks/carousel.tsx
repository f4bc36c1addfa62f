import { useCallback, useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { CarouselProperties } from '../src/core/generated/blockProperties';
import { NavArrows, Dots } from './shared/NavArrows';
import { useReducedMotion } from './shared/useReducedMotion';
import { useEngaged } from './shared/useEngaged';
import './carousel.css';

/** §9 slide interval, also the schema default of `interval`. */
export const CAROUSEL_INTERVAL_MS = 6000;

const itemsOf = (viewport: HTMLElement | null): HTMLElement[] =>
  viewport ? (Array.from(viewport.querySelectorAll(':scope > .pod-grid > .pod-block')) as HTMLElement[]) : [];

/** The first item whose left edge is at or right of the scroll position: the one the strip is "on". */
function currentIndex(viewport: HTMLElement, items: HTMLElement[]): number {
  const left = viewport.scrollLeft;
  const origin = items[0]?.offsetLeft ?? 0;
  const found = items.findIndex((item) => item.offsetLeft - origin >= left - 1);
  return found === -1 ? Math.max(0, items.length - 1) : found;
}

/**
 * Its children in a horizontally scrolling strip that snaps item by item; arrows, dots and the arrow keys
 * move it one item at a time. Autoplay (off by default) stops while hovered or focused and for reduced motion.
 */
export default function Carousel({ properties: p, children, mode }: BlockProps<CarouselProperties>) {
  const viewport = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const reducedMotion = useReducedMotion();
  const [count, setCount] = useState(0);
  const [index, setIndex] = useState(0);
  const { engaged, handlers } = useEngaged();
  const loop = p.loop ?? true;

  // Children come from the renderer (and visibility rules), so the DOM is the truth for how many there are.
  useEffect(() => setCount(itemsOf(viewport.current).length), [children]);

  const goTo = useCallback(
    (target: number) => {
      const el = viewport.current;
      const items = itemsOf(el);
      if (!el || items.length === 0) return;
      const last = items.length - 1;
      const next = target > last ? (loop ? 0 : last) : target < 0 ? (loop ? last : 0) : target;
      const origin = items[0]!.offsetLeft;
      el.scrollTo?.({ left: items[next]!.offsetLeft - origin, behavior: reducedMotion ? 'auto' : 'smooth' });
      setIndex(next);
    },
    [loop, reducedMotion],
  );

  const step = (delta: number) => goTo(index + delta);

  useEffect(() => {
    if (!p.autoplay || reducedMotion || engaged || count < 2) return;
    const timer = setTimeout(() => goTo(index + 1), p.interval ?? CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [p.autoplay, p.interval, reducedMotion, engaged, count, index, goTo]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return; // keys inside a child (a form, a link) stay theirs
    const moves: Record<string, () => void> = {
      ArrowRight: () => step(1),
      ArrowLeft: () => step(-1),
      Home: () => goTo(0),
      End: () => goTo(count - 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  const style = {
    '--carousel-per-view-mobile': p.perView?.mobile ?? 1.5,
    '--carousel-per-view-desktop': p.perView?.desktop ?? 4,
  } as CSSProperties;

  if (!children) return mode === 'preview' ? <p className="carousel__empty">Drop blocks into this carousel.</p> : null;

  return (
    <div className="carousel" style={style} {...handlers}>
      {p.title && (
        <h2 id={titleId} className="carousel__title">
          {p.title}
        </h2>
      )}
      <div className="carousel__stage">
        <div
          ref={viewport}
          className="carousel__viewport"
          role="region"
          aria-roledescription="carousel"
          aria-labelledby={p.title ? titleId : undefined}
          aria-label={p.title ? undefined : 'Carousel'}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onScroll={(event) => setIndex(currentIndex(event.currentTarget, itemsOf(event.currentTarget)))}
        >
          {children}
        </div>
        {(p.showArrows ?? true) && count > 1 && (
          <NavArrows noun="item" onPrev={() => step(-1)} onNext={() => step(1)} prevDisabled={!loop && index === 0} nextDisabled={!loop && index >= count - 1} />
        )}
      </div>
      {p.showDots && <Dots count={count} current={index} noun="item" onSelect={goTo} />}
    </div>
  );
}
