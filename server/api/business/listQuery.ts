import { BUSINESS_PER_PAGE } from '../../../src/core/businessAdmin';

/** Query properties every business list shares: server-side pages and a search box. */
export const LIST_QUERY_PROPERTIES = {
  page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  perPage: { type: 'integer', minimum: 1, maximum: 100, default: BUSINESS_PER_PAGE },
  search: { type: 'string', maxLength: 100, default: '' },
} as const;
