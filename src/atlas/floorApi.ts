import { api, ApiError, GENERIC_ERROR } from '../lib/api';
import { readCookie } from '../lib/cookies';
import type { OrderStatus, ProgressKind } from '../core/orderLifecycle';
import type { Address } from '../core/api/orders';
import type { PickResult } from '../core/api/atlas';
import { ATLAS_API } from './atlasApi';

export type { Address, PickResult };

/** The atlas floor calls (server/api/atlas/floor.ts): orders, labels, picking, dispatch, refunds. */

export interface AtlasOrderRow {
  id: number;
  number: number;
  hash: string;
  status: string;
  statusLabel: string;
  progress: number;
  progressKind: ProgressKind;
  email: string;
  name: string;
  store: { id: number; name: string };
  factory: string;
  priority: number;
  pigeonhole: number | null;
  total: number;
  currency: string;
  paid: boolean;
  childOrderType: string | null;
  createdAt: string;
}

export interface OrderPage {
  data: AtlasOrderRow[];
  total: number;
  page: number;
  perPage: number;
  lastPage: number;
}

export interface AtlasLabel {
  id: number;
  orderId: number;
  orderItemId: number;
  counter: number;
  count: number;
  product: string;
  colour: string | null;
  size: string | null;
  pickface: string;
  toBePicked: boolean;
  timesPrinted: number;
  pickedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  pigeonhole: number | null;
  printFiles: { area: string; url: string }[];
  printLogs: { reason: string | null; format: string; createdAt: string }[];
  pretreatLogs: { createdAt: string }[];
}

export interface AtlasOrder extends AtlasOrderRow {
  allowedTransitions: OrderStatus[];
  parentOrderId: number | null;
  reprintReason: string | null;
  shipping: number;
  discount: number;
  couponCode: string | null;
  shippingMethod: string;
  paymentMethod: string;
  paymentProcessor: string;
  billingAddress: Address;
  shippingAddress: Address;
  items: {
    id: number;
    parentItemId: number | null;
    name: string;
    sku: string;
    colour: string | null;
    size: string | null;
    quantity: number;
    returned: number;
    cancelledLabels: number;
    activeQuantity: number;
    price: number;
    lineTotal: number;
    labels: AtlasLabel[];
    /** A studio design's print files per printed side (PNG at 300 dpi), queued when the order is paid. */
    printFiles: { area: string; status: 'queued' | 'done' | 'failed'; width: number | null; height: number | null; url: string }[];
  }[];
  statusLog: { status: string; previousStatus: string | null; note: string | null; user: string | null; createdAt: string }[];
  paymentAttempts: { message: string; isSuccessful: boolean; paymentMethodName: string; processor: string; amount: number; createdAt: string }[];
  trackingCodes: { code: string; carrier: string | null; createdAt: string }[];
  childOrders: { id: number; status: string; type: string; reprintReasonId: number | null; createdAt: string }[];
  refunds: { id: number; itemId: number | null; quantity: number | null; amount: number; reason: string; status: string; processor: string; message: string | null; createdAt: string }[];
  reprintReasons: { id: number; code: string; name: string }[];
}

export interface ProductionQueue {
  groups: { product: string; colour: string | null; timesPrinted: number; units: number; priority: number; labelIds: number[]; orderIds: number[] }[];
  awaitingLabels: { id: number; priority: number; units: number; createdAt: string }[];
}

export interface OrderFilters {
  group?: string;
  search?: string;
  paid?: string;
  priority?: string;
  factory?: string;
  from?: string;
  to?: string;
  page?: number;
}

export function listOrders(filters: OrderFilters, signal?: AbortSignal): Promise<OrderPage> {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) q.set(key, String(value));
  const qs = q.toString();
  return api<OrderPage>(`${ATLAS_API}/orders/${qs ? `?${qs}` : ''}`, { signal });
}

export const getOrder = (id: number, signal?: AbortSignal) => api<AtlasOrder>(`${ATLAS_API}/orders/${id}/`, { signal });
export const changeStatus = (id: number, status: string, note?: string) => api<{ status: string }>(`${ATLAS_API}/orders/${id}/status/`, { method: 'POST', body: { status, ...(note ? { note } : {}) } });
export const setPriority = (id: number, priority: number) => api(`${ATLAS_API}/orders/${id}/priority/`, { method: 'POST', body: { priority } });
export const dispatch = (id: number, trackingCode: string, carrier?: string) =>
  api(`${ATLAS_API}/orders/${id}/dispatch/`, { method: 'POST', body: { trackingCode, ...(carrier ? { carrier } : {}) } });
/** A refund of everything left (no items), or of some units of items. */
export const refund = (id: number, reason: string, items?: { id: number; quantity: number }[]) =>
  api<{ refund: { amount: number; status: string } }>(`${ATLAS_API}/orders/${id}/refund/`, { method: 'POST', body: { reason, ...(items?.length ? { items } : {}) } });
export const cancelItem = (orderId: number, itemId: number, reason: string, quantity?: number) =>
  api<{ cancelled: number }>(`${ATLAS_API}/orders/${orderId}/items/${itemId}/cancel/`, { method: 'POST', body: { reason, ...(quantity ? { quantity } : {}) } });
export const reprint = (id: number, reasonId: number) => api<{ id: number }>(`${ATLAS_API}/orders/${id}/reprint/`, { method: 'POST', body: { reasonId } });
export const cancelLabel = (id: number, reason: string) => api(`${ATLAS_API}/labels/${id}/cancel/`, { method: 'POST', body: { reason } });
export const logPretreat = (labelIds: number[]) => api<{ logged: number }>(`${ATLAS_API}/labels/pretreat/`, { method: 'POST', body: { labelIds } });
export const productionQueue = (signal?: AbortSignal) => api<ProductionQueue>(`${ATLAS_API}/production/`, { signal });
export const scanLabel = (id: number) => api<PickResult>(`${ATLAS_API}/labels/${id}/scan/`, { method: 'POST' });

/** POST labels/print/ → the PDF (or ZPL) as a file download. */
export async function printLabels(body: { orderIds?: number[]; labelIds?: number[]; reason?: string }, format: 'pdf' | 'zpl' = 'pdf'): Promise<void> {
  const response = await fetch(`${ATLAS_API}/labels/print/${format === 'zpl' ? '?format=zpl' : ''}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'x-csrf-token': readCookie('XSRF-TOKEN') ?? '' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, data.message ?? GENERIC_ERROR);
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `labels.${format}`;
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A scanned or typed label code: the bare label id (what the barcodes carry), tolerant of stray spaces. */
export function labelIdOf(code: string): number | null {
  const match = /^\s*(\d{1,9})\s*$/.exec(code);
  return match ? Number(match[1]) : null;
}
