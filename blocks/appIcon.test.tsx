// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';

afterEach(cleanup);

describe('appIcon', () => {
  it('is one link named by its title, with its badge and pro marker', async () => {
    await renderBlock('appIcon', { title: 'Mockups', href: '/plugins/mockups', badge: '3', pro: true });
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/plugins/mockups');
    expect(link.textContent).toBe('3ProMockups');
    expect(link.querySelector('svg')).not.toBeNull();
  });

  it('shows the image instead of the icon when set', async () => {
    await renderBlock('appIcon', { image: { src: '/media/app.png', alt: '' } });
    expect(document.querySelector('.app-icon__image')).not.toBeNull();
    expect(document.querySelector('.app-icon__icon')).toBeNull();
  });
});
