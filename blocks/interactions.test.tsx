// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import Interactions from './interactions';
import type { InteractionsProperties } from '../src/core/generated/blockProperties';
import { NO_ACCESS } from './charts/dashboard';
import { blockOf, DIVISION_ID, json, mockFetch, pendingFetch, renderInStore } from './commerce/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderFeed = (properties: Record<string, unknown> = {}) => {
  const { block, properties: p } = blockOf<InteractionsProperties>('interactions', properties);
  return renderInStore(<Interactions block={block} properties={p} mode="native" />);
};
const data = [
  {
    type: 'orders',
    id: 'order-2',
    at: '2026-11-20T10:05:00.000Z',
    name: 'Ada',
    items: 2,
    amount: 5395,
    currency: 'GBP',
  },
  {
    type: 'subscribers',
    id: 'subscriber-1',
    at: '2026-11-19T09:00:00.000Z',
    name: '',
  },
  {
    type: 'orders',
    id: 'order-1',
    at: '2026-11-18T09:00:00.000Z',
    name: 'Bo',
    items: 1,
    amount: 2500,
    currency: 'GBP',
  },
];

describe('interactions block', () => {
  it('loading', () => {
    pendingFetch();
    renderFeed();
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('lists recent activity of the chosen types, newest first, and names what is not recorded', async () => {
    const fetch = mockFetch(() => json({ data, tracked: ['orders', 'subscribers'] }));
    renderFeed({ limit: 5 });
    await screen.findByText('Ada ordered 2 items (£53.95)');
    expect(String(fetch.mock.calls[0]![0])).toBe(`/omnis/v3/divisions/${DIVISION_ID}/stats/interactions/?limit=5`);
    expect([...document.querySelectorAll('.interactions__text')].map((e) => e.textContent)).toEqual([
      'Ada ordered 2 items (£53.95)',
      'Someone subscribed to the newsletter',
      'Bo ordered 1 item (£25.00)',
    ]);
    expect(screen.getByText('Not recorded yet: favourites.')).toBeTruthy();
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20T10:05:00.000Z');
  });

  it('filters by type and can hide avatars', async () => {
    mockFetch(() => json({ data, tracked: ['orders', 'subscribers'] }));
    renderFeed({ types: ['subscribers'], showAvatars: false });
    await screen.findByText('Someone subscribed to the newsletter');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(document.querySelector('.interactions__avatar')).toBeNull();
  });

  it('empty, no access and error states', async () => {
    mockFetch(() => json({ data: [], tracked: ['orders', 'subscribers'] }));
    renderFeed();
    expect(await screen.findByText('Nothing yet: new activity will appear here.')).toBeTruthy();
    cleanup();
    mockFetch(() => json({ message: 'Permission denied' }, 403));
    renderFeed();
    expect(await screen.findByText(NO_ACCESS)).toBeTruthy();
    cleanup();
    mockFetch(() => json({}, 500));
    renderFeed();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
