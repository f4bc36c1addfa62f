// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderBlock } from './testing/renderBlock';

const link = (c: HTMLElement) => c.querySelector<HTMLAnchorElement>('a.pod-button')!;

describe('button block', () => {
  it('draws each §3 button style (schema version 2: buttonStyle)', async () => {
    for (const [style, className] of [['primary', 'pod-button--primary'], ['secondary', 'pod-button--secondary'], ['warning', 'pod-button--warning'], ['primary|secondary', 'pod-button--primary-secondary']] as const) {
      const { container, errors, unmount } = await renderBlock('button', { text: 'Shop', href: '/shop/', buttonStyle: style });
      expect(errors).toEqual([]);
      expect(link(container).className).toContain(className);
      unmount();
    }
  });

  it('is secondary by default, as version 1 buttons were (primary 0)', async () => {
    const { container, block } = await renderBlock('button', { text: 'Shop', href: '/shop/' });
    expect(block.properties.buttonStyle).toBe('secondary');
    expect(link(container).className).toContain('pod-button--secondary');
    expect(link(container).textContent).toBe('Shop');
  });

  it('no longer takes the version 1 property primary', async () => {
    const { errors } = await renderBlock('button', { text: 'Shop', primary: 1 });
    expect(errors.map((e) => e.path)).toEqual(['/blocks/0/properties/primary']);
  });
});
