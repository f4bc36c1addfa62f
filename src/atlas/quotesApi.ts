import { api } from '../lib/api';
import type { QuotePricing, QuoteView } from '../core/quotes';

import { ATLAS_API } from './atlasApi';

/** A quote as staff see it: the customer's view plus who asked to pay on account. */
export interface AtlasQuote extends QuoteView {
  id: number;
  divisionId: number;
  requestTerms: boolean;
  /** Staff's price as entered (breaks included); null until priced. */
  pricing: QuotePricing | null;
}

export interface AtlasQuoteRow {
  id: number;
  hash: string;
  status: string;
  statusLabel: string;
  progress: number;
  kind: string;
  name: string;
  company: string;
  email: string;
  units: number;
  products: string;
  deadline: string | null;
  priced: boolean;
  total: number;
  currency: string;
  store: string;
  changesRequested: boolean;
  submittedAt: string;
}

export const QUOTE_GROUPS = [
  { value: 'open', label: 'To price and send' },
  { value: 'approved', label: 'Approved, awaiting payment' },
  { value: 'production', label: 'Confirmed and in production' },
  { value: 'done', label: 'Shipped, refunded or cancelled' },
  { value: 'all', label: 'All quotes' },
] as const;

export const listQuotes = (group: string, page: number, signal?: AbortSignal) =>
  api<{ data: AtlasQuoteRow[]; meta: { total: number; page: number; perPage: number; group: string } }>(`${ATLAS_API}/quotes/?group=${encodeURIComponent(group)}&page=${page}`, { signal });
export const getQuote = (id: number, signal?: AbortSignal) => api<AtlasQuote>(`${ATLAS_API}/quotes/${id}/`, { signal });
export const priceQuote = (id: number, pricing: QuotePricing) => api<AtlasQuote>(`${ATLAS_API}/quotes/${id}/price/`, { method: 'PUT', body: pricing });
export const attachMockup = (id: number, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api<AtlasQuote>(`${ATLAS_API}/quotes/${id}/mockup/`, { method: 'POST', body: form });
};
