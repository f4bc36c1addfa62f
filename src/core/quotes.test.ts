import { describe, expect, it } from 'vitest';
import { lineQuantity, quoteTotals, unitPriceFor, isQuoteEditable, type QuoteProductRequest } from './quotes';

describe('quote pricing', () => {
  const breaks = [
    { minQuantity: 100, unitPrice: 1500 },
    { minQuantity: 1, unitPrice: 1800 },
    { minQuantity: 500, unitPrice: 1200 },
  ];

  it('takes the highest quantity break the line reaches, whatever the order of the breaks', () => {
    expect(unitPriceFor(breaks, 1)).toBe(1800);
    expect(unitPriceFor(breaks, 99)).toBe(1800);
    expect(unitPriceFor(breaks, 100)).toBe(1500);
    expect(unitPriceFor(breaks, 499)).toBe(1500);
    expect(unitPriceFor(breaks, 500)).toBe(1200);
    // Below the lowest break the lowest break still prices it; no breaks prices nothing.
    expect(unitPriceFor([{ minQuantity: 50, unitPrice: 900 }], 10)).toBe(900);
    expect(unitPriceFor([], 10)).toBe(0);
  });

  it('adds print cost per unit, shipping and VAT on top of the net prices', () => {
    const request: { products: QuoteProductRequest[] } = {
      products: [
        { product: 'Hoodie', colour: 'Navy', sizes: { M: 80, L: 120 }, positions: ['front'] },
        { product: 'Tote', colour: '', sizes: { M: 3 }, positions: ['front'] },
      ],
    };
    expect(lineQuantity(request.products[0]!)).toBe(200);
    const totals = quoteTotals(request, { lines: [{ breaks, printCost: 350 }, { breaks: [{ minQuantity: 1, unitPrice: 333 }], printCost: 0 }], shipping: 2500, vatRate: 20 });
    expect(totals.lines.map((l) => [l.quantity, l.unitTotal, l.net, l.tax])).toEqual([
      [200, 1850, 370_000, 74_000],
      [3, 333, 999, 200],
    ]);
    expect(totals).toMatchObject({ goodsNet: 370_999, goodsTax: 74_200, shippingNet: 2500, shippingTax: 500, tax: 74_700, total: 448_199 });
  });

  it('lets staff change the price until the customer approves', () => {
    expect(['quote', 'bespoke_requested_terms', 'bespoke_mockup'].every(isQuoteEditable)).toBe(true);
    expect(['bespoke_approved', 'bespoke_paid', 'bespoke_shipped', 'cancelled'].some(isQuoteEditable)).toBe(false);
  });
});
