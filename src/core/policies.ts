/**
 * §2.2 policy pages: terms of use, terms of sale, cookies and disclaimer, privacy. They are the store's own
 * (editable) pages, reachable only when the payment processor is not the direct type — a direct processor's
 * store publishes its own terms.
 */
export const POLICY_PAGES = [
  { url: '/terms-of-use/', title: 'Terms of use' },
  { url: '/terms-of-sale/', title: 'Terms of sale' },
  { url: '/use-of-cookies-and-disclaimer/', title: 'Cookies and disclaimer' },
  { url: '/privacy-policy/', title: 'Privacy policy' },
] as const;

export const POLICY_URLS: readonly string[] = POLICY_PAGES.map((p) => p.url);

export const isPolicyUrl = (url: string) => POLICY_URLS.includes(url);

export const policyPagesReachable = (processorType: 'first-party' | 'direct') => processorType !== 'direct';
