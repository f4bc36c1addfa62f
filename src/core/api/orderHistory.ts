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
  /** Left to pay after an edit made the order dearer (/pay/{hash}/). */
  balanceDue: number;
  /** Items can still change (/edit-order/{hash}) / the delivery address can (/update-address/{hash}). */
  canEdit: boolean;
  canUpdateAddress: boolean;
  /** Dispatched, within the store's return window, with something left to return (/returns/{hash}). */
  returnable: boolean;
  items: OrderHistoryItemView[];
}

export interface OrderHistoryView {
  email: string;
  orders: OrderHistoryOrderView[];
}
