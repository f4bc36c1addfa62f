// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import StudioSuggestion, { STUDIO_EMPTY } from './studioSuggestion';
import type { StudioSuggestionProperties } from '../src/core/generated/blockProperties';
import { blockOf, DIVISION_ID, json, mockFetch, page, pendingFetch, product, renderInStore } from './commerce/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderBlock = (properties: Record<string, unknown> = {}) => {
  const { block, properties: p } = blockOf<StudioSuggestionProperties>('studioSuggestion', properties);
  return renderInStore(<StudioSuggestion block={block} properties={p} mode="native" />);
};

describe('studioSuggestion block', () => {
  it('lists products to customise, each leading to its product page (the store has no studio route)', async () => {
    const fetch = mockFetch(() => json(page([product(), product({ id: 2, urlName: 'tidal-tee', name: 'Tidal Tee', salePrice: 1900, onSale: true })])));
    renderBlock({ limit: 2 });
    expect(screen.getByRole('heading', { name: 'Design your own' })).toBeTruthy();
    const cta = await screen.findByRole('link', { name: 'Customise Fern Organic Tee' });
    expect(cta.getAttribute('href')).toBe('/studio/fern-organic-tee/');
    expect(screen.getByText('From £19.00')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /blank canvas/ })).toBeNull();
    expect(fetch.mock.calls[0]![0]).toBe(`/omnis/v3/division/${DIVISION_ID}/products/?sort=bestsellerOrder&limit=2`);
  });

  it('shows one product large with its mockup when set', async () => {
    mockFetch(() => json({ ...product({ name: 'Fern Organic Tee' }), defaultColour: 'Natural White', options: [] }));
    renderBlock({ product: 'fern-organic-tee', buttonText: 'Make it yours' });
    expect(await screen.findByText('Fern Organic Tee, from £25.00')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Fern Organic Tee in Natural White' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Make it yours' }).getAttribute('href')).toBe('/studio/fern-organic-tee/');
  });

  it('shows loading, empty and error states', async () => {
    pendingFetch();
    renderBlock();
    expect(screen.getByRole('status', { name: 'Loading products' })).toBeTruthy();
    cleanup();
    mockFetch(() => json(page([])));
    renderBlock();
    expect(await screen.findByText(STUDIO_EMPTY)).toBeTruthy();
    cleanup();
    mockFetch(() => json({}, 500));
    renderBlock();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
