// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';

afterEach(cleanup);

describe('taglets', () => {
  it('draws a list of tags, each linking where its item says', async () => {
    await renderBlock('taglets', {
      title: 'Popular',
      items: [{ text: 'Hoodies', href: '/collection/hoodies/' }, { text: 'Gifts' }, { text: 'Totes', href: '/collection/totes/' }],
    });
    const nav = screen.getByRole('navigation', { name: 'Popular' });
    expect(within(nav).getAllByRole('listitem')).toHaveLength(3);
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/collection/hoodies/', '/collection/totes/']);
    expect(within(nav).getByText('Gifts').closest('a')).toBeNull();
  });

  it('scrolls on one line when asked', async () => {
    await renderBlock('taglets', { items: [{ text: 'A' }], scroll: true, align: 'center' });
    const root = document.querySelector('.taglets')!;
    expect(root.className).toContain('taglets--scroll');
    expect(root.className).toContain('taglets--center');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('draws nothing with no title and no tags', async () => {
    await renderBlock('taglets', {});
    expect(document.querySelector('.taglets')).toBeNull();
  });
});
