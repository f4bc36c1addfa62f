// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';

afterEach(cleanup);

describe('card', () => {
  it('draws image, heading and sanitised copy', async () => {
    await renderBlock('card', { image: { src: '/media/a.jpg', alt: 'Folded tees' }, title: 'Organic cotton', copy: '<p>Soft.</p><script>alert(1)</script>' });
    expect(screen.getByRole('heading', { name: 'Organic cotton' })).toBeTruthy();
    expect(screen.getByAltText('Folded tees')).toBeTruthy();
    expect(screen.getByText('Soft.')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
  });

  it('makes the whole card one link when it has a card link', async () => {
    await renderBlock('card', { title: 'Our story', href: '/about/', image: { src: '/media/a.jpg', alt: '' } });
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('/about/');
    expect(links[0]!.className).toContain('content-stretched-link');
  });

  it('§5.2 shows the action only with text and an href or action', async () => {
    await renderBlock('card', { title: 'T', action: { text: 'Read more' } });
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    await renderBlock('card', { title: 'T', action: { href: '/x/' } });
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    await renderBlock('card', { title: 'T', action: { text: 'Read more', href: '/x/' } });
    expect(screen.getByRole('link', { name: 'Read more' }).getAttribute('href')).toBe('/x/');
  });

  it('has no link at all without href or action', async () => {
    await renderBlock('card', {});
    expect(screen.getByRole('heading', { name: 'Card title' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
