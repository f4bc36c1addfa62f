// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('announcementV2', () => {
  it('draws title and body with the §9 4px radius', async () => {
    await renderBlock('announcementV2', { title: 'New drop' });
    const box = screen.getByRole('complementary', { name: 'New drop' });
    expect(box.style.borderRadius).toBe('4px');
    expect(screen.getByText('Something new is here.')).toBeTruthy();
  });

  it('§5.2 shows each action only with text and an href or action, in its style', async () => {
    await renderBlock('announcementV2', {
      action: { text: 'Shop now', href: '/collection/new/' },
      secondaryAction: { text: 'Later' },
    });
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Shop now' }).className).toContain('pod-button--primary');
    cleanup();
    await renderBlock('announcementV2', { secondaryAction: { text: 'Details', href: '/help/', style: 'secondary' } });
    expect(screen.getByRole('link', { name: 'Details' }).className).toContain('pod-button--secondary');
    expect(document.querySelector('.announcement-v2__actions')).not.toBeNull();
    cleanup();
    await renderBlock('announcementV2', {});
    expect(document.querySelector('.announcement-v2__actions')).toBeNull();
  });

  it('takes the variant and alignment classes', async () => {
    await renderBlock('announcementV2', { variant: 'error', alignment: 'right' });
    const box = document.querySelector('.announcement-v2')!;
    expect(box.className).toContain('announcement-v2--error');
    expect(box.className).toContain('announcement-v2--right');
  });

  it('is dismissible by default', async () => {
    await renderBlock('announcementV2', {});
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(document.querySelector('.announcement-v2')).toBeNull();
  });
});
