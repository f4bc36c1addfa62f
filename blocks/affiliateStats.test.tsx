// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import AffiliateStats from './affiliateStats';
import type { AffiliateStatsProperties } from '../src/core/generated/blockProperties';
import { AFFILIATE_NOT_SET_UP } from './charts/affiliate';
import { blockOf, mockFetch, renderInStore } from './commerce/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('affiliateStats block', () => {
  it('explains the programme is not set up and shows no numbers for the chosen figures', () => {
    const fetch = mockFetch(() => new Response('{}'));
    const { block, properties } = blockOf<AffiliateStatsProperties>('affiliateStats', { metrics: ['clicks', 'commission'], period: '7d' });
    renderInStore(<AffiliateStats block={block} properties={properties} mode="native" />);
    expect(screen.getByRole('heading').textContent).toBe('Affiliate stats');
    expect(screen.getByText(AFFILIATE_NOT_SET_UP)).toBeTruthy();
    const tiles = [...document.querySelectorAll('.affiliate-stats__tile')].map((t) => t.textContent);
    expect(tiles).toEqual(['Clicks—No data', 'Commission—No data']);
    expect(document.body.textContent).not.toMatch(/\d+%|£/);
    expect(screen.getByText('Period: in the last 7 days')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
