import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { SlideshowProperties } from '../src/core/generated/blockProperties';
import { RATIOS } from '../src/renderer/style';
import { BANNER_TYPES } from './banner';
import { NavArrows, Dots } from './shared/NavArrows';
import { useReducedMotion } from './shared/useReducedMotion';
import { useEngaged } from './shared/useEngaged';
import './slideshow.css';

/** §4/§9 slide interval when a slideshow states none. */
export const SLIDE_INTERVAL_MS = 6000;
/** §9 page slideshow interval: the schema default of `speed`. */
export const PAGE_SLIDESHOW_INTERVAL_MS = 5000;
/** §4: the next slide's images load this long before it shows. */
export const PRELOAD_AHEAD_MS = 2000;

export type SlideshowMode = NonNullable<SlideshowProperties['mode']>;

/** The slide after `current`: in order and wrapping, a different random one, or (single) the same. */
export function nextSlide(mode: SlideshowMode, current: number, count: number, random: () => number = Math.random): number {
  if (count < 2 || mode === 'single') return current;
  if (mode === 'random') {
    const pick = Math.floor(random() * (count - 1)); // one of the others…
    return pick >= current ? pick + 1 : pick; // …skipping the current one
  }
  return (current + 1) % count;
}

/** The slide before `current`, wrapping to the last. */
export const previousSlide = (current: number, count: number): number => (count < 1 ? 0 : (current - 1 + count) % count);

const slidesOf = (track: HTMLElement | null): HTMLElement[] =>
  track ? (Array.from(track.querySelectorAll(':scope > .pod-grid > .pod-block')) as HTMLElement[]) : [];

/** Lazy images of a slide start loading now, so the slide is ready when it shows. */
function preloadSlide(slide: HTMLElement | undefined) {
  slide?.querySelectorAll('img[loading="lazy"]').forEach((img) => img.setAttribute('loading', 'eager'));
}

/**
 * §4 slide show: one slide at a time, advancing every `speed` ms and wrapping at both ends; arrows and dots
 * move it and restart the wait; it pauses on request, while hovered or focused, and when the shopper prefers
 * reduced motion (play then starts it on request). Modes: slideshow (in order), random (never the same slide
 * twice in a row), single (the first slide, still).
 */
export default function Slideshow({ properties: p, block, children, mode: pageMode }: BlockProps<SlideshowProperties>) {
  const mode: SlideshowMode = p.mode ?? 'slideshow';
  const speed = p.speed ?? SLIDE_INTERVAL_MS;
  const track = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(0);
  const [index, setIndex] = useState(() => (mode === 'random' && block.items.length > 1 ? Math.floor(Math.random() * block.items.length) : 0));
  // Bumped by every manual move, so choosing the slide already shown still restarts the wait.
  const [moves, setMoves] = useState(0);
  const reducedMotion = useReducedMotion();
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const paused = userPaused ?? reducedMotion;
  const { engaged, handlers } = useEngaged(p.pauseOnHover ?? true);
  const current = count > 0 ? Math.min(index, count - 1) : 0;
  const rotates = mode !== 'single' && count > 1;
  const running = rotates && !paused && !engaged;
  // Chosen once per slide, so the preloaded slide is the one that then shows (matters for random).
  const upcoming = useMemo(() => nextSlide(mode, current, count), [mode, current, count]);

  // The slides are the renderer's children; mark which one shows (visibility hides the rest from everyone).
  useLayoutEffect(() => {
    const slides = slidesOf(track.current);
    if (slides.length !== count) setCount(slides.length);
    slides.forEach((slide, i) => {
      const shown = i === current;
      slide.dataset.slideState = shown ? 'active' : 'inactive';
      slide.setAttribute('aria-roledescription', 'slide');
      slide.setAttribute('aria-label', `${i + 1} of ${slides.length}`);
      slide.toggleAttribute('inert', !shown);
      if (shown) slide.removeAttribute('aria-hidden');
      else slide.setAttribute('aria-hidden', 'true');
    });
  }, [children, count, current]);

  useEffect(() => {
    if (!running) return;
    const slides = slidesOf(track.current);
    const preload = setTimeout(() => preloadSlide(slides[upcoming]), Math.max(0, speed - PRELOAD_AHEAD_MS));
    const advance = setTimeout(() => setIndex(upcoming), speed);
    return () => {
      clearTimeout(preload);
      clearTimeout(advance);
    };
  }, [running, current, upcoming, speed, moves]);

  const goTo = (target: number) => {
    setIndex(target);
    setMoves((m) => m + 1);
  };

  const kind = p.compact ? BANNER_TYPES.compact : BANNER_TYPES.standard;
  const style = {
    '--slideshow-ratio': p.ratio ? RATIOS[p.ratio] : kind.ratio,
    '--slideshow-min-height': `${kind.minHeight}px`,
  } as CSSProperties;

  if (!children) return pageMode === 'preview' ? <p className="slideshow__empty">Add slides to this slideshow.</p> : null;

  return (
    <div
      className={`slideshow slideshow--${mode}${p.compact ? ' slideshow--compact' : ''}`}
      style={style}
      role="region"
      aria-roledescription="carousel"
      aria-label="Slideshow"
      {...handlers}
    >
      <div ref={track} className="slideshow__track" aria-live={running ? 'off' : 'polite'}>
        {children}
      </div>
      {rotates && (
        <>
          {(p.showArrows ?? true) && <NavArrows noun="slide" onPrev={() => goTo(previousSlide(current, count))} onNext={() => goTo(nextSlide(mode, current, count))} />}
          <div className="slideshow__controls">
            <button type="button" className="slideshow__toggle" aria-label={paused ? 'Play slideshow' : 'Pause slideshow'} onClick={() => setUserPaused(!paused)}>
              <span className={paused ? 'slideshow__icon slideshow__icon--play' : 'slideshow__icon slideshow__icon--pause'} aria-hidden="true" />
            </button>
            {(p.showDots ?? true) && <Dots count={count} current={current} noun="slide" onSelect={goTo} />}
          </div>
        </>
      )}
    </div>
  );
}
