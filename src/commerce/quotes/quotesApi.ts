import { api } from '../../lib/api';
import type { QuoteRequest, QuoteView } from '../../core/quotes';

type Saved = QuoteView & { message: string | null };

/** The customer's side of bespoke orders (server/api/quotes/quotes.ts), by the quote's unguessable hash. */
export const quotesApi = {
  create: (body: { request: QuoteRequest; kind: 'simple' | 'advanced'; step?: number; submit?: boolean }) =>
    api<{ hash: string; number: number; message: string | null }>('quotes/', { method: 'POST', body }),
  get: (hash: string) => api<QuoteView>(`quotes/${encodeURIComponent(hash)}/`),
  save: (hash: string, body: { request: QuoteRequest; step: number; submit?: boolean }) => api<Saved>(`quotes/${encodeURIComponent(hash)}/`, { method: 'PUT', body }),
  artwork: (hash: string, file: File, position: string | null) => {
    const form = new FormData();
    form.append('file', file);
    return api<QuoteView>(`quotes/${encodeURIComponent(hash)}/artwork/${position ? `?position=${encodeURIComponent(position)}` : ''}`, { method: 'POST', body: form });
  },
  approve: (hash: string) => api<Saved>(`quotes/${encodeURIComponent(hash)}/approve/`, { method: 'POST' }),
  requestChanges: (hash: string, comment: string) => api<Saved>(`quotes/${encodeURIComponent(hash)}/changes/`, { method: 'POST', body: { comment } }),
};
