import { computeTotals } from '../../orders/pricing';

/**
 * Estimated production costs (minor units, GBP pence). Products carry no base-cost column, so profit figures
 * use this documented model: a blank garment by type (products.type) plus a flat cost per printed side
 * (one per key of products.designs, at least one). Every block that shows these figures says "estimated costs".
 */
export const GARMENT_COSTS: Readonly<Record<string, number>> = {
  tshirt: 750,
  longsleeve: 950,
  sweatshirt: 1400,
  hoodie: 1700,
  tote: 500,
};
/** Types not listed (e.g. the schema default "apparel") are costed as a t-shirt. */
export const DEFAULT_GARMENT_COST = GARMENT_COSTS.tshirt!;
export const PRINT_COST = 150;

export const garmentCost = (type: string | null | undefined) => (type ? (GARMENT_COSTS[type] ?? DEFAULT_GARMENT_COST) : DEFAULT_GARMENT_COST);

export const printCount = (designs: unknown) =>
  designs && typeof designs === 'object' && !Array.isArray(designs) ? Math.max(1, Object.keys(designs).length) : 1;

/** Production plus print cost of one unit. */
export const unitCost = (type: string | null | undefined, designs: unknown) => garmentCost(type) + printCount(designs) * PRINT_COST;

/** VAT inside a VAT-inclusive unit price, exactly as checkout computes it (server/orders/pricing.ts). */
export const vatOf = (price: number, vatRate: number) => computeTotals([{ unitPrice: price, quantity: 1, vatRate }], 0, null).goodsTax;

export interface PriceBreakdown {
  price: number;
  production: number;
  print: number;
  prints: number;
  vat: number;
  /** What the store keeps; negative when the price does not cover the estimated costs. */
  margin: number;
}

export function priceBreakdown(product: { price: number; salePrice: number | null; vatRate: number; type: string; designs: unknown }): PriceBreakdown {
  const price = product.salePrice ?? product.price;
  const prints = printCount(product.designs);
  const production = garmentCost(product.type);
  const print = prints * PRINT_COST;
  const vat = vatOf(price, product.vatRate);
  return {
    price,
    production,
    print,
    prints,
    vat,
    margin: price - vat - production - print,
  };
}
