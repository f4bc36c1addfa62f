// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';
import { rowDirections } from './row';

const children = [
  { type: 'textBlock', properties: { text: '<p>First</p>' } },
  { type: 'textBlock', properties: { text: '<p>Second</p>' } },
];
const row = (c: HTMLElement) => c.querySelector<HTMLElement>('.row')!;

describe('row block', () => {
  it('lays out its children side by side, top aligned, 24px apart by default', async () => {
    const { container, cell } = await renderBlock('row', {}, { items: children });
    expect(screen.getByText('First')).toBeTruthy();
    expect(screen.getByText('Second')).toBeTruthy();
    const el = row(container);
    expect(el.querySelector(':scope > .pod-grid')?.children).toHaveLength(2);
    expect([...el.classList]).toEqual(expect.arrayContaining(['row--xs-row', 'row--md-row', 'row--lg-row']));
    expect(el.classList.contains('row--reversed')).toBe(false);
    expect(cell.style.getPropertyValue('--row-vertical')).toBe('flex-start');
    expect(cell.style.getPropertyValue('--row-spacing')).toBe('24px');
  });

  it('spaces children by multiples of 24px and honours align and reversed', async () => {
    const { container, cell } = await renderBlock('row', { spacing: 2, align: 'bottom', reversed: true }, { items: children });
    const el = row(container);
    expect(cell.style.getPropertyValue('--row-spacing')).toBe('48px');
    expect(cell.style.getPropertyValue('--row-vertical')).toBe('flex-end');
    expect(el.classList.contains('row--reversed')).toBe(true);
  });

  it('takes its direction per breakpoint: mobile below md, desktop from lg', () => {
    expect(rowDirections({ direction: 'row', directionOnMobile: 'column', directionOnDesktop: 'inherit' })).toEqual({ xs: 'column', md: 'row', lg: 'row' });
    expect(rowDirections({ direction: 'column', directionOnMobile: 'inherit', directionOnDesktop: 'row' })).toEqual({ xs: 'column', md: 'column', lg: 'row' });
  });

  it('stacks on mobile when told to', async () => {
    const { container } = await renderBlock('row', { directionOnMobile: 'column' }, { items: children });
    expect([...row(container).classList]).toEqual(expect.arrayContaining(['row--xs-column', 'row--md-row', 'row--lg-row']));
  });

  it('draws a background image and colour behind the children', async () => {
    const { container } = await renderBlock('row', { backgroundImage: { src: '/media/bg.jpg', alt: '' }, backgroundColor: '#eeeeee' }, { items: children });
    const el = row(container);
    expect(el.querySelector('img.row__background')?.getAttribute('src')).toBe('/media/bg.jpg');
    expect(el.style.background).toMatch(/rgb\(238, 238, 238\)|#eeeeee/);
    expect(el.classList.contains('row--background')).toBe(true);
  });

  it('asks for blocks when empty in the builder, and draws no stray image warning without a background', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderBlock('row', {}, { mode: 'preview' });
    expect(screen.getByText('Drop blocks into this row.')).toBeTruthy();
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
