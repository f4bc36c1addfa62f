// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import ProfitPerMonth, { monthlyProfit } from './profitPerMonth';
import type { ProfitPerMonthProperties } from '../src/core/generated/blockProperties';
import { blockOf, DIVISION_ID, json, mockFetch, pendingFetch, renderInStore } from './commerce/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderBlock = (properties: Record<string, unknown> = {}) => {
  const { block, properties: p } = blockOf<ProfitPerMonthProperties>('profitPerMonth', properties);
  return renderInStore(<ProfitPerMonth block={block} properties={p} mode="native" />);
};
const estimate = { price: 2500, cost: 1000, vat: 417, profitPerItem: 1083 };
const amount = () => document.querySelector('.profit-per-month__amount')?.textContent;

describe('profitPerMonth block', () => {
  it('monthly profit is sales × profit per item, never negative', () => {
    expect(monthlyProfit(100, 1083)).toBe(108300);
    expect(monthlyProfit(100, -50)).toBe(0);
  });

  it('shows … until the estimate arrives', () => {
    pendingFetch();
    renderBlock();
    expect(screen.getByRole('heading').textContent).toBe('How much could you make?');
    expect(amount()).toBe('…');
  });

  it('calculates monthly profit from the slider (defaults: 100 sales at £25, £10 cost)', async () => {
    const fetch = mockFetch((url) => (url.includes('profit-estimate') ? json(estimate) : json({}, 401)));
    renderBlock();
    await screen.findByText(/you keep £10.83 per sale/);
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain('/omnis/v3/stats/profit-estimate/?price=2500&cost=1000');
    expect(amount()).toBe('£1,083.00');
    fireEvent.change(screen.getByRole('slider'), { target: { value: '250' } });
    expect(amount()).toBe('£2,707.50');
    expect((screen.getByRole('slider') as HTMLInputElement).max).toBe('1000');
  });

  it('baseCost 0 asks for the default product cost; a failed estimate offers a retry', async () => {
    const fetch = mockFetch((url) => (url.includes('profit-estimate') ? json({ ...estimate, cost: 900, profitPerItem: 1183 }) : json({}, 401)));
    renderBlock({ baseCost: 0, salesPerMonth: 10 });
    await screen.findByText(/you keep £11.83 per sale/);
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain('/omnis/v3/stats/profit-estimate/?price=2500&cost=0');
    expect(amount()).toBe('£118.30');
    cleanup();
    mockFetch(() => json({}, 500));
    renderBlock();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('owners also see revenue against profit for the last 12 months', async () => {
    const fetch = mockFetch((url) =>
      url.includes('profit-estimate')
        ? json(estimate)
        : json({
            data: [
              { month: '2026-10', revenue: 4800, profit: 2150 },
              { month: '2026-11', revenue: 11820, profit: 5300 },
            ],
          }),
    );
    renderBlock();
    await screen.findByRole('table', { name: 'Revenue and profit per month' });
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain(`/omnis/v3/divisions/${DIVISION_ID}/stats/profit-per-month/?months=12`);
    expect(screen.getAllByRole('row').map((r) => r.textContent)).toEqual(['PeriodRevenueProfit', 'Oct 26£48.00£21.50', 'Nov 26£118.20£53.00']);
    expect(screen.getByText(/estimated costs/)).toBeTruthy();
  });

  it('visitors (401) and stores without sales see only the calculator', async () => {
    mockFetch((url) => (url.includes('profit-estimate') ? json(estimate) : json({ message: 'Unauthenticated.' }, 401)));
    renderBlock();
    await screen.findByText(/Estimated costs; VAT at 20%/);
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    mockFetch((url) => (url.includes('profit-estimate') ? json(estimate) : json({ data: [{ month: '2026-11', revenue: 0, profit: 0 }] })));
    renderBlock();
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('table')).toBeNull();
  });
});
