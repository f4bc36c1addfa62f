// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderBlock, testRegistry, type TestItem } from './testing/renderBlock';
import { PAGE_SLIDESHOW_INTERVAL_MS, PRELOAD_AHEAD_MS, SLIDE_INTERVAL_MS, nextSlide, previousSlide } from './slideshow';

const slides = (n: number): TestItem[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'slide', properties: { title: `Slide ${i + 1}`, image: { src: `/media/s${i + 1}.jpg`, alt: '' } } }));

/** The title of the one slide that shows; checks that exactly one does. */
function shown(): string {
  const active = document.querySelectorAll('[data-block-type="slide"][data-slide-state="active"]');
  expect(active).toHaveLength(1);
  return active[0]!.querySelector('h2')!.textContent!;
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

describe('slideshow block', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    delete (window as Partial<Window>).matchMedia;
  });

  it('uses the §4/§9 timings; the schema default speed is the page slideshow interval', () => {
    expect(SLIDE_INTERVAL_MS).toBe(6000);
    expect(PAGE_SLIDESHOW_INTERVAL_MS).toBe(5000);
    expect(PRELOAD_AHEAD_MS).toBe(2000);
    const props: Record<string, unknown> = {};
    testRegistry().validateBlockProperties('slideshow', props);
    expect(props).toMatchObject({ speed: PAGE_SLIDESHOW_INTERVAL_MS, mode: 'slideshow', compact: true });
  });

  it('auto-advances every `speed` ms and wraps from the last slide to the first', async () => {
    await renderBlock('slideshow', {}, { items: slides(3) });
    expect(shown()).toBe('Slide 1');
    await wait(4999);
    expect(shown()).toBe('Slide 1');
    await wait(1);
    expect(shown()).toBe('Slide 2');
    await wait(5000);
    expect(shown()).toBe('Slide 3');
    await wait(5000);
    expect(shown()).toBe('Slide 1');
  });

  it('hides the other slides from assistive technology and the tab order', async () => {
    await renderBlock('slideshow', {}, { items: slides(2) });
    const [first, second] = document.querySelectorAll<HTMLElement>('[data-block-type="slide"]');
    expect(first!.hasAttribute('inert')).toBe(false);
    expect(second!.getAttribute('aria-hidden')).toBe('true');
    expect(second!.hasAttribute('inert')).toBe(true);
    expect(second!.getAttribute('aria-label')).toBe('2 of 2');
  });

  it('moves with prev/next (wrapping both ways) and dots, and each manual move restarts the wait', async () => {
    await renderBlock('slideshow', { speed: 5000 }, { items: slides(3) });
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shown()).toBe('Slide 3');
    await wait(4000);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shown()).toBe('Slide 1');
    await wait(4000);
    expect(shown()).toBe('Slide 1'); // would have moved at 1000 ms without the reset
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    expect(screen.getByRole('button', { name: 'Go to slide 2' }).getAttribute('aria-current')).toBe('true');
    await wait(4999);
    expect(shown()).toBe('Slide 2');
    await wait(1);
    expect(shown()).toBe('Slide 3');
    // Choosing the slide already shown still counts as a manual move.
    await wait(4000);
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    await wait(4999);
    expect(shown()).toBe('Slide 3');
    await wait(1);
    expect(shown()).toBe('Slide 1');
  });

  it('pauses and plays on request', async () => {
    await renderBlock('slideshow', {}, { items: slides(2) });
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    await wait(20000);
    expect(shown()).toBe('Slide 1');
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    await wait(5000);
    expect(shown()).toBe('Slide 2');
  });

  it('pauses while hovered (pauseOnHover) and while focus is inside', async () => {
    const { container } = await renderBlock('slideshow', {}, { items: slides(2) });
    const region = container.querySelector('.slideshow')!;
    fireEvent.mouseEnter(region);
    await wait(10000);
    expect(shown()).toBe('Slide 1');
    fireEvent.mouseLeave(region);
    fireEvent.focus(screen.getByRole('button', { name: 'Next slide' }));
    await wait(10000);
    expect(shown()).toBe('Slide 1');
    fireEvent.blur(screen.getByRole('button', { name: 'Next slide' }));
    await wait(5000);
    expect(shown()).toBe('Slide 2');
  });

  it('keeps rotating under the pointer when pauseOnHover is off', async () => {
    const { container } = await renderBlock('slideshow', { pauseOnHover: false }, { items: slides(2) });
    fireEvent.mouseEnter(container.querySelector('.slideshow')!);
    await wait(5000);
    expect(shown()).toBe('Slide 2');
  });

  it('does not auto-advance when the shopper prefers reduced motion', async () => {
    mockReducedMotion(true);
    await renderBlock('slideshow', {}, { items: slides(2) });
    await wait(20000);
    expect(shown()).toBe('Slide 1');
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeTruthy();
  });

  it('preloads the next slide’s image 2000 ms before the change', async () => {
    await renderBlock('slideshow', { speed: 5000 }, { items: slides(3) });
    const nextImage = () => document.querySelectorAll('[data-block-type="slide"]')[1]!.querySelector('img')!;
    expect(nextImage().getAttribute('loading')).toBe('lazy');
    await wait(2999);
    expect(nextImage().getAttribute('loading')).toBe('lazy');
    await wait(1);
    expect(nextImage().getAttribute('loading')).toBe('eager');
    expect(document.querySelectorAll('[data-block-type="slide"]')[2]!.querySelector('img')!.getAttribute('loading')).toBe('lazy');
  });

  it('random mode never shows the same slide twice in a row', async () => {
    await renderBlock('slideshow', { mode: 'random', speed: 1000 }, { items: slides(3) });
    let last = shown();
    const seen = new Set([last]);
    for (let i = 0; i < 30; i++) {
      await wait(1000);
      const now = shown();
      expect(now).not.toBe(last);
      seen.add(now);
      last = now;
    }
    expect(seen.size).toBe(3);
  });

  it('single mode shows the first slide, still, without controls', async () => {
    await renderBlock('slideshow', { mode: 'single' }, { items: slides(3) });
    await wait(20000);
    expect(shown()).toBe('Slide 1');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('uses the compact height unless told otherwise', async () => {
    const { container, unmount } = await renderBlock('slideshow', {}, { items: slides(1) });
    expect(container.querySelector<HTMLElement>('.slideshow')!.style.getPropertyValue('--slideshow-ratio')).toBe('0.25');
    unmount();
    const full = await renderBlock('slideshow', { compact: false, ratio: 'wide' }, { items: slides(1) });
    expect(full.container.querySelector<HTMLElement>('.slideshow')!.style.getPropertyValue('--slideshow-ratio')).toBe('0.36');
  });

  it('picks the next slide in order, at random among the others, or stays (single)', () => {
    expect(nextSlide('slideshow', 2, 3)).toBe(0);
    expect(previousSlide(0, 3)).toBe(2);
    expect(nextSlide('random', 1, 3, () => 0.99)).toBe(2);
    expect(nextSlide('random', 1, 3, () => 0.4)).toBe(0);
    expect(nextSlide('random', 0, 3, () => 0)).toBe(1);
    expect(nextSlide('single', 0, 3)).toBe(0);
    expect(nextSlide('random', 0, 1)).toBe(0);
  });
});
