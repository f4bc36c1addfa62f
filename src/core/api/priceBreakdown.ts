/**
 * GET /omnis/v3/products/{urlName}/price-breakdown/: where the money of a sale goes. Shoppers get making costs as one
 * sum; the store's own people also get the garment and print lines (models/fetch keeps those to the store).
 */
export interface PublicPriceBreakdown {
  name: string;
  currency: string;
  price: number;
  making: number;
  vat: number;
  /** What the store keeps; negative when the price does not cover the estimated costs. */
  margin: number;
  estimated: true;
}

/** The answer: the store's people also get the garment (`production`) and print lines and the number of prints. */
export type PriceBreakdownAnswer = PublicPriceBreakdown & { production?: number; print?: number; prints?: number };
