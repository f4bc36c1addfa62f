// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NOTIFICATION_OPEN_MS, NotificationCenter } from './NotificationCenter';
import { session } from '../../auth/session';
import { json, mockFetch, user } from '../../auth/testing';
import type { AppNotification } from '../../core/notifications';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  session.set(null);
});

const note = (id: number, title: string): AppNotification => ({
  id,
  title,
  body: '',
  image: null,
  href: null,
  position: 'top-right',
  template: 'Simple',
  tag: null,
  data: {},
  actions: [],
  createdAt: '2026-11-24T10:00:00.000Z',
  openedAt: null,
});

async function showWith(notifications: AppNotification[]) {
  const answer = { notifications, unread: notifications.length };
  mockFetch(() => json(answer));
  session.set(user());
  render(<NotificationCenter />);
  await screen.findByRole('region', { name: 'New notifications' });
  return answer;
}

describe('corner notifications', () => {
  it(`fold into a bell after ${NOTIFICATION_OPEN_MS} ms, so they stop covering the screen, and the bell opens them again`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await showWith([note(1, 'Permission granted')]);
    expect(NOTIFICATION_OPEN_MS).toBe(8_000);

    act(() => void vi.advanceTimersByTime(NOTIFICATION_OPEN_MS - 100));
    expect(screen.getByRole('article', { name: 'Permission granted' })).toBeTruthy();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByRole('article', { name: 'Permission granted' })).toBeNull();

    const bell = screen.getByRole('button', { name: 'Show 1 notification' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(bell);
    expect(screen.getByRole('article', { name: 'Permission granted' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show 1 notification' })).toBeNull();
  });

  it('stay open while the pointer is over them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await showWith([note(1, 'Permission granted'), note(2, 'Order shipped')]);
    fireEvent.pointerEnter(screen.getByRole('region', { name: 'New notifications' }));
    act(() => void vi.advanceTimersByTime(NOTIFICATION_OPEN_MS * 2));
    expect(screen.getByRole('article', { name: 'Order shipped' })).toBeTruthy();
    fireEvent.pointerLeave(screen.getByRole('region', { name: 'New notifications' }));
    act(() => void vi.advanceTimersByTime(NOTIFICATION_OPEN_MS + 100));
    expect(screen.getByRole('button', { name: 'Show 2 notifications' })).toBeTruthy();
  });

  it('in a tool that fills the window (cards off) only the title counts them', async () => {
    mockFetch(() => json({ notifications: [note(1, 'Permission granted')], unread: 1 }));
    session.set(user());
    document.title = 'Editing Home | Fern & Thread';
    render(<NotificationCenter cards={false} />);
    await waitFor(() => expect(document.title).toBe('(1) Editing Home | Fern & Thread'));
    expect(screen.queryByRole('region', { name: 'New notifications' })).toBeNull();
    expect(screen.queryByRole('button', { name: /notification/ })).toBeNull();
  });
});
