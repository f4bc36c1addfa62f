/**
 * §9 search weighting, pure so the API ranks with it and tests assert its constants.
 *
 * For every word of the query and every searchable property of an item:
 * - a property word equal to the query word is a FULL-WORD match (weight 2);
 * - otherwise the query word appearing inside the property text is a PARTIAL match (weight 1);
 * - the match weight is multiplied by the property's weight: name 3, tags 2, description 1.
 * The item's weight is the sum; an item is kept when its weight is above the threshold (default 0), and results
 * are ordered by weight (ties keep the input order, e.g. best sellers first).
 * Example: "fern" on the Fern Organic Tee = name full word 2×3 + tag "nature"? no + description "fern" full 2×1 = 8.
 */

export const MATCH_WEIGHTS = { partial: 1, fullWord: 2 } as const;

/** Per-property weights (§9 "times per-property weight"). */
export const PROPERTY_WEIGHTS = { name: 3, tags: 2, description: 1 } as const;

export const DEFAULT_SEARCH_THRESHOLD = 0;

export type SearchFields = Partial<Record<string, string | readonly string[] | null | undefined>>;

/** Lower-case words of a text (letters and digits of any script). */
export function searchWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The §9 weight of one item for a query. Properties without a weight in `weights` are not searched. */
export function searchWeight(query: string, fields: SearchFields, weights: Readonly<Record<string, number>> = PROPERTY_WEIGHTS): number {
  const terms = [...new Set(searchWords(query))];
  if (terms.length === 0) return 0;
  let total = 0;
  for (const [property, propertyWeight] of Object.entries(weights)) {
    const value = fields[property];
    if (value === null || value === undefined) continue;
    const text = (typeof value === 'string' ? value : value.join(' ')).toLowerCase();
    if (!text) continue;
    const words = new Set(searchWords(text));
    for (const term of terms) {
      const match = words.has(term) ? MATCH_WEIGHTS.fullWord : text.includes(term) ? MATCH_WEIGHTS.partial : 0;
      total += match * propertyWeight;
    }
  }
  return total;
}

export interface Ranked<T> {
  item: T;
  weight: number;
}

/** Items whose weight is above the threshold, heaviest first (stable). */
export function rankBySearch<T>(
  items: readonly T[],
  query: string,
  fieldsOf: (item: T) => SearchFields,
  options: { weights?: Readonly<Record<string, number>>; threshold?: number } = {},
): Ranked<T>[] {
  const threshold = options.threshold ?? DEFAULT_SEARCH_THRESHOLD;
  return items
    .map((item, index) => ({ item, weight: searchWeight(query, fieldsOf(item), options.weights), index }))
    .filter((r) => r.weight > threshold)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ item, weight }) => ({ item, weight }));
}

export interface SearchRedirect {
  searchTerm: string;
  destinationUrl: string;
}

/**
 * §5.2 search redirects: the term matches case-insensitively (surrounding spaces ignored). A destination starting
 * with "/" is an in-app route; anything else is a full page navigation.
 */
export function findSearchRedirect(term: string, redirects: readonly SearchRedirect[]): { url: string; internal: boolean } | null {
  const wanted = term.trim().toLowerCase();
  if (!wanted) return null;
  const hit = redirects.find((r) => r.searchTerm.trim().toLowerCase() === wanted && r.destinationUrl);
  if (!hit) return null;
  return { url: hit.destinationUrl, internal: hit.destinationUrl.startsWith('/') && !hit.destinationUrl.startsWith('//') };
}

/** What GET /omnis/v3/search/ answers. */
export interface SearchResults<P> {
  query: string;
  products: (P & { weight: number })[];
  collections: { name: string; urlName: string; description: string; weight: number }[];
  pages: { title: string; url: string; description: string; weight: number }[];
  redirect: { url: string; internal: boolean } | null;
}
