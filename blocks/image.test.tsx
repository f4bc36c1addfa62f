// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';
import { NO_SRC_MESSAGE } from '../src/renderer/BlockImage';
import { ZOOM, nextZoom } from './image';

const photo = { src: '/media/tee.jpg', alt: 'Green tee on a hanger' };
const frame = (c: HTMLElement) => c.querySelector<HTMLElement>('.image-block__frame')!;
const scale = (c: HTMLElement) => frame(c).dataset.zoom;

describe('image block', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws a lazy image with alt text and the §9 srcset widths', async () => {
    await renderBlock('image', { image: photo });
    const img = screen.getByRole('img', { name: 'Green tee on a hanger' });
    expect(img.getAttribute('loading')).toBe('lazy');
    const widths = img.getAttribute('srcset')!.split(', ').map((s) => s.split(' ')[1]);
    expect(widths).toEqual(['480w', '640w', '960w', '1280w', '1920w']);
  });

  it('frames the image at the chosen §3 ratio', async () => {
    const { container } = await renderBlock('image', { image: photo, ratio: 'tall' });
    expect(container.querySelector<HTMLElement>('.image-block')!.style.getPropertyValue('--image-block-ratio')).toBe('1 / 1.5');
    expect(frame(container).classList.contains('image-block__frame--ratio')).toBe(true);
  });

  it('links through SafeLink: unsafe schemes are replaced', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { unmount } = await renderBlock('image', { image: photo, link: '/collections/tees' });
    expect(screen.getByRole('link').getAttribute('href')).toBe('/collections/tees');
    unmount();
    await renderBlock('image', { image: photo, link: 'javascript:alert(1)' });
    expect(screen.getByRole('link').getAttribute('href')).not.toMatch(/^javascript:/);
  });

  it('reports a missing src and draws nothing on the storefront', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container, errors } = await renderBlock('image', { image: { src: '' } });
    expect(errors.map((e) => e.message)).toContain(NO_SRC_MESSAGE);
    expect(warn).toHaveBeenCalledWith(NO_SRC_MESSAGE);
    expect(container.querySelector('img, figure, .image-block')).toBeNull();
  });

  it('shows an empty state for a missing image in the builder', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderBlock('image', {}, { mode: 'preview' });
    expect(screen.getByText('No image selected')).toBeTruthy();
  });

  describe('zoom (§4, §9)', () => {
    it('steps 1 → 2 by 0.1', () => {
      expect(ZOOM).toEqual({ min: 1, max: 2, step: 0.1 });
      expect(nextZoom(1, -1)).toBe(1.1);
      expect(nextZoom(1.9, -1)).toBe(2);
      expect(nextZoom(2, -1)).toBe(2);
      expect(nextZoom(1, 1)).toBe(1);
    });

    it('zooms in on wheel up, out on wheel down, and resets when the mouse leaves', async () => {
      const { container } = await renderBlock('image', { image: photo, zoom: true });
      expect(scale(container)).toBe('1.0');
      fireEvent.wheel(frame(container), { deltaY: -100 });
      expect(scale(container)).toBe('1.1');
      for (let i = 0; i < 15; i++) fireEvent.wheel(frame(container), { deltaY: -100 });
      expect(scale(container)).toBe('2.0');
      fireEvent.wheel(frame(container), { deltaY: 100 });
      expect(scale(container)).toBe('1.9');
      expect(container.querySelector<HTMLElement>('.image-block')!.style.getPropertyValue('--image-block-scale')).toBe('1.9');
      fireEvent.mouseLeave(frame(container));
      expect(scale(container)).toBe('1.0');
    });

    it('keeps the page scrolling when the image cannot zoom further', async () => {
      const { container } = await renderBlock('image', { image: photo, zoom: true });
      const outAtMin = new WheelEvent('wheel', { deltaY: 100, cancelable: true, bubbles: true });
      frame(container).dispatchEvent(outAtMin);
      expect(outAtMin.defaultPrevented).toBe(false);
      const zoomIn = new WheelEvent('wheel', { deltaY: -100, cancelable: true, bubbles: true });
      frame(container).dispatchEvent(zoomIn);
      expect(zoomIn.defaultPrevented).toBe(true);
    });

    it('does nothing when zoom is off', async () => {
      const { container } = await renderBlock('image', { image: photo });
      fireEvent.wheel(frame(container), { deltaY: -100 });
      expect(scale(container)).toBeUndefined();
      expect(container.querySelector<HTMLElement>('.image-block')!.style.getPropertyValue('--image-block-scale')).toBe('');
    });
  });
});
