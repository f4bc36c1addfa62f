// Test-only helpers for the content blocks (imported by blocks/*.test.tsx, never by a component).
import { act, render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { StoreContext } from '../../src/app/StoreContext';
import { describeCurrency, type CurrencyCode } from '../../src/core/currency';
import type { StoreCoreData } from '../../src/core/storeData';
import { PageRenderer } from '../../src/renderer/PageRenderer';
import { preloadBlockTypes } from '../../src/renderer/registry';
import type { RenderMode } from '../../src/renderer/types';
import { buildBlock } from '../testing/renderBlock';

export interface StoreOverrides {
  /** The store currency its prices are kept in (GBP unless told). */
  currency?: CurrencyCode;
  conversionRate?: number;
  /** Currencies the shopper may choose besides the store currency (turns the currency plugin on). */
  currencies?: CurrencyCode[];
  passwordProtected?: boolean;
  comingSoon?: boolean;
  isPro?: boolean;
}

/** Just enough store core data for blocks that read it. */
export function testStore(o: StoreOverrides = {}): StoreCoreData {
  return {
    pages: [],
    state: {
      currency: describeCurrency(o.currency ?? 'GBP', o.conversionRate ?? 1),
      subdomain: {
        isPro: o.isPro ?? false,
        passwordProtected: o.passwordProtected ?? false,
        comingSoonPageData: { enabled: o.comingSoon ?? false },
        plugins: o.currencies ? { currency: { enabled: true, currencies: o.currencies.join(',') } } : {},
      },
      store: { active: true, pro: o.isPro ?? false },
    },
  } as unknown as StoreCoreData;
}

/** Like renderBlock, but inside a StoreContext provider. */
export async function renderWithStore(
  type: string,
  properties: Record<string, unknown>,
  store: StoreCoreData,
  mode: RenderMode = 'native',
): Promise<RenderResult> {
  const { block } = buildBlock(type, properties);
  await preloadBlockTypes([type]);
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <StoreContext.Provider value={store}>
          <PageRenderer blocks={[block]} mode={mode} />
        </StoreContext.Provider>
      ),
    },
  ]);
  let result!: RenderResult;
  await act(async () => {
    result = render(<RouterProvider router={router} />);
  });
  return result;
}
