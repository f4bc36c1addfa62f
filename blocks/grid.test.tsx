// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';
import { GRID_COLUMNS_DEFAULT } from './grid';

const items = Array.from({ length: 5 }, (_, i) => ({ type: 'textBlock', properties: { text: `<p>Item ${i + 1}</p>` } }));
const grid = (c: HTMLElement) => c.querySelector<HTMLElement>('.grid-block')!;

describe('grid block', () => {
  it('uses 2, 3 and 4 columns at xs, md and lg (§9)', async () => {
    expect(GRID_COLUMNS_DEFAULT).toEqual({ xs: 2, md: 3, lg: 4 });
    const { container, cell } = await renderBlock('grid', {}, { items });
    const style = grid(container).style;
    expect([style.getPropertyValue('--grid-cols-xs'), style.getPropertyValue('--grid-cols-md'), style.getPropertyValue('--grid-cols-lg')]).toEqual(['2', '3', '4']);
    expect(cell.style.getPropertyValue('--grid-gap')).toBe('24px');
    expect(grid(container).querySelector(':scope > .pod-grid')?.children).toHaveLength(5);
    expect(screen.getByText('Item 5')).toBeTruthy();
  });

  it('uses its own columns, gap and title', async () => {
    const { container, cell } = await renderBlock('grid', { title: 'Best sellers', columns: { xs: 1, md: 2, lg: 6 }, gap: 8 }, { items });
    const style = grid(container).style;
    expect([style.getPropertyValue('--grid-cols-xs'), style.getPropertyValue('--grid-cols-md'), style.getPropertyValue('--grid-cols-lg')]).toEqual(['1', '2', '6']);
    expect(cell.style.getPropertyValue('--grid-gap')).toBe('8px');
    expect(screen.getByRole('heading', { name: 'Best sellers' })).toBeTruthy();
  });

  it('asks for blocks when empty in the builder, draws nothing extra for shoppers', async () => {
    const { unmount } = await renderBlock('grid', {}, { mode: 'preview' });
    expect(screen.getByText('Drop blocks into this grid.')).toBeTruthy();
    unmount();
    const { container } = await renderBlock('grid');
    expect(container.querySelector('.grid-block__empty')).toBeNull();
  });
});
