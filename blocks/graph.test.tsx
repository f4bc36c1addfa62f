// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import Graph, { NOT_TRACKED } from './graph';
import type { GraphProperties } from '../src/core/generated/blockProperties';
import { NO_ACCESS } from './charts/dashboard';
import { LOAD_ERROR } from './commerce/states';
import { blockOf, DIVISION_ID, json, mockFetch, pendingFetch, renderInStore } from './commerce/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderGraph = (properties: Record<string, unknown> = {}) => {
  const { block, properties: p } = blockOf<GraphProperties>('graph', properties);
  return renderInStore(<Graph block={block} properties={p} mode="native" />);
};
const series = (values: number[]) => ({
  unit: 'day',
  data: values.map((value, i) => ({
    key: `2026-11-0${i + 1}`,
    start: '',
    value,
  })),
});

describe('graph block', () => {
  it('shows a loading state while the figures load', () => {
    pendingFetch();
    renderGraph();
    expect(screen.getByRole('status').textContent).toBe('Loading figures…');
  });

  it('asks the stats API for the figure and period, and charts the buckets', async () => {
    const fetch = mockFetch(() => json(series([1, 0, 3])));
    renderGraph({ metric: 'sales', period: '7d', chartType: 'bar' });
    await screen.findByRole('table');
    expect(String(fetch.mock.calls[0]![0])).toBe(`/omnis/v3/divisions/${DIVISION_ID}/stats/series/?metric=items&period=7d`);
    expect(screen.getByRole('heading').textContent).toBe('Items sold in the last 7 days');
    expect(document.querySelector('.graph__total-value')?.textContent).toBe('4');
    expect(document.querySelectorAll('rect.chart-kit__bar')).toHaveLength(3);
    expect(screen.getAllByRole('row').map((r) => r.textContent)).toEqual(['PeriodItems sold', '1 Nov1', '2 Nov0', '3 Nov3']);
  });

  it('formats money figures and notes estimated costs for profit', async () => {
    mockFetch(() => json(series([1250, 0])));
    renderGraph({ metric: 'profit', title: 'Profit' });
    await screen.findByRole('table');
    expect(document.querySelector('.graph__total-value')?.textContent).toBe('£12.50');
    expect(screen.getByText(/estimated costs/)).toBeTruthy();
  });

  it('says so when there were no sales', async () => {
    mockFetch(() => json(series([0, 0])));
    renderGraph({ period: '30d' });
    expect(await screen.findByText('No sales in the last 30 days yet.')).toBeTruthy();
  });

  it('shows the permission state on 401/403 and a retry on other errors', async () => {
    mockFetch(() => json({ message: 'Permission denied' }, 403));
    renderGraph();
    expect(await screen.findByText(NO_ACCESS)).toBeTruthy();
    cleanup();
    let calls = 0;
    mockFetch(() => (++calls === 1 ? json({ message: 'boom' }, 500) : json(series([2]))));
    renderGraph();
    expect((await screen.findByRole('alert')).textContent).toContain(LOAD_ERROR);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('figures the store does not track say so without asking the API', () => {
    const fetch = mockFetch(() => json({}));
    renderGraph({ metric: 'visitors' });
    expect(screen.getByText(NOT_TRACKED)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
