import type { ProductSort } from '../../src/core/catalogue';

export type { BlogPostSummary, CollectionSummary, Paginated, ProductDetail, ProductSummary, ProductSort, SocialPost, FormAnswer } from '../../src/core/catalogue';

const query = (params: Record<string, string | number | boolean | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** §7 calls the commerce and marketing blocks make. */
export const catalogueApi = {
  products: (divisionId: number, p: { collection?: string; sort?: ProductSort; limit?: number; page?: number; removeDuplicates?: boolean }) =>
    `/omnis/v3/division/${divisionId}/products/${query({
      collection: p.collection,
      sort: p.sort,
      limit: p.limit,
      page: p.page,
      removeDuplicates: p.removeDuplicates === undefined ? undefined : p.removeDuplicates ? 1 : 0,
    })}`,
  product: (divisionId: number, urlNameOrId: string) => `/omnis/v3/division/${divisionId}/products/${encodeURIComponent(urlNameOrId)}/`,
  collections: (divisionId: number) => `/omnis/v3/collections/get/${divisionId}/`,
  blog: (divisionId: number, p: { limit: number; tag?: string }) => `/omnis/v3/blog/paginate/${query({ paginate: p.limit, divisions: divisionId, lite: 1, tag: p.tag })}`,
  socialPosts: (divisionId: number, limit: number) => `/omnis/v3/divisions/${divisionId}/social/instagram/posts${query({ limit })}`,
  subscribe: '/omnis/v3/marketing/subscribe/',
  contact: '/omnis/v3/marketing/contact/',
};

export { productHref, collectionHref, creatorHref } from '../../src/core/catalogue';
export const blogHref = (url: string) => `/blog/${url}/`;
