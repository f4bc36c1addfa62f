import { describe, expect, it } from 'vitest';
import { ratesFeedFrom, rebase } from './ratesFeed';

describe('exchange-rates feed adapter', () => {
  it('re-bases a feed answer to the store’s main currency, supported currencies only', () => {
    expect(rebase({ base: 'EUR', rates: { GBP: 0.8, USD: 1.1, JPY: 160, XYZ: 3 } }, 'GBP')).toEqual({ GBP: 1, EUR: 1.25, USD: 1.375, JPY: 200 });
    expect(rebase({ base: 'EUR', rates: { USD: 1.1 } }, 'GBP')).toBeNull();
    expect(rebase('nonsense', 'GBP')).toBeNull();
  });

  it('is used only when RATES_FEED_URL is set, and fails loudly on a bad answer', async () => {
    expect(ratesFeedFrom({})).toBeNull();
    const answer = (body: unknown, status = 200) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
    const feed = ratesFeedFrom({ RATES_FEED_URL: 'https://rates.example/latest' }, answer({ base: 'GBP', rates: { JPY: 191.2 } }))!;
    expect(await feed.latest('GBP')).toEqual({ GBP: 1, JPY: 191.2 });
    await expect(ratesFeedFrom({ RATES_FEED_URL: 'https://rates.example/latest' }, answer({}, 500))!.latest('GBP')).rejects.toThrow();
  });
});
