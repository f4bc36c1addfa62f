// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';
import { BANNER_TYPES } from './banner';

describe('banner block (§3, §9)', () => {
  it('draws its image under the default 0.15 overlay, with title and copy truncated at 50 and 300 characters', async () => {
    const title = 'T'.repeat(60);
    const copy = 'c'.repeat(320);
    const { container, cell } = await renderBlock('banner', { title, copy, image: { src: '/media/scene/forest.svg', alt: 'Hills' } });
    expect(container.querySelector<HTMLElement>('.backdrop__overlay')!.style.opacity).toBe('var(--banner-overlay-opacity)');
    expect(cell.style.getPropertyValue('--banner-overlay-opacity')).toBe('0.15');
    expect(screen.getByRole('img', { name: 'Hills' })).toBeTruthy();
    expect(screen.getByRole('heading').textContent).toHaveLength(50);
    expect(container.querySelector('.banner__copy')!.textContent).toHaveLength(300);
  });

  it('shows the action only with text and an href or action (§5.2)', async () => {
    const { unmount } = await renderBlock('banner', { title: 't', action: { text: 'Shop now' } });
    expect(screen.queryByRole('link', { name: 'Shop now' })).toBeNull();
    unmount();
    await renderBlock('banner', { title: 't', action: { text: 'Shop now', href: '/new-in/' } });
    expect(screen.getByRole('link', { name: 'Shop now' }).getAttribute('href')).toBe('/new-in/');
  });

  it('uses the §9 ratios, minimum heights and font scales per type', () => {
    expect(BANNER_TYPES).toEqual({
      standard: { ratio: 0.4, minHeight: 400, fontScale: 1 },
      compact: { ratio: 0.25, minHeight: 320, fontScale: 0.55 },
      slim: { ratio: 0.1, minHeight: 300, fontScale: 0.3 },
    });
  });

  it('keeps white text legible over a pale measured picture: the overlay darkens as far as WCAG AA needs, no further', async () => {
    const pale = { light: '#f2f7f9', dark: '#4f8aa0' };
    const { cell, unmount } = await renderBlock('banner', { title: 'Back to the sea', image: { src: '/media/scene/coast.svg', alt: 'Coast', tone: { left: pale, center: pale, right: pale } } });
    const opacity = Number(cell.style.getPropertyValue('--banner-overlay-opacity'));
    expect(opacity).toBeGreaterThan(0.45);
    expect(opacity).toBeLessThan(0.6);
    unmount();
    const dark = { light: '#303030', dark: '#101010' };
    const again = await renderBlock('banner', { title: 'Night', image: { src: '/media/night.jpg', alt: 'Night', tone: { left: dark, center: dark, right: dark } } });
    expect(again.cell.style.getPropertyValue('--banner-overlay-opacity')).toBe('0.15');
  });
});
