/** Order totals as the checkout computes them (server/orders/pricing.ts) and the receipt shows them. Minor units. */

export interface VatLine {
  /** Percent, e.g. 20. */
  rate: number;
  net: number;
  vat: number;
  gross: number;
}

export interface Totals {
  currency: string;
  /** Shopper-facing (VAT-inclusive). */
  itemsIncTax: number;
  discountIncTax: number;
  shippingIncTax: number;
  /** Stored (net) figures; total = subtotal + shipping + shippingTax + goodsTax − discount. */
  subtotal: number;
  discount: number;
  shipping: number;
  shippingTax: number;
  goodsTax: number;
  tax: number;
  total: number;
  vat: VatLine[];
  /** Per line, in the order given: line VAT and the line's share of the discount (VAT-inclusive). */
  lines: { tax: number; discount: number }[];
}
