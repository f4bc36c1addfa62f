// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import Summary, { change } from './summary';
import type { SummaryProperties } from '../src/core/generated/blockProperties';
import { NO_ACCESS } from './charts/dashboard';
import { blockOf, DIVISION_ID, json, mockFetch, pendingFetch, renderInStore } from './commerce/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderSummary = (properties: Record<string, unknown> = {}) => {
  const { block, properties: p } = blockOf<SummaryProperties>('summary', properties);
  return renderInStore(<Summary block={block} properties={p} mode="native" />);
};
const figures = {
  orders: 2,
  items: 4,
  revenue: 11820,
  profit: 5300,
  averageOrderValue: 5910,
};
const tiles = () => [...document.querySelectorAll('.summary__tile')].map((t) => t.textContent);

describe('summary block', () => {
  it('loading', () => {
    pendingFetch();
    renderSummary();
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('shows the chosen figures with the change on the previous period', async () => {
    const fetch = mockFetch(() =>
      json({
        ...figures,
        previous: {
          orders: 1,
          items: 1,
          revenue: 4800,
          profit: 2150,
          averageOrderValue: 4800,
        },
        topProducts: [],
      }),
    );
    renderSummary({ period: '7d' });
    await screen.findByText('Figures in the last 7 days');
    expect(String(fetch.mock.calls[0]![0])).toBe(`/omnis/v3/divisions/${DIVISION_ID}/stats/summary/?period=7d`);
    expect(tiles()).toEqual([
      'Orders2+100% on the previous period',
      'Revenue£118.20+146% on the previous period',
      'Profit (estimated)£53.00+147% on the previous period',
      'VisitorsNot tracked yet',
    ]);
    expect(screen.getByText(/estimated costs/)).toBeTruthy();
  });

  it('empty period: zeros and a note', async () => {
    const zero = {
      orders: 0,
      items: 0,
      revenue: 0,
      profit: 0,
      averageOrderValue: 0,
    };
    mockFetch(() => json({ ...zero, previous: zero, topProducts: [] }));
    renderSummary({ metrics: ['orders', 'averageOrderValue'], compare: false });
    await screen.findByText('No paid orders in the last 30 days yet.');
    expect(tiles()).toEqual(['Orders0', 'Average order value£0.00']);
  });

  it('401 → permission state; 500 → error with retry', async () => {
    mockFetch(() => json({ message: 'Unauthenticated.' }, 401));
    renderSummary();
    expect(await screen.findByText(NO_ACCESS)).toBeTruthy();
    cleanup();
    mockFetch(() => json({}, 500));
    renderSummary();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('change(): percentages, and nothing to compare with from zero', () => {
    expect(change(150, 100)).toBe('+50%');
    expect(change(50, 100)).toBe('-50%');
    expect(change(5, 0)).toBeNull();
    expect(change(0, 0)).toBe('0%');
  });
});
