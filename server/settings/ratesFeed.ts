import { SUPPORTED_CURRENCIES } from '../../src/core/currency';

/**
 * An exchange-rates feed (issue #17: "an adapter for a rates feed used when configured"). RATES_FEED_URL answers
 * JSON `{ "base": "EUR", "rates": { "GBP": 0.85, "USD": 1.08, … } }` (the shape of the common free feeds);
 * the rates are re-based to the store's main currency. Without RATES_FEED_URL there is no feed and the owner's own
 * rates stand.
 */
export interface RatesFeed {
  latest(main: string): Promise<Record<string, number>>;
}

export const RATES_FEED_FAILED = 'The exchange-rates feed did not answer. Your saved rates are unchanged.';
export const NO_RATES_FEED = 'No exchange-rates feed is configured.';

/** Rates per 1 `main` from a feed answer in any base; currencies the feed lacks are left out. */
export function rebase(answer: unknown, main: string): Record<string, number> | null {
  if (!answer || typeof answer !== 'object') return null;
  const { base, rates } = answer as { base?: unknown; rates?: unknown };
  if (typeof base !== 'string' || !rates || typeof rates !== 'object') return null;
  const table: Record<string, number> = { ...(rates as Record<string, number>), [base.toUpperCase()]: 1 };
  const per = table[main];
  if (typeof per !== 'number' || !(per > 0)) return null;
  const out: Record<string, number> = {};
  for (const code of SUPPORTED_CURRENCIES) {
    const rate = table[code];
    if (typeof rate === 'number' && rate > 0) out[code] = Number((rate / per).toPrecision(6));
  }
  out[main] = 1;
  return out;
}

export function ratesFeedFrom(env: NodeJS.ProcessEnv = process.env, fetcher: typeof fetch = fetch): RatesFeed | null {
  const url = env.RATES_FEED_URL;
  if (!url) return null;
  return {
    async latest(main) {
      const response = await fetcher(url, { signal: AbortSignal.timeout(5_000), headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`rates feed ${response.status}`);
      const rates = rebase(await response.json(), main);
      if (!rates) throw new Error('rates feed answer has no usable rates');
      return rates;
    },
  };
}
