// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { PriceBreakdownAnswer } from '../src/core/api/priceBreakdown';
import PriceBreakdown, { ESTIMATE_NOTE, NO_PRODUCT, partsOf } from './priceBreakdown';
import type { PriceBreakdownProperties } from '../src/core/generated/blockProperties';
import { blockOf, DIVISION_ID, json, mockFetch, pendingFetch, renderInStore } from './commerce/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderBreakdown = (properties: Record<string, unknown> = {}, mode: 'native' | 'preview' = 'native') => {
  const { block, properties: p } = blockOf<PriceBreakdownProperties>('priceBreakdown', properties);
  return renderInStore(<PriceBreakdown block={block} properties={p} mode={mode} />);
};
/** What a shopper receives: making costs as one sum. */
const hoodie: PriceBreakdownAnswer = {
  name: 'Evergreen Hoodie',
  currency: 'GBP',
  price: 4800,
  making: 1850,
  vat: 800,
  margin: 2150,
  estimated: true,
};
const legend = () => [...document.querySelectorAll('.price-breakdown__legend li')].map((li) => li.textContent);

describe('priceBreakdown block', () => {
  it('defaults to the storefront chart titled "Where your money goes"', async () => {
    const fetch = mockFetch(() => json(hoodie));
    renderBreakdown({ product: 'evergreen-hoodie' });
    expect(screen.getByRole('heading').textContent).toBe('Where your money goes');
    await screen.findByText('£48.00');
    expect(String(fetch.mock.calls[0]![0])).toBe(`/omnis/v3/products/evergreen-hoodie/price-breakdown/?division=${DIVISION_ID}`);
    // Storefront: making (garment + print) and VAT; profit hidden by default.
    expect(legend()).toEqual(['Making it£18.50', 'VAT£8.00']);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Making it £18.50, VAT £8.00');
    expect(screen.getByText(ESTIMATE_NOTE)).toBeTruthy();
  });

  it('detailed shows every line, with profit when asked', async () => {
    // The store's people receive the lines too.
    mockFetch(() => json({ ...hoodie, making: 2000, production: 1700, prints: 2, print: 300, margin: 2000 }));
    renderBreakdown({
      product: 'evergreen-hoodie',
      chartType: 'detailed',
      showProfit: true,
    });
    await screen.findByText('£48.00');
    expect(legend()).toEqual(['Garment£17.00', 'Printing (2 prints)£3.00', 'VAT£8.00', 'The store£20.00']);
  });

  it('detailed groups making costs for shoppers, who never receive the lines', async () => {
    mockFetch(() => json(hoodie));
    renderBreakdown({ product: 'evergreen-hoodie', chartType: 'detailed' });
    await screen.findByText('£48.00');
    expect(legend()).toEqual(['Making it£18.50', 'VAT£8.00']);
  });

  it('slices grow with their share of the price', () => {
    const parts = partsOf(hoodie, 'storefront', false, true);
    expect(parts.map((p) => [p.key, p.value])).toEqual([
      ['making', 1850],
      ['margin', 2150],
    ]);
  });

  it('no product: nothing for shoppers, a prompt in the builder, no request; loading; 404 and errors', async () => {
    const fetch = mockFetch(() => json({}));
    const { container } = renderBreakdown();
    expect(container.textContent).toBe('');
    cleanup();
    renderBreakdown({}, 'preview');
    expect(screen.getByText(NO_PRODUCT)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    cleanup();
    pendingFetch();
    renderBreakdown({ product: 'x' });
    expect(screen.getByRole('status', { name: 'Loading the price breakdown' })).toBeTruthy();
    cleanup();
    mockFetch(() => json({ message: 'Product not found' }, 404));
    renderBreakdown({ product: 'gone' });
    expect(await screen.findByText('This product is not available.')).toBeTruthy();
    cleanup();
    mockFetch(() => json({}, 500));
    renderBreakdown({ product: 'x' });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
