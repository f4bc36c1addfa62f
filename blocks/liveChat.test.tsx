// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';
import { CHAT_GROUPS, CHAT_STORAGE_KEY, DEFAULT_CHAT_GROUP, chatGroupId, chatMailto, notificationDelayMs } from './liveChat';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const chatButton = () => screen.queryByRole('button', { name: 'Chat with us' });

describe('liveChat', () => {
  it('§6 group codes pro=1, integrations=2, support=3, studio=4, default support', () => {
    expect(CHAT_GROUPS).toEqual({ pro: 1, integrations: 2, support: 3, studio: 4 });
    expect(DEFAULT_CHAT_GROUP).toBe('support');
    expect(chatGroupId('general')).toBe(3);
    expect(chatGroupId('studio')).toBe(4);
  });

  it('§4 shows the button and notification after showAfterSeconds × 1000 ms', async () => {
    expect(notificationDelayMs(12)).toBe(12_000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await renderBlock('liveChat', { showAfterSeconds: 5 });
    expect(chatButton()).toBeNull();
    act(() => vi.advanceTimersByTime(4999));
    expect(chatButton()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(chatButton()).not.toBeNull();
    expect(screen.getByText('Need a hand?')).toBeTruthy();
    expect(screen.getByText('Chat with our team.')).toBeTruthy();
  });

  it('shows at once with the default of 0 seconds', async () => {
    await renderBlock('liveChat', {});
    expect(chatButton()).not.toBeNull();
  });

  it('§6 forces pro styling when buttonStyle is pro', async () => {
    await renderBlock('liveChat', { buttonStyle: 'pro' });
    expect(chatButton()!.className).toContain('live-chat__button--pro');
    cleanup();
    await renderBlock('liveChat', { buttonStyle: 'secondary' });
    expect(chatButton()!.className).not.toContain('live-chat__button--pro');
    expect(chatButton()!.className).toContain('pod-button--secondary');
  });

  it('opens a panel offering email to the chosen team, remembered in local storage; Escape closes it', async () => {
    await renderBlock('liveChat', { group: 'integrations', title: 'Connect your shop', contactEmail: 'help@shop.example' });
    fireEvent.click(chatButton()!);
    const panel = screen.getByRole('dialog', { name: 'Connect your shop' });
    expect(panel.textContent).toContain('Email our Integrations team');
    const email = screen.getByRole('link', { name: 'Email us' });
    expect(email.getAttribute('href')).toBe(chatMailto({ group: 'integrations', title: 'Connect your shop', contactEmail: 'help@shop.example' }));
    expect(decodeURIComponent(email.getAttribute('href')!)).toBe('mailto:help@shop.example?subject=Connect your shop – Integrations team (group 2)');
    expect(JSON.parse(localStorage.getItem(CHAT_STORAGE_KEY)!)).toEqual({ opened: true, group: 2 });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(localStorage.getItem(CHAT_STORAGE_KEY)!)).toEqual({ opened: false, group: 2 });
  });

  it('reopens the panel on the next page when it was left open', async () => {
    localStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify({ opened: true, group: 3 }));
    await renderBlock('liveChat', {});
    expect(screen.getByRole('dialog', { name: 'Need a hand?' })).toBeTruthy();
  });

  it('draws in place at once in the builder', async () => {
    await renderBlock('liveChat', { showAfterSeconds: 60 }, { mode: 'preview' });
    expect(chatButton()).not.toBeNull();
    expect(document.querySelector('.live-chat--inline')).not.toBeNull();
  });
});
