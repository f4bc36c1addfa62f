// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';

describe('slide block', () => {
  it('draws its image under an overlay with title and copy', async () => {
    const { container, cell } = await renderBlock('slide', { title: 'Summer drop', copy: 'Linen blends', image: { src: '/media/a.jpg', alt: 'Linen shirts' } });
    expect(screen.getByRole('heading', { name: 'Summer drop' })).toBeTruthy();
    expect(screen.getByText('Linen blends')).toBeTruthy();
    const slide = container.querySelector<HTMLElement>('.slide')!;
    // §3 default overlay opacity 0.15, set per device on the block's cell.
    expect(slide.querySelector<HTMLElement>('.backdrop__overlay')!.style.opacity).toBe('var(--slide-overlay-opacity)');
    expect(cell.style.getPropertyValue('--slide-overlay-opacity')).toBe('0.15');
    expect(slide.style.getPropertyValue('--slide-text')).toBe('#ffffff');
    // The first slide loads at once; it is the page's first large image.
    expect(screen.getByRole('img', { name: 'Linen shirts' }).getAttribute('loading')).toBe('eager');
  });

  it('shows its action only with text and a link (§5.2)', async () => {
    const { unmount } = await renderBlock('slide', { title: 't', action: { text: 'Shop now', href: '/collections/summer' } });
    expect(screen.getByRole('link', { name: 'Shop now' }).getAttribute('href')).toBe('/collections/summer');
    unmount();
    await renderBlock('slide', { title: 't', action: { text: 'Shop now', href: '' } });
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('holds child blocks', async () => {
    await renderBlock('slide', {}, { items: [{ type: 'button', properties: { text: 'Inner', href: '/x' } }] });
    expect(screen.getByRole('link', { name: 'Inner' })).toBeTruthy();
  });

  it('outlines dark text with the heavy shadow when no overlay can make it legible', async () => {
    const grey = { light: '#ffffff', dark: '#888888' };
    const { cell } = await renderBlock('slide', { title: 'Grey day', textColor: '#222222', image: { src: '/media/grey.jpg', alt: 'Grey', tone: { left: grey, center: grey, right: grey } } });
    expect(cell.style.getPropertyValue('--slide-text-shadow')).not.toBe('none');
    expect(cell.style.getPropertyValue('--slide-overlay-opacity')).toBe('0.15');
  });
});
