// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderBlock, testRegistry } from './testing/renderBlock';
import { CAROUSEL_INTERVAL_MS } from './carousel';

const items = Array.from({ length: 4 }, (_, i) => ({ type: 'textBlock', properties: { text: `<p>Card ${i + 1}</p>` } }));

/** jsdom has no layout: give each item a left offset and record where the strip is asked to scroll. */
let scrolls: number[];
beforeEach(() => {
  scrolls = [];
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    const siblings = this.parentElement ? Array.from(this.parentElement.children) : [];
    return siblings.indexOf(this) * 300;
  });
  HTMLElement.prototype.scrollTo = function (options?: ScrollToOptions | number) {
    scrolls.push(typeof options === 'object' ? (options.left ?? 0) : 0);
  } as typeof HTMLElement.prototype.scrollTo;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const strip = () => screen.getByRole('region', { name: 'Carousel' });

describe('carousel block', () => {
  it('is a focusable, labelled scrolling region with all its children', async () => {
    await renderBlock('carousel', {}, { items });
    expect(strip().tabIndex).toBe(0);
    expect(strip().getAttribute('aria-roledescription')).toBe('carousel');
    expect(strip().querySelector(':scope > .pod-grid')?.children).toHaveLength(4);
  });

  it('takes its name from its title', async () => {
    await renderBlock('carousel', { title: 'New in' }, { items });
    expect(screen.getByRole('region', { name: 'New in' })).toBeTruthy();
  });

  it('moves one item per arrow press and wraps around by default', async () => {
    await renderBlock('carousel', {}, { items });
    const next = screen.getByRole('button', { name: 'Next item' });
    fireEvent.click(next);
    fireEvent.click(next);
    expect(scrolls).toEqual([300, 600]);
    fireEvent.click(screen.getByRole('button', { name: 'Previous item' }));
    expect(scrolls.at(-1)).toBe(300);
    fireEvent.click(screen.getByRole('button', { name: 'Previous item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous item' }));
    expect(scrolls.at(-1)).toBe(900);
  });

  it('stops at the ends without loop', async () => {
    await renderBlock('carousel', { loop: false }, { items });
    expect(screen.getByRole('button', { name: 'Previous item' })).toHaveProperty('disabled', true);
  });

  it('is keyboard operable: arrow keys, Home and End', async () => {
    await renderBlock('carousel', {}, { items });
    fireEvent.keyDown(strip(), { key: 'ArrowRight' });
    expect(scrolls.at(-1)).toBe(300);
    fireEvent.keyDown(strip(), { key: 'End' });
    expect(scrolls.at(-1)).toBe(900);
    fireEvent.keyDown(strip(), { key: 'Home' });
    expect(scrolls.at(-1)).toBe(0);
  });

  it('shows dots when asked', async () => {
    await renderBlock('carousel', { showDots: true }, { items });
    fireEvent.click(screen.getByRole('button', { name: 'Go to item 3' }));
    expect(scrolls.at(-1)).toBe(600);
    expect(screen.getByRole('button', { name: 'Go to item 3' }).getAttribute('aria-current')).toBe('true');
  });

  it('autoplays at the §9 slide interval (6000 ms) only when asked, pausing under the pointer', async () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(6000);
    const props: Record<string, unknown> = {};
    testRegistry().validateBlockProperties('carousel', props);
    expect(props).toMatchObject({ interval: CAROUSEL_INTERVAL_MS, autoplay: false });

    vi.useFakeTimers();
    const { container } = await renderBlock('carousel', { autoplay: true }, { items });
    await act(() => vi.advanceTimersByTime(5999));
    expect(scrolls).toEqual([]);
    await act(() => vi.advanceTimersByTime(1));
    expect(scrolls).toEqual([300]);
    fireEvent.mouseEnter(container.querySelector('.carousel')!);
    await act(() => vi.advanceTimersByTime(20000));
    expect(scrolls).toEqual([300]);
  });
});
