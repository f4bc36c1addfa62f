import './affiliate.css';

/** Shared by affiliateStats and affiliateSettings: this platform has no affiliate programme data yet. */
export const AFFILIATE_NOT_SET_UP = 'The affiliate programme is not set up for this store yet.';
export const AFFILIATE_EXPLAIN =
  'Referral links already work: visitors who arrive with ?ref=… are remembered (the Affiliate Attribution block). Commission, payouts and affiliate figures will appear here once the programme is available.';

export function AffiliateNotice() {
  return (
    <div className="affiliate-notice" role="note">
      <p className="affiliate-notice__title">{AFFILIATE_NOT_SET_UP}</p>
      <p className="affiliate-notice__text">{AFFILIATE_EXPLAIN}</p>
    </div>
  );
}
