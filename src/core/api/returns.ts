import type { ReturnReason, ReturnResolution } from '../returns';

/** GET /omnis/v3/returns/{orderHash}/: what the shopper may send back. Minor units. */
export interface ReturnExchangeOption {
  variantId: number;
  colour: string | null;
  size: string;
  inStock: boolean;
}

export interface ReturnItemView {
  id: number;
  name: string;
  colour: string | null;
  size: string | null;
  quantity: number;
  /** §3 active quantity: quantity − returned − cancelled labels; at most this many may be returned. */
  activeQuantity: number;
  unitPrice: number;
  /** Custom or personalised (§3): returnable only for a fault reason. */
  custom: boolean;
  /** Other sizes and colours of the same product, for an exchange ([] for sets and deleted products). */
  exchangeOptions: ReturnExchangeOption[];
}

export interface ReturnLogView {
  name: string;
  colour: string | null;
  size: string | null;
  quantity: number;
  reason: string;
  reasonLabel: string;
  resolution: ReturnResolution | null;
  /** "Navy / L" for an exchange. */
  exchangeFor: string | null;
  createdAt: string;
}

export interface ReturnRefundView {
  amount: number;
  status: 'pending' | 'succeeded' | 'failed';
  /** Item name, or "Shipping refund" for the EMB-39 line. */
  label: string;
  sku: string | null;
  createdAt: string;
}

export interface ReturnView {
  hash: string;
  number: number;
  email: string;
  status: string;
  statusLabel: string;
  currency: string;
  createdAt: string;
  /** When the shopper may still send items back, else why not. */
  returnable: boolean;
  refusal: string | null;
  /** Last day of the return window (ISO), null before dispatch. */
  windowEndsAt: string | null;
  windowDays: number;
  items: ReturnItemView[];
  returns: ReturnLogView[];
  refunds: ReturnRefundView[];
  exchangeOrders: { hash: string; number: number; status: string; statusLabel: string; resent: boolean }[];
  customerHash: string;
}

/** POST /omnis/v3/returns/{orderHash}/ */
export interface ReturnRequestLine {
  itemId: number;
  quantity: number;
  reason: ReturnReason;
  resolution: ReturnResolution;
  /** For an exchange: the size/colour wanted instead. */
  exchangeVariantId?: number;
}

export interface ReturnResult {
  returnId: number;
  refund: { amount: number; ok: boolean; message: string; shippingRefunded: boolean } | null;
  exchangeOrder: { hash: string; number: number } | null;
  message: string;
  view: ReturnView;
}
