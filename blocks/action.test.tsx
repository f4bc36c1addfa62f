// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';
import { ACTION_EVENT } from '../src/renderer/SafeLink';

afterEach(cleanup);

describe('action', () => {
  it('draws title, description and the default button', async () => {
    await renderBlock('action', { description: 'Add your logo', href: '/dashboard/' });
    expect(screen.getByRole('heading', { name: 'Next step' })).toBeTruthy();
    expect(screen.getByText('Add your logo')).toBeTruthy();
    const button = screen.getByRole('link', { name: 'Continue' });
    expect(button.getAttribute('href')).toBe('/dashboard/');
    expect(button.className).toContain('pod-button--primary');
  });

  it('raises the @event instead of following the link', async () => {
    const listener = vi.fn();
    window.addEventListener(ACTION_EVENT, listener);
    await renderBlock('action', { action: '@openStudio', href: '/elsewhere/' });
    fireEvent.click(screen.getByRole('link', { name: 'Continue' }));
    expect((listener.mock.calls[0]![0] as CustomEvent).detail).toEqual({ action: 'openStudio' });
    window.removeEventListener(ACTION_EVENT, listener);
  });

  it('uses the secondary style when not primary, and a tick instead of the button once completed', async () => {
    await renderBlock('action', { primary: false });
    expect(screen.getByRole('link', { name: 'Continue' }).className).toContain('pod-button--secondary');
    cleanup();
    await renderBlock('action', { completed: true });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Completed')).toBeTruthy();
  });
});
