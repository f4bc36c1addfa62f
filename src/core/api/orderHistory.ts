import type { ProgressKind } from '../orderLifecycle';

/** GET /omnis/v3/order-history/{customerHash}/: a shopper's orders in one store, newest first. Minor units. */
export interface OrderHistoryItemView {
  /** Null when the product was deleted since (it cannot be reordered). */
  productId: number | null;
  name: string;
  colour: string | null;
  size: string | null;
  quantity: number;
  /** §3: quantity − returned − cancelled labels; what a reorder puts back in the basket. */
  activeQuantity: number;
  unitPrice: number;
}

export interface OrderHistoryOrderView {
  hash: string;
  number: number;
  status: string;
  statusLabel: string;
  progress: number;
  progressKind: ProgressKind;
  total: number;
  currency: string;
  createdAt: string;
  payable: boolean;
  items: OrderHistoryItemView[];
}

export interface OrderHistoryView {
  email: string;
  orders: OrderHistoryOrderView[];
}
