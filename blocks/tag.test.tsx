// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';

afterEach(cleanup);

describe('tag', () => {
  it('draws its default text as a plain label', async () => {
    await renderBlock('tag', {});
    expect(screen.getByText('New')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('links when it has an address and takes its own colours and alignment', async () => {
    await renderBlock('tag', { text: 'Sale', href: '/collection/sale/', color: '#ffffff', backgroundColor: '#cc0000', align: 'right' });
    const link = screen.getByRole('link', { name: 'Sale' });
    expect(link.getAttribute('href')).toBe('/collection/sale/');
    expect(link.style.background).toBe('rgb(204, 0, 0)');
    expect(document.querySelector('.tag-block--right')).not.toBeNull();
  });

  it('draws nothing for empty text', async () => {
    await renderBlock('tag', { text: '' });
    expect(document.querySelector('.tag-block')).toBeNull();
  });
});
