import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { AffiliateAttributionProperties } from '../src/core/generated/blockProperties';
import type { BlockProps } from '../src/renderer/types';
import { readCookie } from '../src/lib/cookies';
import { fillPlaceholders } from '../src/core/text';
import './affiliateAttribution.css';

/** The cookie that remembers who referred this browser; checkout can read it to credit the affiliate. */
export const AFFILIATE_COOKIE = 'pod_affiliate';
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Credits the affiliate who sent the visitor: reads the referral code from the address (?ref= by default),
 * remembers it in a cookie for cookieDays, and optionally thanks the referrer. Only real pages (native mode)
 * write the cookie; the builder's preview just shows the message.
 */
export default function AffiliateAttribution({ properties: p, mode }: BlockProps<AffiliateAttributionProperties>) {
  const { search } = useLocation();
  const param = p.queryParameter ?? 'ref';
  const fromUrl = new URLSearchParams(search).get(param) ?? '';
  const [remembered] = useState(() => (typeof document === 'undefined' ? undefined : readCookie(AFFILIATE_COOKIE)));
  const code = CODE.test(fromUrl) ? fromUrl : remembered && CODE.test(remembered) ? remembered : '';

  useEffect(() => {
    if (mode !== 'native' || !CODE.test(fromUrl)) return;
    const days = p.cookieDays ?? 30;
    document.cookie = `${AFFILIATE_COOKIE}=${encodeURIComponent(fromUrl)}; Max-Age=${days * 86_400}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  }, [fromUrl, mode, p.cookieDays]);

  if (!(p.showMessage ?? true) || !code) return null;
  // There are no affiliate profiles yet, so the referral code stands in for the affiliate's name.
  const message = fillPlaceholders(p.message ?? 'Recommended by {{name}}', {
    name: code,
  });
  return (
    <p className="affiliate-attribution" role="status">
      {message}
    </p>
  );
}
