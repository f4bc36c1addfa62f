// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { labelIndices, linearScale, niceStep } from './scale';
import { Chart } from './Chart';

afterEach(() => cleanup());

describe('scales', () => {
  it('nice steps are 1, 2, 2.5 or 5 × 10ⁿ', () => {
    expect(niceStep(100, 5)).toBe(20);
    expect(niceStep(11820, 5)).toBe(2500);
    expect(niceStep(7, 5)).toBe(2);
    expect(niceStep(0)).toBe(1);
  });

  it('a linear scale starts at 0, rounds out to nice ticks and maps onto the pixel range', () => {
    const y = linearScale([3, 47, 12], 200, 0);
    expect(y.domain).toEqual([0, 50]);
    expect(y.ticks).toEqual([0, 10, 20, 30, 40, 50]);
    expect(y(0)).toBe(200);
    expect(y(50)).toBe(0);
    expect(y(25)).toBe(100);
  });

  it('handles negatives (a loss month) and all-zero data', () => {
    expect(linearScale([-30, 80], 100, 0).domain).toEqual([-50, 100]);
    const flat = linearScale([0, 0], 100, 0);
    expect(flat.domain[0]).toBe(0);
    expect(flat.domain[1]).toBeGreaterThan(0);
  });

  it('thins x labels but keeps the first and last', () => {
    expect([...labelIndices(5, 8)]).toEqual([0, 1, 2, 3, 4]);
    const thin = labelIndices(30, 8);
    expect(thin.size).toBeLessThanOrEqual(9);
    expect(thin.has(0) && thin.has(29)).toBe(true);
  });
});

describe('Chart', () => {
  const props = {
    title: 'Revenue',
    description: 'Revenue per day',
    labels: ['1 Nov', '2 Nov', '3 Nov'],
    series: [{ name: 'Revenue', values: [100, 0, 250] }],
    format: (v: number) => `£${v}`,
  };

  it('names the SVG by its <title> and <desc>', () => {
    render(<Chart kind="line" {...props} />);
    const svg = screen.getByRole('img', { name: /Revenue/ });
    expect(svg.querySelector('title')?.textContent).toBe('Revenue');
    expect(svg.querySelector('desc')?.textContent).toBe('Revenue per day');
    expect(svg.querySelector('polyline')).not.toBeNull();
  });

  it('puts every value in the visually-hidden table', () => {
    render(<Chart kind="bar" {...props} />);
    const table = screen.getByRole('table', { name: 'Revenue' });
    expect(table.className).toBe('chart-kit__table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['PeriodRevenue', '1 Nov£100', '2 Nov£0', '3 Nov£250']);
  });

  it('draws one bar per value and series, with a legend for two series', () => {
    const { container } = render(<Chart kind="bar" {...props} series={[...props.series, { name: 'Profit', values: [40, 0, 90] }]} />);
    expect(container.querySelectorAll('rect.chart-kit__bar')).toHaveLength(6);
    expect(container.querySelector('.chart-kit__legend')?.textContent).toBe('RevenueProfit');
    // Taller value → taller bar.
    const heights = [...container.querySelectorAll('rect.chart-kit__bar')].map((r) => Number(r.getAttribute('height')));
    expect(heights[2]!).toBeGreaterThan(heights[0]!);
    expect(heights[1]).toBe(0);
  });

  it('area charts fill under the line', () => {
    const { container } = render(<Chart kind="area" {...props} />);
    expect(container.querySelector('polygon.chart-kit__area')).not.toBeNull();
  });
});
