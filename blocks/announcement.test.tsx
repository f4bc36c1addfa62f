// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { buildBlock, renderBlock } from './testing/renderBlock';
import { ANNOUNCEMENT_RADIUS } from './announcement';
import { ANNOUNCEMENT_ACTION_CLASSES, ANNOUNCEMENT_ALIGNMENTS } from './content/announcementParts';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const bar = () => screen.getByRole('region', { name: 'Announcement' });

describe('announcement', () => {
  it('§9 radius 4px by default', async () => {
    expect(ANNOUNCEMENT_RADIUS).toBe('4px');
    await renderBlock('announcement', {});
    expect(bar().style.borderRadius).toBe('4px');
    expect(bar().textContent).toContain('Free delivery on orders over £50');
  });

  it('§5.2 shows the action only with text and an href or action', async () => {
    for (const action of [{ text: 'Shop' }, { href: '/sale/' }, { action: '@openChat' }, { text: '  ', href: '/sale/' }]) {
      await renderBlock('announcement', { action });
      expect(screen.queryByRole('link')).toBeNull();
      cleanup();
    }
    await renderBlock('announcement', { action: { text: 'Shop', href: '/sale/' } });
    expect(screen.getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/sale/');
    cleanup();
    await renderBlock('announcement', { action: { text: 'Chat', action: '@openChat' } });
    expect(screen.getByRole('link', { name: 'Chat' })).toBeTruthy();
  });

  it('§5.2 action styles primary, secondary and none', async () => {
    expect(Object.keys(ANNOUNCEMENT_ACTION_CLASSES)).toEqual(['primary', 'secondary', 'none']);
    expect(buildBlock('announcement', { action: { style: 'warning' } }).errors).not.toHaveLength(0);
    await renderBlock('announcement', { action: { text: 'Go', href: '/x/', style: 'none' } });
    expect(screen.getByRole('link', { name: 'Go' }).className).toContain('content-text-link');
    cleanup();
    await renderBlock('announcement', { action: { text: 'Go', href: '/x/', style: 'secondary' } });
    expect(screen.getByRole('link', { name: 'Go' }).className).toContain('pod-button--secondary');
  });

  it('§5.2 alignments left, center, right and space-between', async () => {
    expect(ANNOUNCEMENT_ALIGNMENTS).toEqual(['left', 'center', 'right', 'space-between']);
    expect(buildBlock('announcement', { alignment: 'justify' }).errors).not.toHaveLength(0);
    await renderBlock('announcement', { alignment: 'space-between' });
    expect(bar().className).toContain('announcement-block--space-between');
  });

  it('can be dismissed for the rest of the visit', async () => {
    const first = await renderBlock('announcement', { dismissible: true });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
    // Remembered per block for the visit, so the next page view does not bring it back.
    expect(sessionStorage.getItem(`pod:dismissed:${first.block.uid}`)).toBe('1');
  });

  it('cannot be dismissed in the builder', async () => {
    await renderBlock('announcement', { dismissible: true }, { mode: 'preview' });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(bar()).toBeTruthy();
  });
});
