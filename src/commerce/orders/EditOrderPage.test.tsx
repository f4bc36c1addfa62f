// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { StoreContext } from '../../app/StoreContext';
import { describeCurrency } from '../../core/currency';
import type { StoreCoreData } from '../../core/storeData';
import { editMessages } from '../../core/orderEdits';
import { json, mockFetch } from '../../../blocks/commerce/testing';
import { EditOrderPage } from './EditOrderPage';
import type { OrderEditView } from '../../core/api/orderEdits';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HASH = 'h4sh_abcdefghijklmnopqr';
const view = (over: Partial<OrderEditView> = {}): OrderEditView => ({
  hash: HASH,
  number: 42,
  status: 'paid',
  statusLabel: 'Paid',
  currency: 'GBP',
  total: 2895,
  balanceDue: 0,
  refusal: null,
  items: [
    {
      id: 7,
      name: 'Fern Organic Tee',
      colour: 'Forest Green',
      size: 'M',
      quantity: 1,
      unitPrice: 2500,
      isBundle: false,
      components: [],
      choices: [{ colour: 'Forest Green', sizes: [{ size: 'M', stock: 4 }, { size: 'L', stock: 2 }, { size: 'XL', stock: 0 }] }],
    },
  ],
  ...over,
});

function renderEdit(answer: OrderEditView) {
  const fetch = mockFetch((url, init) => {
    if (init?.method === 'POST') return json({ hash: HASH, number: 42, previousTotal: 2895, total: 2895, balanceDue: 0, refund: null, changes: ['Fern Organic Tee: size M → L'] });
    if (url.includes('/edit/')) return json(answer);
    return json({});
  });
  const store = { state: { currency: describeCurrency('GBP'), company: { name: 'Fern & Thread', logo: null } } } as unknown as StoreCoreData;
  const router = createMemoryRouter([{ path: '/edit-order/:orderHash?', element: <StoreContext.Provider value={store}><EditOrderPage /></StoreContext.Provider> }], { initialEntries: [`/edit-order/${HASH}`] });
  render(<RouterProvider router={router} />);
  return fetch;
}

describe('edit order page', () => {
  it('sends only what changed: the new size of the item', async () => {
    const fetch = renderEdit(view());
    const size = await screen.findByLabelText('Size');
    // A sold-out size cannot be chosen; the one this order holds can.
    expect((screen.getByRole('option', { name: 'XL — sold out' }) as HTMLOptionElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(size, { target: { value: 'L' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByTestId('edit-result')).textContent).toContain('Your order was changed.');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toBe(`/omnis/v3/orders/${HASH}/edit/`);
    expect(JSON.parse(String(post[1]!.body))).toEqual({ items: [{ id: 7, quantity: 1, colour: 'Forest Green', size: 'L' }] });
  });

  it("sends the new size of an item inside a set with the set's id", async () => {
    const set = {
      id: 9,
      name: 'Trail Day Set',
      colour: null,
      size: null,
      quantity: 2,
      unitPrice: 4500,
      isBundle: true,
      choices: [],
      components: [
        { id: 10, name: 'Summit Tee', colour: 'Navy', size: 'S', quantity: 1, choices: [{ colour: 'Navy', sizes: [{ size: 'S', stock: 3 }, { size: 'M', stock: 1 }, { size: 'L', stock: 6 }] }] },
        { id: 11, name: 'Canvas Tote', colour: 'Natural', size: 'One size', quantity: 1, choices: [{ colour: 'Natural', sizes: [{ size: 'One size', stock: 9 }] }] },
      ],
    };
    const fetch = renderEdit(view({ items: [set] }));
    const size = await screen.findByLabelText('Summit Tee size');
    // What is left of each size shows beside it (the server refuses an edit the stock cannot cover).
    expect((screen.getByRole('option', { name: 'M — only 1 left' }) as HTMLOptionElement).disabled).toBe(false);
    fireEvent.change(size, { target: { value: 'L' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByTestId('edit-result');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ items: [{ id: 9, quantity: 2, components: [{ id: 10, colour: 'Navy', size: 'L' }] }] });
  });

  it('explains why an order in production cannot change, with no form', async () => {
    renderEdit(view({ status: 'label_printed', refusal: editMessages.productionStarted }));
    expect((await screen.findByRole('alert')).textContent).toBe(editMessages.productionStarted);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});
