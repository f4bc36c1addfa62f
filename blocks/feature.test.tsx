// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { buildBlock, renderBlock, testRegistry } from './testing/renderBlock';

afterEach(cleanup);

describe('feature (mail)', () => {
  it('is a mail-only block', () => {
    expect(testRegistry().blockMeta('feature')?.compatibility).toEqual(['mail']);
    expect(buildBlock('feature').block.properties).toMatchObject({ title: 'Feature', textAlign: 'center', imagePosition: 'top' });
  });

  it('renders table-free HTML with inline styles', async () => {
    await renderBlock('feature', {
      image: { src: 'https://cdn.example/tee.jpg', alt: 'A tee' },
      title: 'New colours',
      copy: '<p>Forest and sand.</p>',
      action: { text: 'Shop now', href: 'https://shop.example/new/' },
      imagePosition: 'left',
    });
    const root = document.querySelector('.feature') as HTMLElement;
    expect(root.querySelector('table, td, tr')).toBeNull();
    expect(root.style.maxWidth).toBe('600px');
    const img = screen.getByAltText('A tee') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('https://cdn.example/tee.jpg');
    expect(img.closest('.feature__media')!.getAttribute('style')).toContain('display: inline-block');
    expect(screen.getByRole('heading', { name: 'New colours' }).getAttribute('style')).toContain('font-size: 22px');
    const button = screen.getByRole('link', { name: 'Shop now' });
    expect(button.getAttribute('href')).toBe('https://shop.example/new/');
    expect(button.getAttribute('style')).toContain('display: inline-block');
  });

  it('puts the image after the text for imagePosition right, and uses the icon without an image', async () => {
    await renderBlock('feature', { image: { src: '/media/a.jpg', alt: 'a' }, imagePosition: 'right' });
    const root = document.querySelector('.feature')!;
    expect([...root.children].map((c) => c.className)).toEqual(['feature__text', 'feature__media']);
    cleanup();
    await renderBlock('feature', { icon: 'star' });
    expect(document.querySelector('.feature__icon svg')).not.toBeNull();
  });

  it('§5.2 shows the action only with text and an href or action', async () => {
    await renderBlock('feature', { action: { text: 'Shop now' } });
    expect(screen.queryByRole('link')).toBeNull();
  });
});
