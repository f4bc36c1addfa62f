import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createSchemaRegistry } from '../../src/core/schemas/registry';
import { readSchemaSet } from '../../server/schemas/load';
import { StoreContext } from '../../src/app/StoreContext';
import { describeCurrency } from '../../src/core/currency';
import type { BlockData, StoreCoreData } from '../../src/core/storeData';

/** Test helpers of the commerce and marketing blocks (not shipped: only *.test.tsx import this). */

const registry = createSchemaRegistry(readSchemaSet());

export const DIVISION_ID = 7;

/** A block as the server serves it: the schema defaults filled in. */
export function blockOf<P>(type: string, properties: Record<string, unknown> = {}, uid = 'b1'): { block: BlockData; properties: P } {
  const blocks = [{ uid, type, properties: structuredClone(properties) }];
  const errors = registry.validateBlocks(blocks);
  if (errors.length > 0) throw new Error(`Invalid test block: ${JSON.stringify(errors)}`);
  const block = { order: 0, size: { x: 12, y: 6 }, items: [], flags: {}, unpublished: false, padding: true, fullWidth: false, fullBackgroundColor: '', ...blocks[0] } as unknown as BlockData;
  return { block, properties: block.properties as P };
}

const store = { state: { currency: describeCurrency('GBP'), subdomain: { division: { id: DIVISION_ID, name: 'Test', code: 'test' } } } } as unknown as StoreCoreData;

/** Renders inside the store context and a router (SafeLink needs one). */
export function renderInStore(ui: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element: <StoreContext.Provider value={store}>{ui}</StoreContext.Provider> }]);
  return render(<RouterProvider router={router} />);
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Replaces fetch; the handler sees the URL and init of each call. Returns the mock to inspect calls. */
export function mockFetch(handler: (url: string, init: RequestInit | undefined) => Response | Promise<Response>) {
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(handler(String(input), init)));
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** A fetch that never answers: the block stays in its loading state. */
export const pendingFetch = () => mockFetch(() => new Promise<Response>(() => undefined) as unknown as Response);

export const page = <T,>(data: T[], extra: Partial<{ page: number; perPage: number; total: number; lastPage: number }> = {}) => ({
  data,
  page: 1,
  perPage: data.length || 1,
  total: data.length,
  lastPage: 1,
  ...extra,
});

export function product(overrides: Record<string, unknown> = {}) {
  return {
    id: 1,
    uuid: 'u1',
    urlName: 'fern-organic-tee',
    name: 'Fern Organic Tee',
    description: 'Soft organic cotton.',
    price: 2500,
    salePrice: null,
    onSale: false,
    image: { src: '/media/mockup/tshirt/f5f3ec/fern.svg', alt: 'Fern Organic Tee in Natural White', color: '#f5f3ec' },
    colour: 'Natural White',
    colours: [
      { text: 'Natural White', value: '#f5f3ec' },
      { text: 'Forest Green', value: '#2f5d3a' },
    ],
    manufacturer: { name: 'Fern & Thread' },
    reviews: { count: 0, average: null },
    ...overrides,
  };
}
