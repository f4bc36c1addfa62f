// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';

const figure = () => screen.getByRole('figure');

describe('quote block', () => {
  it('draws the §3 defaults: Lato 24px, right aligned, #222 on #fff, 4px corners', async () => {
    const { cell } = await renderBlock('quote', { text: 'Softest tee I own', author: 'Sam' });
    const style = figure().style;
    expect(style.fontFamily).toMatch(/^'?"?Lato/);
    expect(cell.style.getPropertyValue('--quote-size')).toBe('24px');
    expect(cell.style.getPropertyValue('--quote-align')).toBe('right');
    expect(cell.style.getPropertyValue('--quote-items')).toBe('flex-end');
    expect(style.color).toBe('rgb(34, 34, 34)');
    expect(style.background).toMatch(/rgb\(255, 255, 255\)|#fff/);
    expect(style.borderRadius).toBe('4px');
    expect(figure()).toHaveProperty('className', 'quote');
  });

  it('shows the quote inside a blockquote with its author and title', async () => {
    await renderBlock('quote', { text: 'Great fit', author: 'Ana', authorTitle: 'Verified buyer' });
    expect(screen.getByText('Great fit').closest('blockquote')).not.toBeNull();
    expect(screen.getByText('Ana').tagName).toBe('CITE');
    expect(screen.getByText('Verified buyer')).toBeTruthy();
  });

  it('uses the properties it is given', async () => {
    const { cell } = await renderBlock('quote', { text: 'x', font: 'Roboto', fontSize: 32, align: 'left', textColor: '#ff0000', backgroundColor: '#000000', borderRadius: '12px' });
    const style = figure().style;
    expect(style.fontFamily).toContain('Roboto');
    expect(cell.style.getPropertyValue('--quote-size')).toBe('32px');
    expect(cell.style.getPropertyValue('--quote-align')).toBe('left');
    expect(cell.style.getPropertyValue('--quote-author-direction')).toBe('row');
    expect(style.color).toBe('rgb(255, 0, 0)');
    expect(style.borderRadius).toBe('12px');
  });

  it('announces a star rating and hides it at 0', async () => {
    const { unmount } = await renderBlock('quote', { rating: 4 });
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    unmount();
    await renderBlock('quote', { rating: 0 });
    expect(screen.queryByRole('img', { name: /Rated/ })).toBeNull();
  });

  it('has no author line and no photo request without an author', async () => {
    const { container } = await renderBlock('quote', { text: 'Anonymous praise' });
    expect(container.querySelector('figcaption')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });
});
