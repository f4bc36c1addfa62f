import { api } from '../../lib/api';
import type { Address } from '../../core/api/orders';
import type { EditChange, OrderEditResult, OrderEditView } from '../../core/api/orderEdits';

const path = (hash: string, rest: string) => `/omnis/v3/orders/${encodeURIComponent(hash)}/${rest}`;

/** The calls of /edit-order/ and /update-address/ (server/api/orders/orderEdits.ts). */
export const orderEditApi = {
  view: (hash: string, signal?: AbortSignal) => api<OrderEditView>(path(hash, 'edit/'), { signal }),
  edit: (hash: string, items: EditChange[]) => api<OrderEditResult>(path(hash, 'edit/'), { method: 'POST', body: { items } }),
  updateAddress: (hash: string, shippingAddress: Address) => api<{ shippingAddress: Address }>(path(hash, 'address/'), { method: 'POST', body: { shippingAddress } }),
  find: (number: number, email: string) => api<{ hash: string }>('/omnis/v3/orders/find/', { method: 'POST', body: { number, email } }),
};
