/** What the shopper pays with, as checkout and the pay page send it (§3 Payment attempt). */

export interface CardInput {
  number: string;
  /** MM/YY or MM/YYYY */
  expiry: string;
  cvc: string;
}

/** What the shopper chose to pay with. Card data only ever arrives for the built-in test processor. */
export type PaymentInput = { method: 'card'; card?: CardInput } | { method: 'wallet'; walletToken?: string };
