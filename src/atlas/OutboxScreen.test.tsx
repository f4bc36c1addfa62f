// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { json, mockFetch, renderScreen } from '../auth/testing';
import { OutboxScreen } from './OutboxScreen';
import type { OutboxMail } from './atlasApi';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mail = (over: Partial<OutboxMail> = {}): OutboxMail => ({
  id: 2,
  to: 'ada@example.com',
  subject: 'Reset your password',
  text: 'Hello Ada,\n\nReset it here: http://localhost/reset-password/?token=abc\n\n<b>not bold</b><img src=x onerror="alert(1)">',
  created_at: '2030-01-02T10:00:00.000Z',
  sent_at: null,
  ...over,
});

describe('/atlas/outbox/', () => {
  it('shows a loading state, then the mails: subject, to, when, sent or queued', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mockFetch(async () => {
      await gate;
      return json({ data: [mail(), mail({ id: 1, subject: 'Verify your email', to: 'bo@example.com', sent_at: '2030-01-01T00:01:00.000Z' })] });
    });
    renderScreen(<OutboxScreen />, '/atlas/outbox/');
    expect(screen.getByText('Loading the outbox…')).toBeTruthy();
    release();
    const table = await screen.findByRole('table', { name: 'Mails' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('ada@example.com')).toBeTruthy();
    expect(within(rows[0]!).getByText('Queued')).toBeTruthy();
    expect(rows[0]!.querySelector('time')?.getAttribute('datetime')).toBe('2030-01-02T10:00:00.000Z');
    expect(within(rows[1]!).getByText('Sent')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Verify your email' })).toBeTruthy();
  });

  it('opens a mail in a panel with its text as text (never HTML); Close returns focus', async () => {
    mockFetch(() => json({ data: [mail()] }));
    renderScreen(<OutboxScreen />, '/atlas/outbox/');
    const open = await screen.findByRole('button', { name: 'Reset your password' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    const panel = screen.getByRole('region', { name: 'Reset your password' });
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(open.getAttribute('aria-controls')).toBe(panel.id);
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Reset your password' }));
    const body = within(panel).getByTestId('mail-body');
    expect(body.textContent).toBe(mail().text);
    expect(body.querySelector('b, img')).toBeNull();
    expect(within(panel).getByText('ada@example.com')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Reset your password' })).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('shows an empty state', async () => {
    mockFetch(() => json({ data: [] }));
    renderScreen(<OutboxScreen />, '/atlas/outbox/');
    expect(await screen.findByText('The outbox is empty: no mails have been written yet.')).toBeTruthy();
  });

  it('shows an error with a retry, and Refresh loads again', async () => {
    let status = 500;
    const calls = mockFetch(() => (status === 500 ? json({ message: 'Server Error' }, 500) : json({ data: [mail()] })));
    renderScreen(<OutboxScreen />, '/atlas/outbox/');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Oops.. looks like something went wrong');
    status = 200;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Reset your password' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('button', { name: 'Reset your password' })).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/omnis/v3/atlas/outbox/', '/omnis/v3/atlas/outbox/', '/omnis/v3/atlas/outbox/']);
  });
});
