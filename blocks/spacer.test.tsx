// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderBlock } from './testing/renderBlock';
import { SPACER_MULTIPLES } from './spacer';

const spacer = (c: HTMLElement) => c.querySelector<HTMLElement>('.spacer')!;

describe('spacer block', () => {
  it('is 1×, 2×, 4× the 24px row spacing for small, regular, large', async () => {
    expect(SPACER_MULTIPLES).toEqual({ small: 1, regular: 2, large: 4 });
    for (const [ratio, px] of [['small', '24px'], ['regular', '48px'], ['large', '96px']] as const) {
      const { cell, unmount } = await renderBlock('spacer', { ratio });
      expect(cell.style.getPropertyValue('--spacer-height')).toBe(px);
      unmount();
    }
  });

  it('defaults to regular (48px) and is hidden from assistive technology', async () => {
    const { container, cell } = await renderBlock('spacer');
    expect(cell.style.getPropertyValue('--spacer-height')).toBe('48px');
    expect(spacer(container).getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('hr')).toBeNull();
  });

  it('draws a dividing line in its colour when asked', async () => {
    const { container } = await renderBlock('spacer', { divider: true, dividerColor: '#ff0000' });
    expect(container.querySelector('hr')).not.toBeNull();
    expect(spacer(container).style.getPropertyValue('--spacer-line')).toBe('#ff0000');
  });
});
